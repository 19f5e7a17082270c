/** JSON schemas of the bet-report routes (request and response). */
import {
  BET_IDS_MAX,
  BET_LIST_PAGE_SIZE_MAX,
  BET_SORT_KEYS,
  ROLES,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  type BetHistoryQuery,
  type BetListByIdsRequest,
  type ChildUserListQuery,
  type MarketAnalysisQuery,
  type ProfitLossQuery,
  type UnsettledBetsQuery,
} from '@backlay/shared/contracts';
import {
  bearerSecurity,
  isoTimeSchema,
  nullableIsoTimeSchema,
  responses,
  roleSchema,
  rupeesSchema,
  type Agree,
  type AllAgree,
  type BodyOf,
  type QueryOf,
} from '../common/schemas';

const tags = ['bet-reports'] as const;
const idSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const marketTypeSchema = { type: 'string', enum: ['match_odds', 'bookmaker', 'over_under', 'fancy'] } as const;
const pageSchema = { type: 'integer', minimum: 1, maximum: 1_000_000 } as const;
const pageSizeSchema = { type: 'integer', minimum: 1, maximum: BET_LIST_PAGE_SIZE_MAX } as const;
const sportIdSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
/** An ISO date (YYYY-MM-DD); its calendar validity is checked by the service (MESSAGES.dateInvalid). */
const dateSchema = { type: 'string', maxLength: 40 } as const;
const usernameSchema = { type: 'string', maxLength: 64 } as const;
const nullableString = { type: ['string', 'null'] } as const;
/** Search and order of a bet list (ADR 0068): never wider than the list the other filters scoped. */
const betListOrderFields = {
  search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, description: 'Part of a username, match or market name (case-insensitive), within the listed bets only.' },
  sort: { type: 'string', enum: BET_SORT_KEYS, description: 'The column to order by (ADR 0068); then placed, newest first. Default: placed, newest first.' },
  order: { type: 'string', enum: SORT_ORDERS, description: 'Default asc (with sort).' },
} as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const betRowSchema = {
  type: 'object',
  required: [
    'betId', 'matchId', 'marketId', 'marketType', 'selectionId', 'side', 'odds', 'run', 'stake', 'status', 'createdAt',
    'username', 'sportId', 'matchName', 'matchOpenDate', 'marketName', 'selectionName', 'clothNumber', 'pnl', 'settledAt', 'voidReason',
  ],
  properties: {
    betId: { type: 'string' },
    matchId: { type: 'string' },
    marketId: { type: 'string' },
    marketType: marketTypeSchema,
    selectionId: { type: 'string' },
    side: { type: 'string', enum: ['BACK', 'LAY', 'YES', 'NO'] },
    odds: { type: 'number' },
    run: { type: ['integer', 'null'] },
    stake: rupeesSchema,
    status: { type: 'string', enum: ['open', 'settled', 'voided'] },
    createdAt: isoTimeSchema,
    cashOut: { type: 'boolean', description: 'A cash out placed this bet (its hedge, ADR 0056)' },
    username: { type: 'string' },
    sportId: { type: 'integer' },
    matchName: { type: 'string' },
    matchOpenDate: isoTimeSchema,
    marketName: { type: 'string' },
    selectionName: { type: 'string' },
    clothNumber: { type: ['integer', 'null'] },
    pnl: nullableNumber,
    settledAt: nullableIsoTimeSchema,
    voidReason: nullableString,
  },
} as const;

const betPageSchema = {
  type: 'object',
  required: ['rows', 'page', 'pageSize', 'total'],
  properties: {
    rows: { type: 'array', items: betRowSchema },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer' },
  },
} as const;

const profitRowSchema = {
  type: 'object',
  required: ['selectionId', 'profit'],
  properties: { selectionId: { type: 'string' }, profit: rupeesSchema, fromRuns: { type: 'integer' } },
} as const;

export const matchPositionsSchema = {
  tags,
  security: bearerSecurity,
  querystring: { type: 'object', required: ['matchId'], additionalProperties: false, properties: { matchId: idSchema } },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['marketId', 'marketType', 'profitlist', 'exposure'],
      properties: {
        marketId: { type: 'string' },
        marketType: marketTypeSchema,
        profitlist: { type: 'array', items: profitRowSchema },
        exposure: rupeesSchema,
      },
    },
  }),
} as const;

export const unsettledBetsSchema = {
  tags,
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: ['matched', 'deleted'] },
      sportId: sportIdSchema,
      matchId: { type: 'string', maxLength: 64 },
      ...betListOrderFields,
      page: pageSchema,
      pageSize: pageSizeSchema,
    },
  },
  response: responses(betPageSchema),
} as const;

export const betHistorySchema = {
  tags,
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      from: dateSchema,
      to: dateSchema,
      sportId: sportIdSchema,
      status: { type: 'string', enum: ['settled', 'voided', 'all'] },
      username: usernameSchema,
      ...betListOrderFields,
      page: pageSchema,
      pageSize: pageSizeSchema,
    },
  },
  response: responses(betPageSchema),
} as const;

export const betListByIdsSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['betIds'],
    additionalProperties: false,
    properties: {
      betIds: { type: 'array', minItems: 1, maxItems: BET_IDS_MAX, items: { type: 'string', format: 'uuid' } },
      page: pageSchema,
    },
  },
  response: responses(betPageSchema),
} as const;

const pnlFields = {
  pnl: rupeesSchema,
  commission: rupeesSchema,
  net: rupeesSchema,
  ownShare: nullableNumber,
} as const;

export const profitLossSchema = {
  tags,
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      from: dateSchema,
      to: dateSchema,
      sportId: sportIdSchema,
      groupBy: { type: 'string', enum: ['market', 'child'] },
    },
  },
  response: responses({
    type: 'object',
    required: ['rows', 'total'],
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['key', 'sportId', 'sportName', 'matchId', 'matchName', 'matchOpenDate', 'marketName', 'role', 'pnl', 'commission', 'net', 'ownShare', 'settledAt'],
          properties: {
            key: { type: 'string' },
            sportId: { type: ['integer', 'null'] },
            sportName: nullableString,
            matchId: nullableString,
            matchName: nullableString,
            matchOpenDate: nullableIsoTimeSchema,
            marketName: nullableString,
            role: { type: ['string', 'null'], enum: [...ROLES, null] },
            ...pnlFields,
            settledAt: nullableIsoTimeSchema,
          },
        },
      },
      total: { type: 'object', required: ['pnl', 'commission', 'net', 'ownShare'], properties: pnlFields },
    },
  }),
} as const;

export const marketAnalysisSchema = {
  tags,
  security: bearerSecurity,
  querystring: { type: 'object', additionalProperties: false, properties: { matchId: idSchema } },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['matchId', 'matchName', 'matchOpenDate', 'sportId', 'marketId', 'marketName', 'marketType', 'betCount', 'lines'],
      properties: {
        matchId: { type: 'string' },
        matchName: { type: 'string' },
        matchOpenDate: isoTimeSchema,
        sportId: { type: 'integer' },
        marketId: { type: 'string' },
        marketName: { type: 'string' },
        marketType: marketTypeSchema,
        betCount: { type: 'integer' },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            required: ['selectionId', 'name', 'usersPnl', 'ownPnl'],
            properties: {
              selectionId: { type: 'string' },
              name: { type: 'string' },
              usersPnl: rupeesSchema,
              ownPnl: rupeesSchema,
              fromRuns: { type: 'integer' },
              clothNumber: { type: 'integer' },
            },
          },
        },
      },
    },
  }),
} as const;

export const childUserListSchema = {
  tags,
  security: bearerSecurity,
  querystring: {
    type: 'object',
    required: ['matchId'],
    additionalProperties: false,
    properties: { username: usernameSchema, matchId: idSchema },
  },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['username', 'role', 'markets'],
      properties: {
        username: { type: 'string' },
        role: roleSchema,
        markets: {
          type: 'array',
          items: {
            type: 'object',
            required: ['marketId', 'marketName', 'marketType', 'lines'],
            properties: {
              marketId: { type: 'string' },
              marketName: { type: 'string' },
              marketType: marketTypeSchema,
              lines: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['selectionId', 'name', 'usersPnl'],
                  properties: { selectionId: { type: 'string' }, name: { type: 'string' }, usersPnl: rupeesSchema, clothNumber: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
  }),
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type BetReportsContractsAgree = AllAgree<
  [
    Agree<UnsettledBetsQuery, QueryOf<typeof unsettledBetsSchema>>,
    Agree<BetHistoryQuery, QueryOf<typeof betHistorySchema>>,
    Agree<BetListByIdsRequest, BodyOf<typeof betListByIdsSchema>>,
    Agree<ProfitLossQuery, QueryOf<typeof profitLossSchema>>,
    Agree<MarketAnalysisQuery, QueryOf<typeof marketAnalysisSchema>>,
    Agree<ChildUserListQuery, QueryOf<typeof childUserListSchema>>,
  ]
>;

const daySchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const countSchema = { type: 'integer', minimum: 0 } as const;
const pendingQueueSchema = { type: 'object', required: ['count', 'oldestAt'], properties: { count: countSchema, oldestAt: nullableIsoTimeSchema } } as const;

/** GET agent-dashboard (issue 34): the downline's business over the last 30 IST days. */
export const agentDashboardSchema = {
  tags,
  security: bearerSecurity,
  description:
    "Agents: the downline's turnover, GGR and the caller's own share per IST day (last 30 days, today included), " +
    'open exposure by match and the largest positions, live and international casino by game, players, and the ' +
    'payment requests waiting. The Super Admin’s downline is the whole platform; it alone also gets `bySite`, the same ' +
    'figures split by the players’ site (every site a row, adding up to the totals); no other agent gets `bySite`.',
  response: responses({
    type: 'object',
    required: ['from', 'to', 'days', 'totals', 'exposure', 'casino', 'pending'],
    properties: {
      from: daySchema,
      to: daySchema,
      days: {
        type: 'array',
        items: {
          type: 'object',
          required: ['day', 'turnover', 'bets', 'ggr', 'ownShare', 'activePlayers'],
          properties: { day: daySchema, turnover: rupeesSchema, bets: countSchema, ggr: rupeesSchema, ownShare: rupeesSchema, activePlayers: countSchema },
        },
      },
      totals: {
        type: 'object',
        required: ['turnover', 'bets', 'ggr', 'ownShare', 'activePlayers', 'players'],
        properties: { turnover: rupeesSchema, bets: countSchema, ggr: rupeesSchema, ownShare: rupeesSchema, activePlayers: countSchema, players: countSchema },
      },
      exposure: {
        type: 'object',
        required: ['total', 'matches', 'positions'],
        properties: {
          total: rupeesSchema,
          matches: {
            type: 'array',
            items: {
              type: 'object',
              required: ['matchId', 'matchName', 'sportName', 'exposure', 'players'],
              properties: { matchId: { type: 'string' }, matchName: { type: 'string' }, sportName: { type: 'string' }, exposure: rupeesSchema, players: countSchema },
            },
          },
          positions: {
            type: 'array',
            items: {
              type: 'object',
              required: ['username', 'matchName', 'exposure'],
              properties: { username: { type: 'string' }, matchName: { type: 'string' }, exposure: rupeesSchema },
            },
          },
        },
      },
      casino: {
        type: 'array',
        items: {
          type: 'object',
          required: ['kind', 'game', 'bets', 'stake', 'ggr'],
          properties: { kind: { type: 'string', enum: ['live', 'international'] }, game: { type: 'string' }, bets: countSchema, stake: rupeesSchema, ggr: rupeesSchema },
        },
      },
      pending: { type: 'object', required: ['deposit', 'withdraw'], properties: { deposit: pendingQueueSchema, withdraw: pendingQueueSchema } },
      bySite: {
        type: 'array',
        items: {
          type: 'object',
          required: ['siteId', 'siteName', 'turnover', 'bets', 'ggr', 'ownShare', 'activePlayers', 'players', 'exposure', 'depositsWaiting', 'withdrawalsWaiting'],
          properties: {
            siteId: { type: 'string' },
            siteName: { type: 'string' },
            turnover: rupeesSchema,
            bets: countSchema,
            ggr: rupeesSchema,
            ownShare: rupeesSchema,
            activePlayers: countSchema,
            players: countSchema,
            exposure: rupeesSchema,
            depositsWaiting: countSchema,
            withdrawalsWaiting: countSchema,
          },
        },
      },
    },
  } as const),
} as const;
