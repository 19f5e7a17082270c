/** JSON schemas of the responsible-gambling routes (ADR 0019); the bounds come from the contracts. */
import {
  RG_LIMIT_RUPEES_MAX,
  RG_LIMIT_TYPES,
  RG_REALITY_CHECK_MINUTES_MAX,
  RG_REALITY_CHECK_MINUTES_MIN,
  RG_SELF_EXCLUSION_MONTHS_MAX,
  RG_SELF_EXCLUSION_MONTHS_MIN,
  RG_TIME_OUT_DAYS_MAX,
  RG_TIME_OUT_DAYS_MIN,
  type DownlineRgQuery,
  type RgRealityCheckRequest,
  type RgSelfExcludeRequest,
  type RgSetLimitRequest,
  type RgTimeOutRequest,
} from '@backlay/shared/contracts';
import { bearerSecurity, isoTimeSchema, responses, uuidSchema, type Agree, type AllAgree, type BodyOf, type QueryOf } from '../common/schemas';

const nullableNumber = { type: ['number', 'null'] } as const;

const limitViewSchema = {
  type: 'object',
  required: ['type', 'amount', 'pending'],
  properties: {
    type: { type: 'string', enum: RG_LIMIT_TYPES },
    amount: nullableNumber,
    pending: {
      type: ['object', 'null'],
      required: ['amount', 'effectiveAt'],
      properties: { amount: nullableNumber, effectiveAt: isoTimeSchema },
    },
  },
} as const;

const viewProperties = {
  limits: { type: 'array', items: limitViewSchema },
  realityCheckMinutes: { type: ['integer', 'null'] },
  exclusion: {
    type: ['object', 'null'],
    required: ['kind', 'startsAt', 'endsAt'],
    properties: { kind: { type: 'string', enum: ['time_out', 'self_exclusion'] }, startsAt: isoTimeSchema, endsAt: isoTimeSchema },
  },
} as const;

const viewSchema = { type: 'object', required: ['limits', 'realityCheckMinutes', 'exclusion'], properties: viewProperties } as const;

export const ownSchema = { tags: ['responsible-gambling'], security: bearerSecurity, response: responses(viewSchema) } as const;

export const setLimitSchema = {
  tags: ['responsible-gambling'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['type', 'amount'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: RG_LIMIT_TYPES },
      // Whole rupees; null removes the limit (after 24 hours).
      amount: { type: ['integer', 'null'], minimum: 1, maximum: RG_LIMIT_RUPEES_MAX },
    },
  },
  response: responses(viewSchema),
} as const;

export const realityCheckSettingSchema = {
  tags: ['responsible-gambling'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['minutes'],
    additionalProperties: false,
    properties: { minutes: { type: ['integer', 'null'], minimum: RG_REALITY_CHECK_MINUTES_MIN, maximum: RG_REALITY_CHECK_MINUTES_MAX } },
  },
  response: responses(viewSchema),
} as const;

const confirmField = { type: 'boolean', enum: [true] } as const;

export const timeOutSchema = {
  tags: ['responsible-gambling'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['days', 'confirm'],
    additionalProperties: false,
    properties: { days: { type: 'integer', minimum: RG_TIME_OUT_DAYS_MIN, maximum: RG_TIME_OUT_DAYS_MAX }, confirm: confirmField },
  },
  response: responses(viewSchema),
} as const;

export const selfExcludeSchema = {
  tags: ['responsible-gambling'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['months', 'confirm'],
    additionalProperties: false,
    properties: {
      months: { type: 'integer', minimum: RG_SELF_EXCLUSION_MONTHS_MIN, maximum: RG_SELF_EXCLUSION_MONTHS_MAX },
      confirm: confirmField,
    },
  },
  response: responses(viewSchema),
} as const;

export const realityCheckSchema = {
  tags: ['responsible-gambling'],
  security: bearerSecurity,
  response: responses({
    type: 'object',
    required: ['intervalMinutes', 'sessionStartedAt', 'netPnl'],
    properties: { intervalMinutes: { type: ['integer', 'null'] }, sessionStartedAt: isoTimeSchema, netPnl: { type: 'number' } },
  }),
} as const;

export const downlineSchema = {
  tags: ['responsible-gambling'],
  security: bearerSecurity,
  querystring: { type: 'object', additionalProperties: false, properties: { username: { type: 'string', maxLength: 64 } } },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['userId', 'username', 'limits', 'realityCheckMinutes', 'exclusion'],
      properties: { userId: uuidSchema, username: { type: 'string' }, ...viewProperties },
    },
  }),
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type RgContractsAgree = AllAgree<
  [
    Agree<RgSetLimitRequest, BodyOf<typeof setLimitSchema>>,
    Agree<RgRealityCheckRequest, BodyOf<typeof realityCheckSettingSchema>>,
    Agree<RgTimeOutRequest, BodyOf<typeof timeOutSchema>>,
    Agree<RgSelfExcludeRequest, BodyOf<typeof selfExcludeSchema>>,
    Agree<DownlineRgQuery, QueryOf<typeof downlineSchema>>,
  ]
>;
