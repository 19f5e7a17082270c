/** JSON schemas of the auth routes (request and response). */
import {
  PASSWORD_MAX_LENGTH,
  type ChangePasswordRequest,
  type LoginRequest,
  type RefreshRequest,
  type TransactionPasswordRequest,
} from '@backlay/shared/contracts';
import {
  bearerSecurity,
  nullableIsoTimeSchema,
  nullSchema,
  responses,
  roleSchema,
  rupeesSchema,
  uuidSchema,
  type Agree,
  type AllAgree,
  type BodyOf,
} from '../common/schemas';

/** Generous bound on any password field, so hashing cost stays bounded; rules are checked later. */
const passwordField = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 } as const;

/** The session a login issues. */
export const loginSessionSchema = {
  type: 'object',
  required: ['token', 'refreshToken', 'role', '_id', 'username', 'sessionId', 'changePassAndTxn', 'lastLoginAt'],
  properties: {
    token: { type: 'string' },
    refreshToken: { type: 'string' },
    role: roleSchema,
    _id: uuidSchema,
    username: { type: 'string' },
    sessionId: uuidSchema,
    changePassAndTxn: { type: 'boolean' },
    lastLoginAt: nullableIsoTimeSchema,
  },
} as const;

/** The answer of a right password when two-factor is on: the second step (POST /api/login-two-factor). */
export const twoFactorChallengeSchema = {
  type: 'object',
  required: ['twoFactorRequired', 'challenge', 'expiresInSec'],
  properties: {
    twoFactorRequired: { type: 'boolean', enum: [true] },
    challenge: { type: 'string' },
    expiresInSec: { type: 'integer' },
  },
} as const;

export const loginSchema = {
  tags: ['auth'],
  body: {
    type: 'object',
    required: ['username', 'password'],
    additionalProperties: false,
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 64 },
      password: passwordField,
    },
  },
  response: responses({ anyOf: [loginSessionSchema, twoFactorChallengeSchema] }),
} as const;

export const refreshSchema = {
  tags: ['auth'],
  body: {
    type: 'object',
    required: ['token'],
    additionalProperties: false,
    properties: { token: { type: 'string', minLength: 1, maxLength: 256 } },
  },
  response: responses({
    type: 'object',
    required: ['token', 'refreshToken'],
    properties: { token: { type: 'string' }, refreshToken: { type: 'string' } },
  }),
} as const;

export const userInfoSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  response: responses({
    type: 'object',
    required: [
      '_id',
      'username',
      'role',
      'roleLabel',
      'sessionId',
      'balance',
      'exposer',
      'changePassAndTxn',
      'mustChangePassword',
      'hasTransactionPassword',
      'lastLoginAt',
    ],
    properties: {
      _id: uuidSchema,
      username: { type: 'string' },
      role: roleSchema,
      roleLabel: { type: 'string' },
      sessionId: uuidSchema,
      balance: rupeesSchema,
      exposer: rupeesSchema,
      changePassAndTxn: { type: 'boolean' },
      mustChangePassword: { type: 'boolean' },
      hasTransactionPassword: { type: 'boolean' },
      lastLoginAt: nullableIsoTimeSchema,
    },
  }),
} as const;

const setupStateSchema = {
  type: 'object',
  required: ['changePassAndTxn'],
  properties: { changePassAndTxn: { type: 'boolean' } },
} as const;

export const changePasswordSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['oldPassword', 'newPassword', 'confirmPassword'],
    additionalProperties: false,
    properties: { oldPassword: passwordField, newPassword: passwordField, confirmPassword: passwordField },
  },
  response: responses(setupStateSchema),
} as const;

export const transactionPasswordSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['password', 'transactionPassword', 'confirmTransactionPassword'],
    additionalProperties: false,
    properties: {
      password: passwordField,
      transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
      confirmTransactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: responses(setupStateSchema),
} as const;

export const logoutSchema = {
  tags: ['auth'],
  security: bearerSecurity,
  response: responses(nullSchema),
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type AuthContractsAgree = AllAgree<
  [
    Agree<LoginRequest, BodyOf<typeof loginSchema>>,
    Agree<RefreshRequest, BodyOf<typeof refreshSchema>>,
    Agree<ChangePasswordRequest, BodyOf<typeof changePasswordSchema>>,
    Agree<TransactionPasswordRequest, BodyOf<typeof transactionPasswordSchema>>,
  ]
>;
