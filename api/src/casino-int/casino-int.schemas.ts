/** JSON schemas of the international casino's player and admin routes, shaped as contracts/casino-int.ts. */
import {
  CASINO_INT_CODE_PATTERN,
  CASINO_INT_GAME_ID_PATTERN,
  CASINO_INT_MAX_MULTIPLIER_PATTERN,
  type CasinoIntGamesQuery,
  type CasinoIntPlayUrlRequest,
  type CreateCasinoIntGameRequest,
  type CreateCasinoIntProviderRequest,
  type RunCasinoIntReconciliationRequest,
  type SetCasinoIntEnabledRequest,
} from '@backlay/shared/contracts';
import { bearerSecurity, responses, type Accepts, type AllAgree, type Agree, type BodyOf, type QueryOf } from '../common/schemas';

const tags = ['casino-int'] as const;
const security = bearerSecurity;
const code = { type: 'string', pattern: CASINO_INT_CODE_PATTERN } as const;
const gameId = { type: 'string', pattern: CASINO_INT_GAME_ID_PATTERN } as const;
const name = { type: 'string', minLength: 1, maxLength: 60 } as const;
const dateField = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const uuid = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } as const;
const httpUrl = { type: 'string', maxLength: 300, pattern: '^https?://[^\\s]+$' } as const;
const imageUrl = { type: 'string', maxLength: 300, pattern: '^(https?://|/)[^\\s]*$' } as const;
const enabledBody = { type: 'object', required: ['enabled'], additionalProperties: false, properties: { enabled: { type: 'boolean' } } } as const;
const providerParams = { type: 'object', required: ['id'], properties: { id: code } } as const;
/** Payloads whose full shape is the contract's (contracts/casino-int.ts); serialized as given. */
const any = {} as const;

const providerView = {
  type: 'object',
  required: ['_id', 'name', 'type', 'scrollable'],
  properties: { _id: { type: 'string' }, name: { type: 'string' }, type: { type: 'string' }, scrollable: { type: 'boolean' } },
} as const;

export const schemas = {
  providers: { tags, security, response: responses({ type: 'array', items: providerView }) },
  games: {
    tags,
    security,
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { provider: code, type: code, category: code },
    },
    response: responses({
      type: 'object',
      required: ['result', 'providers', 'category'],
      properties: {
        result: {
          type: 'array',
          items: {
            type: 'object',
            required: ['identifier', 'code', 'game_name', 'provider_id', 'image', 'category', 'sub_category'],
            properties: {
              identifier: { type: 'string' },
              code: { type: 'string' },
              game_name: { type: 'string' },
              provider_id: { type: 'string' },
              image: { type: 'string' },
              category: { type: 'string' },
              sub_category: { type: 'string' },
            },
          },
        },
        providers: { type: 'array', items: providerView },
        category: {
          type: 'array',
          items: {
            type: 'object',
            required: ['_id', 'name', 'provider_id'],
            properties: { _id: { type: 'string' }, name: { type: 'string' }, provider_id: { type: 'string' } },
          },
        },
      },
    }),
  },
  playUrl: {
    tags,
    security,
    body: {
      type: 'object',
      required: ['gameCode', 'lobby_url', 'ipAddress', 'isMobile'],
      additionalProperties: false,
      properties: {
        gameCode: gameId,
        lobby_url: httpUrl,
        ipAddress: { type: 'string', maxLength: 64 },
        isMobile: { type: 'boolean' },
      },
    },
    response: responses({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['url', 'provider_id', 'game_name', 'scrollable'],
          properties: { url: { type: 'string' }, provider_id: { type: 'string' }, game_name: { type: 'string' }, scrollable: { type: 'boolean' } },
        },
      },
    }),
  },
  image: {
    tags,
    params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]{0,39}\\.svg$' } } },
  },
  adminProviders: { tags, security, response: responses({ type: 'array', items: any }) },
  createProvider: {
    tags,
    security,
    body: {
      type: 'object',
      required: ['id', 'name', 'partnerId', 'launchUrl', 'currencies'],
      additionalProperties: false,
      properties: {
        id: code,
        name,
        partnerId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$' },
        launchUrl: httpUrl,
        currencies: { type: 'array', minItems: 1, maxItems: 10, uniqueItems: true, items: { type: 'string', pattern: '^[A-Z]{3}$' } },
      },
    },
    response: responses(any),
  },
  setProviderEnabled: { tags, security, params: providerParams, body: enabledBody, response: responses(any) },
  rotateSecret: { tags, security, params: providerParams, response: responses(any) },
  retireSecret: {
    tags,
    security,
    params: { type: 'object', required: ['id', 'secretId'], properties: { id: code, secretId: uuid } },
    response: responses(any),
  },
  createGame: {
    tags,
    security,
    params: providerParams,
    body: {
      type: 'object',
      required: ['code', 'name', 'image', 'category', 'subCategory', 'maxMultiplier'],
      additionalProperties: false,
      properties: { code, name, image: imageUrl, category: code, subCategory: code, maxMultiplier: { type: 'string', pattern: CASINO_INT_MAX_MULTIPLIER_PATTERN } },
    },
    response: responses(any),
  },
  setGameEnabled: {
    tags,
    security,
    params: { type: 'object', required: ['identifier'], properties: { identifier: gameId } },
    body: enabledBody,
    response: responses(any),
  },
  reconciliation: {
    tags,
    security,
    querystring: { type: 'object', required: ['provider', 'date'], additionalProperties: false, properties: { provider: code, date: dateField } },
    response: responses(any),
  },
  runReconciliation: {
    tags,
    security,
    body: { type: 'object', required: ['provider', 'date'], additionalProperties: false, properties: { provider: code, date: dateField } },
    response: responses(any),
  },
} as const;

/** The request types of the contracts and of the schemas agree (pnpm typecheck fails on drift). */
export type SchemasAgree = AllAgree<
  [
    Agree<CasinoIntGamesQuery, QueryOf<typeof schemas.games>>,
    Agree<CasinoIntPlayUrlRequest, BodyOf<typeof schemas.playUrl>>,
    Accepts<CreateCasinoIntProviderRequest, BodyOf<typeof schemas.createProvider>>,
    Agree<CreateCasinoIntGameRequest, BodyOf<typeof schemas.createGame>>,
    Agree<SetCasinoIntEnabledRequest, BodyOf<typeof schemas.setProviderEnabled>>,
    Agree<RunCasinoIntReconciliationRequest, BodyOf<typeof schemas.runReconciliation>>,
  ]
>;
