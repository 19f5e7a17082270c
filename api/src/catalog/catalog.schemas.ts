/** JSON schemas of the catalog and sports-admin routes (request and response), shaped as contracts/sports.ts. */
import {
  type FeedStatus,
  MATCH_SORT_KEYS,
  PAGE_SIZE_MAX,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  type SaveMatchRequest,
  type SaveSiteSportsRequest,
  type SaveSiteLimitsRequest,
  SITE_SWITCH_LIST_MAX,
  type SportSettings,
  type UpdateFancyRequest,
  type UpdateMarketRequest,
  type UpdateMatchRequest,
} from '@backlay/shared/contracts';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import {
  bearerSecurity,
  INT4_MAX,
  int4Field,
  isoTimeSchema,
  responses,
  rupeesField,
  type Agree,
  type AllAgree,
  type BodyOf,
} from '../common/schemas';
import { siteIdSchema } from '../sites/site-scope';
import { MATCH_LIST_DEFAULT_LIMIT, MATCH_STATUS_VALUES } from './match-query';

const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const sportIdField = int4Field(1);
const siteSportsResponse = {
  type: 'object',
  required: ['siteId', 'sportsOff'],
  properties: { siteId: { type: 'string' }, sportsOff: { type: 'array', items: { type: 'integer' } } },
} as const;
const siteLimitsResponse = {
  type: 'object',
  required: ['siteId', 'minStake', 'maxStake'],
  properties: { siteId: { type: 'string' }, minStake: { type: ['number', 'null'] }, maxStake: { type: ['number', 'null'] } },
} as const;
const siteLimitField = { anyOf: [rupeesField, { type: 'null' }] } as const;
const eventStatus = { type: 'string', enum: ['upcoming', 'inplay', 'closed'] } as const;
const marketStatus = { type: 'string', enum: ['open', 'suspended', 'ball_running', 'closed'] } as const;
/** Storage bounds only; the readable rules are checked by limits-rules.ts. */
const moneyField = rupeesField;
const delayField = { type: 'number', minimum: -INT4_MAX, maximum: INT4_MAX } as const;

const limitProperties = {
  minStake: { type: 'number' },
  maxStake: { type: 'number' },
  maxProfit: { type: 'number' },
  betDelaySec: { type: 'integer' },
} as const;
const limitRequired = ['minStake', 'maxStake', 'maxProfit', 'betDelaySec'] as const;

const priceSize = { type: 'object', required: ['price', 'size'], properties: { price: { type: 'number' }, size: { type: 'number' } } } as const;

const runnerSchema = {
  type: 'object',
  required: ['selectionId', 'name', 'clothNumber', 'adjustmentFactor', 'back', 'lay', 'status'],
  properties: {
    selectionId: { type: 'string' },
    name: { type: 'string' },
    clothNumber: { type: ['integer', 'null'] },
    adjustmentFactor: { type: ['number', 'null'] },
    back: { type: 'array', items: priceSize },
    lay: { type: 'array', items: priceSize },
    status: { type: 'string', enum: ['active', 'winner', 'loser', 'removed'] },
  },
} as const;

/** A DeclaredResult (WINNER, DEAD_HEAT, PLACED, RUNS, VOID) or null. */
const settledSchema = {
  anyOf: [
    {
      type: 'object',
      required: ['type'],
      properties: {
        type: { type: 'string', enum: ['WINNER', 'DEAD_HEAT', 'PLACED', 'RUNS', 'VOID'] },
        selectionId: { type: 'string' },
        selectionIds: { type: 'array', items: { type: 'string' } },
        runs: { type: 'integer' },
      },
    },
    { type: 'null' },
  ],
} as const;

export const marketSchema = {
  type: 'object',
  required: ['marketId', 'matchId', 'name', 'type', 'status', 'adminSuspended', 'active', 'inPlay', 'numberOfWinners', 'runners', 'result', 'settled', ...limitRequired],
  properties: {
    marketId: { type: 'string' },
    matchId: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['match_odds', 'bookmaker', 'over_under'] },
    status: marketStatus,
    adminSuspended: { type: 'boolean' },
    active: { type: 'boolean' },
    inPlay: { type: 'boolean' },
    numberOfWinners: { type: 'integer' },
    runners: { type: 'array', items: runnerSchema },
    result: { type: ['string', 'null'] },
    settled: settledSchema,
    ...limitProperties,
  },
} as const;

export const fancySchema = {
  type: 'object',
  required: ['fancyId', 'matchId', 'name', 'gtype', 'status', 'adminSuspended', 'active', 'noRun', 'noRate', 'yesRun', 'yesRate', 'result', 'settled', ...limitRequired],
  properties: {
    fancyId: { type: 'string' },
    matchId: { type: 'string' },
    name: { type: 'string' },
    gtype: { type: 'string' },
    status: marketStatus,
    adminSuspended: { type: 'boolean' },
    active: { type: 'boolean' },
    noRun: { type: 'integer' },
    noRate: { type: 'integer' },
    yesRun: { type: 'integer' },
    yesRate: { type: 'integer' },
    result: { type: ['integer', 'null'] },
    settled: settledSchema,
    ...limitProperties,
  },
} as const;

const scoreSchema = {
  type: 'object',
  required: ['matchId', 'sportId', 'home', 'away', 'summary', 'detail', 'inPlay', 'ballRunning', 'updatedAt'],
  properties: {
    matchId: { type: 'string' },
    sportId: { type: 'integer' },
    home: { type: 'string' },
    away: { type: 'string' },
    summary: { type: 'string' },
    detail: { type: 'array', items: { type: 'string' } },
    inPlay: { type: 'boolean' },
    ballRunning: { type: 'boolean' },
    updatedAt: isoTimeSchema,
  },
} as const;

/** The fields every view of a match carries (list rows and the detail). */
const matchBaseProperties = {
  _id: { type: 'string' },
  sportId: { type: 'integer' },
  name: { type: 'string' },
  competitionName: { type: 'string' },
  openDate: isoTimeSchema,
  inPlay: { type: 'boolean' },
  status: eventStatus,
  active: { type: 'boolean' },
} as const;
const matchBaseRequired = ['_id', 'sportId', 'name', 'competitionName', 'openDate', 'inPlay', 'status', 'active'] as const;

const matchDetailSchema = {
  type: 'object',
  required: [...matchBaseRequired, 'competitionId'],
  properties: { ...matchBaseProperties, competitionId: { type: 'string' } },
} as const;

const matchOddsSummarySchema = {
  type: ['object', 'null'],
  required: ['marketId', 'status', 'runners'],
  properties: {
    marketId: { type: 'string' },
    status: marketStatus,
    runners: {
      type: 'array',
      items: {
        type: 'object',
        required: ['selectionId', 'name', 'back', 'lay'],
        properties: {
          selectionId: { type: 'string' },
          name: { type: 'string' },
          back: { type: ['number', 'null'] },
          lay: { type: ['number', 'null'] },
        },
      },
    },
  },
} as const;

const sportSettingsProperties = { sportId: { type: 'integer' }, active: { type: 'boolean' }, ...limitProperties } as const;

const seriesWithMarketSchema = {
  type: 'object',
  required: ['competitionId', 'name', 'sportId', 'matches'],
  properties: {
    competitionId: { type: 'string' },
    name: { type: 'string' },
    sportId: { type: 'integer' },
    matches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['_id', 'name', 'openDate', 'inPlay', 'status', 'marketCount', 'fancyCount'],
        properties: {
          _id: { type: 'string' },
          name: { type: 'string' },
          openDate: isoTimeSchema,
          inPlay: { type: 'boolean' },
          status: eventStatus,
          marketCount: { type: 'integer' },
          fancyCount: { type: 'integer' },
        },
      },
    },
  },
} as const;

const tags = ['catalog'] as const;
const adminTags = ['sports-admin'] as const;

const count = { type: 'integer', minimum: 0 } as const;
const nullableNumber = { type: ['number', 'null'] } as const;
/** GET /api/feed-status's data (contracts/feed.ts FeedStatus; CatalogContractsAgree checks they agree). */
export const feedStatusSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'provider', 'checkedAt', 'connected', 'lastMessageAt', 'lastMessageAgeSec', 'staleAfterSec', 'stale', 'reconnects',
    'marketsSubscribed', 'lagMs', 'lastError', 'staleSuspensions', 'markets',
  ],
  properties: {
    provider: { type: 'string' },
    checkedAt: { type: ['string', 'null'], format: 'date-time' },
    connected: { type: ['boolean', 'null'] },
    lastMessageAt: { type: ['string', 'null'], format: 'date-time' },
    lastMessageAgeSec: nullableNumber,
    staleAfterSec: { type: 'number' },
    stale: { type: ['string', 'null'], enum: ['silent', 'disconnected', 'reconnected', 'lagging', null] },
    reconnects: { type: ['integer', 'null'] },
    marketsSubscribed: { type: ['integer', 'null'] },
    lagMs: nullableNumber,
    lastError: { type: ['string', 'null'] },
    staleSuspensions: count,
    markets: {
      type: 'object',
      additionalProperties: false,
      required: ['open', 'suspended', 'ballRunning', 'closed', 'heldStale', 'heldInPlay', 'adminSuspended'],
      properties: { open: count, suspended: count, ballRunning: count, closed: count, heldStale: count, heldInPlay: count, adminSuspended: count },
    },
  },
} as const satisfies JSONSchema;

/** A query string of these fields only. */
function query<const P extends Record<string, JSONSchema>, const R extends ReadonlyArray<keyof P & string>>(properties: P, required: R) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

/** A body of these fields only. */
function body<const P extends Record<string, JSONSchema>, const R extends ReadonlyArray<keyof P & string>>(properties: P, required: R) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

export const schemas = {
  feedStatus: {
    tags: adminTags,
    security: bearerSecurity,
    response: responses(feedStatusSchema),
  },
  sportList: {
    tags,
    security: bearerSecurity,
    response: responses({
      type: 'array',
      items: { type: 'object', required: ['sportId', 'name'], properties: { name: { type: 'string' }, ...sportSettingsProperties } },
    }),
  },
  series: {
    tags: adminTags,
    security: bearerSecurity,
    querystring: query({ EventTypeID: sportIdField }, ['EventTypeID']),
    response: responses({
      type: 'array',
      items: {
        type: 'object',
        required: ['competitionId', 'name', 'sportId', 'matchCount'],
        properties: { competitionId: { type: 'string' }, name: { type: 'string' }, sportId: { type: 'integer' }, matchCount: { type: 'integer' } },
      },
    }),
  },
  feedMatches: {
    tags: adminTags,
    security: bearerSecurity,
    querystring: query({ EventTypeID: sportIdField, CompetitionID: idField }, ['EventTypeID', 'CompetitionID']),
    response: responses({
      type: 'array',
      items: {
        type: 'object',
        required: ['eventId', 'name', 'sportId', 'competitionId', 'competitionName', 'openDate', 'inPlay', 'imported'],
        properties: {
          eventId: { type: 'string' },
          name: { type: 'string' },
          sportId: { type: 'integer' },
          competitionId: { type: 'string' },
          competitionName: { type: 'string' },
          openDate: isoTimeSchema,
          inPlay: { type: 'boolean' },
          imported: { type: 'boolean' },
        },
      },
    }),
  },
  saveMatch: {
    tags: adminTags,
    security: bearerSecurity,
    body: body(
      {
        data: {
          type: 'object',
          additionalProperties: false,
          required: ['eventId', 'sportId', 'competitionId'],
          properties: { eventId: idField, sportId: sportIdField, competitionId: idField },
        },
        syncData: { type: 'boolean' },
      },
      ['data', 'syncData'],
    ),
    response: responses(matchDetailSchema),
  },
  matchList: {
    tags,
    security: bearerSecurity,
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        sportId: sportIdField,
        status: { type: 'string', enum: MATCH_STATUS_VALUES, default: 'all' },
        limit: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: MATCH_LIST_DEFAULT_LIMIT },
        search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, description: 'Part of a match or competition name (case-insensitive), within the matches the caller sees.' },
        sort: { type: 'string', enum: MATCH_SORT_KEYS, description: 'The column to order by (ADR 0068); then the default order. Default: in play, upcoming soonest first, closed latest first.' },
        order: { type: 'string', enum: SORT_ORDERS, description: 'Default asc (with sort).' },
      },
    },
    response: responses({
      type: 'array',
      items: {
        type: 'object',
        required: [...matchBaseRequired, 'matchOdds'],
        properties: { ...matchBaseProperties, matchOdds: matchOddsSummarySchema },
      },
    }),
  },
  matchById: { tags, security: bearerSecurity, querystring: query({ matchId: idField }, ['matchId']), response: responses(matchDetailSchema) },
  marketList: {
    tags,
    security: bearerSecurity,
    querystring: query({ matchId: idField }, ['matchId']),
    response: responses({ type: 'array', items: marketSchema }),
  },
  fancyList: {
    tags,
    security: bearerSecurity,
    querystring: query({ matchId: idField, gtype: { type: 'string', maxLength: 32 } }, ['matchId']),
    response: responses({ type: 'array', items: fancySchema }),
  },
  fancyData: {
    tags,
    security: bearerSecurity,
    querystring: query({ MatchID: idField }, ['MatchID']),
    response: responses({ type: 'array', items: fancySchema }),
  },
  score: { tags, security: bearerSecurity, querystring: query({ MatchID: idField }, ['MatchID']), response: responses(scoreSchema) },
  seriesWithMarket: {
    tags,
    security: bearerSecurity,
    querystring: query({ EventTypeID: sportIdField }, ['EventTypeID']),
    response: responses({ type: 'array', items: seriesWithMarketSchema }),
  },
  seriesWithMarketByDate: {
    tags,
    security: bearerSecurity,
    querystring: query({ EventTypeID: sportIdField }, ['EventTypeID']),
    response: responses({
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'series'],
        properties: { date: { type: 'string' }, series: { type: 'array', items: seriesWithMarketSchema } },
      },
    }),
  },
  saveSportSettings: {
    tags: adminTags,
    security: bearerSecurity,
    body: body(
      { sportId: sportIdField, active: { type: 'boolean' }, minStake: moneyField, maxStake: moneyField, maxProfit: moneyField, betDelaySec: delayField },
      ['sportId', 'active', ...limitRequired],
    ),
    response: responses({ type: 'object', required: ['sportId', 'active', ...limitRequired], properties: sportSettingsProperties }),
  },
  siteSports: {
    tags: adminTags,
    security: bearerSecurity,
    querystring: { type: 'object', additionalProperties: false, properties: { siteId: siteIdSchema } },
    response: responses(siteSportsResponse),
  },
  saveSiteSports: {
    tags: adminTags,
    security: bearerSecurity,
    description: 'Replaces the sports one site switches off for its own players (ADR 0074 "Content per site"); transaction password.',
    body: {
      type: 'object',
      required: ['sportsOff', 'transactionPassword'],
      additionalProperties: false,
      properties: {
        siteId: siteIdSchema,
        sportsOff: { type: 'array', maxItems: SITE_SWITCH_LIST_MAX, items: sportIdField },
        transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
    response: responses(siteSportsResponse),
  },
  siteLimits: {
    tags: adminTags,
    security: bearerSecurity,
    querystring: { type: 'object', additionalProperties: false, properties: { siteId: siteIdSchema } },
    response: responses(siteLimitsResponse),
  },
  saveSiteLimits: {
    tags: adminTags,
    security: bearerSecurity,
    description:
      "Sets one site's own stake limits for its players in rupees (null: the market's own; ADR 0074 \"Content per site\"); at placement the tighter of the market's and the site's applies. Transaction password.",
    body: {
      type: 'object',
      required: ['minStake', 'maxStake', 'transactionPassword'],
      additionalProperties: false,
      properties: {
        siteId: siteIdSchema,
        minStake: siteLimitField,
        maxStake: siteLimitField,
        transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
    response: responses(siteLimitsResponse),
  },
  updateMatch: {
    tags: adminTags,
    security: bearerSecurity,
    body: body({ matchId: idField, active: { type: 'boolean' } }, ['matchId', 'active']),
    response: responses(matchDetailSchema),
  },
  updateMarket: {
    tags: adminTags,
    security: bearerSecurity,
    body: body(
      {
        marketId: idField,
        active: { type: 'boolean' },
        suspended: { type: 'boolean' },
        minStake: moneyField,
        maxStake: moneyField,
        maxProfit: moneyField,
        betDelaySec: delayField,
      },
      ['marketId'],
    ),
    response: responses(marketSchema),
  },
  updateFancy: {
    tags: adminTags,
    security: bearerSecurity,
    body: body(
      {
        fancyId: idField,
        active: { type: 'boolean' },
        suspended: { type: 'boolean' },
        minStake: moneyField,
        maxStake: moneyField,
        maxProfit: moneyField,
        betDelaySec: delayField,
      },
      ['fancyId'],
    ),
    response: responses(fancySchema),
  },
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type CatalogContractsAgree = AllAgree<
  [
    Agree<SaveMatchRequest, BodyOf<typeof schemas.saveMatch>>,
    Agree<SportSettings, BodyOf<typeof schemas.saveSportSettings>>,
    Agree<SaveSiteSportsRequest, BodyOf<typeof schemas.saveSiteSports>>,
    Agree<SaveSiteLimitsRequest, BodyOf<typeof schemas.saveSiteLimits>>,
    Agree<UpdateMatchRequest, BodyOf<typeof schemas.updateMatch>>,
    Agree<UpdateMarketRequest, BodyOf<typeof schemas.updateMarket>>,
    Agree<UpdateFancyRequest, BodyOf<typeof schemas.updateFancy>>,
    Agree<FeedStatus, FromSchema<typeof feedStatusSchema>>,
  ]
>;
