/** JSON schemas of the account-security routes (two-factor, login history). */
import {
  AGENT_ROLES,
  PASSWORD_MAX_LENGTH,
  type LoginTwoFactorRequest,
  type TwoFactorConfirmRequest,
  type TwoFactorDisableRequest,
  type TwoFactorPolicy,
} from '@backlay/shared/contracts';
import { loginSessionSchema } from './auth.schemas';
import { bearerSecurity, nullSchema, responses, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

/** A TOTP code (6 digits) or a recovery code ("xxxxx-xxxxx"), loosely: spaces and case are forgiven. */
const codeField = { type: 'string', minLength: 1, maxLength: 32 } as const;
const passwordField = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 } as const;

export const loginTwoFactorSchema = {
  tags: ['auth'],
  body: {
    type: 'object',
    required: ['challenge', 'code'],
    additionalProperties: false,
    properties: { challenge: { type: 'string', minLength: 1, maxLength: 128 }, code: codeField },
  },
  response: responses(loginSessionSchema),
} as const;

export const twoFactorStatusSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  response: responses({
    type: 'object',
    required: ['enabled', 'pending', 'recoveryCodesLeft', 'required'],
    properties: {
      enabled: { type: 'boolean' },
      pending: { type: 'boolean' },
      recoveryCodesLeft: { type: 'integer' },
      required: { type: 'boolean' },
    },
  }),
} as const;

export const twoFactorEnrolSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  response: responses({
    type: 'object',
    required: ['secret', 'otpauthUri'],
    properties: { secret: { type: 'string' }, otpauthUri: { type: 'string' } },
  }),
} as const;

export const twoFactorConfirmSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  body: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: codeField } },
  response: responses({
    type: 'object',
    required: ['recoveryCodes'],
    properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
  }),
} as const;

export const twoFactorDisableSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['password', 'code'],
    additionalProperties: false,
    properties: { password: passwordField, code: codeField },
  },
  response: responses(nullSchema),
} as const;

const policyBody = {
  type: 'object',
  required: ['requiredRoles'],
  additionalProperties: false,
  properties: {
    requiredRoles: { type: 'array', maxItems: AGENT_ROLES.length, uniqueItems: true, items: { type: 'string', enum: AGENT_ROLES } },
  },
} as const;

export const twoFactorPolicySchema = {
  tags: ['auth'],
  security: bearerSecurity,
  response: responses(policyBody),
} as const;

export const saveTwoFactorPolicySchema = {
  tags: ['auth'],
  security: bearerSecurity,
  body: policyBody,
  response: responses(policyBody),
} as const;

const historyResponse = responses({
  type: 'object',
  required: ['rows', 'hasMore'],
  properties: {
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'username', 'area', 'at', 'ip', 'device', 'location', 'success', 'reason'],
        properties: {
          id: { type: 'string' },
          username: { type: 'string' },
          area: { type: 'string' },
          at: { type: 'string' },
          ip: { type: ['string', 'null'] },
          device: { type: 'string' },
          location: { type: 'string' },
          success: { type: 'boolean' },
          reason: { type: 'string' },
        },
      },
    },
    hasMore: { type: 'boolean' },
  },
});

const pageField = { type: 'integer', minimum: 1, maximum: 10_000 } as const;

export const loginHistorySchema = {
  tags: ['auth'],
  security: bearerSecurity,
  querystring: { type: 'object', additionalProperties: false, properties: { page: pageField } },
  response: historyResponse,
} as const;

export const downlineLoginHistorySchema = {
  tags: ['auth'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { page: pageField, username: { type: 'string', maxLength: 64 } },
  },
  response: historyResponse,
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type SecurityContractsAgree = AllAgree<
  [
    Agree<LoginTwoFactorRequest, BodyOf<typeof loginTwoFactorSchema>>,
    Agree<TwoFactorConfirmRequest, BodyOf<typeof twoFactorConfirmSchema>>,
    Agree<TwoFactorDisableRequest, BodyOf<typeof twoFactorDisableSchema>>,
    Agree<TwoFactorPolicy, BodyOf<typeof saveTwoFactorPolicySchema>>,
  ]
>;
