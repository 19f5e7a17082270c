/** JSON schemas of the live casino routes (request and response), shaped as contracts/casino.ts. */
import {
  CASINO_BETS_PAGE_SIZE_DEFAULT,
  CASINO_INT_CODE_PATTERN,
  PAGE_SIZE_MAX,
  SITE_SWITCH_LIST_MAX,
  type CasinoDisableRequest,
  type SaveSiteCasinoRequest,
} from '@backlay/shared/contracts';
import { siteIdSchema } from '../sites/site-scope';
import { bearerSecurity, INT4_MAX, isoTimeSchema, nullableIsoTimeSchema, responses, rupeesSchema, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

const matchIdField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const siteCasinoResponse = {
  type: 'object',
  required: ['siteId', 'tablesOff', 'providersOff'],
  properties: { siteId: { type: 'string' }, tablesOff: { type: 'array', items: { type: 'string' } }, providersOff: { type: 'array', items: { type: 'string' } } },
} as const;
const gameCodeField = { type: 'string', pattern: '^[a-z0-9]{2,20}$' } as const;
/** A round id: a positive bigint, as decimal text (it is a bigserial). */
const roundIdField = { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } as const;
/** YYYY-MM-DD; its calendar validity is checked by the service. */
const dateField = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
/** from … to, both days included (a report). */
const dateRangeQuery = { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: dateField, to: dateField } } as const;
const pageField = { type: 'integer', minimum: 1, maximum: INT4_MAX / 100 } as const;
const priceSchema = { type: ['number', 'null'] } as const;
const stringMap = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } as const;

const runnerSchema = {
  type: 'object',
  required: ['selectionId', 'name', 'back', 'lay'],
  properties: { selectionId: { type: 'string' }, name: { type: 'string' }, back: priceSchema, lay: priceSchema },
} as const;

const roundSchema = {
  type: 'object',
  required: ['matchId', 'gameCode', 'roundId', 'nonce', 'status', 'closesAt', 'secondsLeft', 'serverTime', 'serverSeedHash', 'clientSeed', 'markets', 'cards', 'hands', 'win', 'rdesc', 'serverSeed', 'voidReason'],
  properties: {
    matchId: { type: 'string' },
    gameCode: { type: 'string' },
    roundId: { type: 'string' },
    nonce: { type: 'integer' },
    status: { type: 'string', enum: ['OPEN', 'CLOSED', 'SETTLED', 'VOID'] },
    closesAt: isoTimeSchema,
    secondsLeft: { type: 'integer' },
    serverTime: isoTimeSchema,
    serverSeedHash: { type: 'string' },
    clientSeed: { type: 'string' },
    markets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['marketId', 'code', 'name', 'suspended', 'minStake', 'maxStake', 'runners'],
        properties: {
          marketId: { type: 'string' },
          code: { type: 'string' },
          name: { type: 'string' },
          suspended: { type: 'boolean' },
          minStake: rupeesSchema,
          maxStake: rupeesSchema,
          runners: { type: 'array', items: runnerSchema },
        },
      },
    },
    cards: { type: 'array', items: { type: 'string' } },
    hands: stringMap,
    win: { type: ['string', 'null'] },
    rdesc: { type: ['string', 'null'] },
    serverSeed: { type: ['string', 'null'] },
    voidReason: { type: ['string', 'null'] },
  },
} as const;
const nullableRound = { anyOf: [roundSchema, { type: 'null' }] } as const;

const betSchema = {
  type: 'object',
  required: ['betId', 'matchId', 'gameCode', 'roundId', 'marketId', 'marketName', 'selectionId', 'selectionName', 'side', 'odds', 'stake', 'status', 'pnl', 'placedAt'],
  properties: {
    betId: { type: 'string' },
    matchId: { type: 'string' },
    gameCode: { type: 'string' },
    roundId: { type: 'string' },
    marketId: { type: 'string' },
    marketName: { type: 'string' },
    selectionId: { type: 'string' },
    selectionName: { type: 'string' },
    side: { type: 'string', enum: ['BACK', 'LAY'] },
    odds: { type: 'number' },
    stake: rupeesSchema,
    status: { type: 'string', enum: ['open', 'settled', 'voided'] },
    pnl: { type: ['number', 'null'] },
    placedAt: isoTimeSchema,
    username: { type: 'string' },
  },
} as const;

const tags = ['casino'] as const;
const security = bearerSecurity;

export const schemas = {
  games: {
    tags,
    security,
    response: responses({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['title', 'image', 'slug', 'match_id', 'matchId', 'isDisable', 'categoryId', 'secondsLeft'],
            properties: {
              title: { type: 'string' },
              image: { type: 'string' },
              slug: { type: 'string' },
              match_id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
              matchId: { type: 'string' },
              isDisable: { type: 'boolean' },
              categoryId: { type: 'integer' },
              secondsLeft: { type: ['integer', 'null'] },
            },
          },
        },
      },
    }),
  },
  virtualGames: {
    tags,
    security,
    response: responses({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'game_id', 'game_images', 'game_name', 'name'],
            properties: {
              id: { type: 'string' },
              game_id: { type: 'string' },
              game_images: { type: 'array', items: { type: 'string' } },
              game_name: { type: 'string' },
              name: { type: 'string' },
            },
          },
        },
      },
    }),
  },
  table: {
    tags,
    security,
    params: { type: 'object', required: ['id'], properties: { id: matchIdField } },
    response: responses({
      type: 'object',
      required: ['matchId', 'gameCode', 'title', 'categoryId', 'isDisable', 'bettingSeconds', 'commitment', 'rules', 'round', 'lastResults', 'stats', 'seats'],
      properties: {
        matchId: { type: 'string' },
        gameCode: { type: 'string' },
        title: { type: 'string' },
        categoryId: { type: 'integer' },
        isDisable: { type: 'boolean' },
        bettingSeconds: { type: 'integer' },
        commitment: { type: 'string' },
        rules: {
          type: 'object',
          required: ['lines', 'markets'],
          properties: {
            lines: { type: 'array', items: { type: 'string' } },
            markets: {
              type: 'array',
              items: {
                type: 'object',
                required: ['code', 'name', 'runners'],
                properties: {
                  code: { type: 'string' },
                  name: { type: 'string' },
                  runners: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['selectionId', 'name', 'back', 'lay', 'rtp'],
                      properties: { selectionId: { type: 'string' }, name: { type: 'string' }, back: priceSchema, lay: priceSchema, rtp: priceSchema },
                    },
                  },
                },
              },
            },
          },
        },
        round: nullableRound,
        lastResults: {
          type: 'array',
          items: {
            type: 'object',
            required: ['roundId', 'win', 'label', 'name', 'tone'],
            properties: { roundId: { type: 'string' }, win: { type: 'string' }, label: { type: 'string' }, name: { type: 'string' }, tone: { type: 'string' } },
          },
        },
        seats: { type: 'array', items: { type: 'string' } },
        stats: {
          type: 'object',
          required: ['rounds', 'groups'],
          properties: {
            rounds: { type: 'integer' },
            groups: {
              type: 'array',
              items: { type: 'object', required: ['name', 'tone', 'count'], properties: { name: { type: 'string' }, tone: { type: 'string' }, count: { type: 'integer' } } },
            },
          },
        },
      },
    }),
  },
  market: {
    tags,
    security,
    params: { type: 'object', required: ['id'], properties: { id: matchIdField } },
    response: responses(nullableRound),
  },
  doneResults: {
    tags,
    security,
    params: { type: 'object', required: ['matchid'], properties: { matchid: matchIdField } },
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { filter_date: dateField, roundId: roundIdField, page: pageField },
    },
    response: responses({
      type: 'object',
      required: ['rounds', 'page', 'totalPages'],
      properties: {
        page: { type: 'integer' },
        totalPages: { type: 'integer' },
        rounds: {
          type: 'array',
          items: {
            type: 'object',
            required: ['roundId', 'matchId', 'gameCode', 'status', 'mid', 'win', 'card', 'rdesc', 'serverSeed', 'serverSeedHash', 'clientSeed', 'nonce', 'openedAt', 'closedAt', 'settledAt', 'voidReason'],
            properties: {
              roundId: { type: 'string' },
              matchId: { type: 'string' },
              gameCode: { type: 'string' },
              status: { type: 'string', enum: ['SETTLED', 'VOID'] },
              mid: { type: 'string' },
              win: { type: 'string' },
              card: { type: 'string' },
              rdesc: { type: 'string' },
              serverSeed: { type: 'string' },
              serverSeedHash: { type: 'string' },
              clientSeed: { type: 'string' },
              nonce: { type: 'integer' },
              openedAt: isoTimeSchema,
              closedAt: nullableIsoTimeSchema,
              settledAt: isoTimeSchema,
              voidReason: { type: ['string', 'null'] },
            },
          },
        },
      },
    }),
  },
  cards: {
    tags,
    security,
    params: { type: 'object', required: ['mid', 'type'], properties: { mid: roundIdField, type: gameCodeField } },
    querystring: { type: 'object', properties: { ismobile: { type: 'string', maxLength: 10 } } },
    response: responses({
      type: 'object',
      required: ['mid', 'gameCode', 'cards', 'hands', 'win'],
      properties: { mid: { type: 'string' }, gameCode: { type: 'string' }, cards: { type: 'array', items: { type: 'string' } }, hands: stringMap, win: { type: ['string', 'null'] } },
    }),
  },
  playerBets: {
    tags,
    security,
    querystring: {
      type: 'object',
      required: ['matchId'],
      additionalProperties: false,
      properties: {
        matchId: matchIdField,
        roundId: roundIdField,
        page: pageField,
        pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: CASINO_BETS_PAGE_SIZE_DEFAULT },
      },
    },
    response: responses({
      type: 'object',
      required: ['rows', 'page', 'pageSize', 'total'],
      properties: { rows: { type: 'array', items: betSchema }, page: { type: 'integer' }, pageSize: { type: 'integer' }, total: { type: 'integer' } },
    }),
  },
  report: {
    tags,
    security,
    querystring: dateRangeQuery,
    response: responses({
      type: 'object',
      required: ['rows', 'totals'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['date', 'gameCode', 'title', 'rounds', 'bets', 'stake', 'pnl'],
            properties: { date: { type: 'string' }, gameCode: { type: 'string' }, title: { type: 'string' }, rounds: { type: 'integer' }, bets: { type: 'integer' }, stake: rupeesSchema, pnl: rupeesSchema },
          },
        },
        totals: {
          type: 'object',
          required: ['rounds', 'bets', 'stake', 'pnl'],
          properties: { rounds: { type: 'integer' }, bets: { type: 'integer' }, stake: rupeesSchema, pnl: rupeesSchema },
        },
      },
    }),
  },
  siteCasino: {
    tags,
    security,
    querystring: { type: 'object', additionalProperties: false, properties: { siteId: siteIdSchema } },
    response: responses(siteCasinoResponse),
  },
  saveSiteCasino: {
    tags,
    security,
    description: 'Replaces what one site switches off for its own players (ADR 0074 "Content per site"); transaction password.',
    body: {
      type: 'object',
      required: ['tablesOff', 'providersOff', 'transactionPassword'],
      additionalProperties: false,
      properties: {
        siteId: siteIdSchema,
        tablesOff: { type: 'array', maxItems: SITE_SWITCH_LIST_MAX, items: matchIdField },
        providersOff: { type: 'array', maxItems: SITE_SWITCH_LIST_MAX, items: { type: 'string', pattern: CASINO_INT_CODE_PATTERN } },
        transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
      },
    },
    response: responses(siteCasinoResponse),
  },
  disable: {
    tags,
    security,
    // A POST with the transaction password (docs/rules/product.md §7 has a GET; ADR 0032), checked by the access hook.
    body: {
      type: 'object',
      required: ['matchId', 'isDisable', 'transactionPassword'],
      additionalProperties: false,
      properties: { matchId: matchIdField, isDisable: { type: 'boolean' }, transactionPassword: { type: 'string', minLength: 1, maxLength: 64 } },
    },
    response: responses({ type: 'object', required: ['matchId', 'isDisable'], properties: { matchId: { type: 'string' }, isDisable: { type: 'boolean' } } }),
  },
  roundBook: {
    tags,
    security,
    params: { type: 'object', required: ['gameCode'], properties: { gameCode: gameCodeField } },
    response: responses({
      type: 'object',
      required: ['matchId', 'gameCode', 'title', 'round', 'bets', 'book'],
      properties: {
        matchId: { type: 'string' },
        gameCode: { type: 'string' },
        title: { type: 'string' },
        round: nullableRound,
        bets: { type: 'array', items: betSchema },
        book: {
          type: 'array',
          items: {
            type: 'object',
            required: ['marketId', 'name', 'runners'],
            properties: {
              marketId: { type: 'string' },
              name: { type: 'string' },
              runners: {
                type: 'array',
                items: { type: 'object', required: ['selectionId', 'name', 'pnl'], properties: { selectionId: { type: 'string' }, name: { type: 'string' }, pnl: rupeesSchema } },
              },
            },
          },
        },
      },
    }),
  },
  gameReport: {
    tags,
    security,
    querystring: dateRangeQuery,
    response: responses({
      type: 'object',
      required: ['rows', 'totals'],
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            required: ['gameCode', 'title', 'childId', 'childUsername', 'bets', 'stake', 'pnl'],
            properties: {
              gameCode: { type: 'string' },
              title: { type: 'string' },
              childId: { type: 'string' },
              childUsername: { type: 'string' },
              bets: { type: 'integer' },
              stake: rupeesSchema,
              pnl: rupeesSchema,
            },
          },
        },
        totals: { type: 'object', required: ['bets', 'stake', 'pnl'], properties: { bets: { type: 'integer' }, stake: rupeesSchema, pnl: rupeesSchema } },
      },
    }),
  },
  image: {
    tags,
    params: { type: 'object', required: ['file'], properties: { file: { type: 'string', pattern: '^[a-z0-9]{2,20}\\.svg$' } } },
  },
} as const;

/** The contract's request type (the front end's) agrees with the switch's schema. */
export type CasinoContractsAgree = AllAgree<
  [Agree<CasinoDisableRequest, BodyOf<typeof schemas.disable>>, Agree<SaveSiteCasinoRequest, BodyOf<typeof schemas.saveSiteCasino>>]
>;
