/** JSON schemas of the hierarchy routes (request and response), shaped as contracts/clients.ts. */
import {
  CLIENT_SORT_KEYS,
  PAGE_SIZE_MAX,
  PASSWORD_MAX_LENGTH,
  ROLES,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  type AddUserRequest,
  type ChangeChildPasswordRequest,
  type ListClientsQuery,
  type LockRequest,
  type MarketBetLockRequest,
  type UpdateUserRequest,
  type UserDetailQuery,
} from '@backlay/shared/contracts';
import {
  bearerSecurity,
  isoTimeSchema,
  nullSchema,
  percentField,
  responses,
  roleSchema,
  rupeesField,
  rupeesSchema,
  uuidSchema,
  type Agree,
  type AllAgree,
  type BodyOf,
  type QueryOf,
} from '../common/schemas';

/**
 * Type-level bounds only; the readable rules (username pattern, password strength, money with
 * two decimals, partnership bounds) are checked by the service with contract messages.
 */
const usernameField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const passwordField = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX_LENGTH * 4 } as const;
const transactionPasswordField = { type: 'string', minLength: 1, maxLength: 64 } as const;

export const clientRowSchema = {
  type: 'object',
  required: [
    '_id', 'username', 'displayName', 'phone', 'role', 'roleLabel', 'status', 'betLock', 'lockedBy', 'betLockedBy', 'balance', 'exposer',
    'available', 'creditReference', 'refPL', 'partnership', 'commission', 'exposureLimit', 'childCount', 'createdAt',
  ],
  properties: {
    _id: uuidSchema,
    username: { type: 'string' },
    displayName: { type: 'string' },
    phone: { type: ['string', 'null'] },
    role: roleSchema,
    roleLabel: { type: 'string' },
    status: { type: 'string', enum: ['active', 'locked', 'closed'] },
    betLock: { type: 'boolean' },
    lockedBy: { type: ['string', 'null'] },
    betLockedBy: { type: ['string', 'null'] },
    balance: rupeesSchema,
    exposer: rupeesSchema,
    available: rupeesSchema,
    creditReference: rupeesSchema,
    refPL: rupeesSchema,
    partnership: { type: 'number' },
    commission: { type: 'number' },
    exposureLimit: { type: ['number', 'null'] },
    childCount: { type: 'integer' },
    createdAt: isoTimeSchema,
  },
} as const;

const pageFields = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX },
} as const;

const sumsSchema = {
  type: 'object',
  required: ['balance', 'exposer', 'available', 'creditReference', 'refPL'],
  properties: {
    balance: rupeesSchema,
    exposer: rupeesSchema,
    available: rupeesSchema,
    creditReference: rupeesSchema,
    refPL: rupeesSchema,
  },
} as const;

export const listClientsSchema = {
  tags: ['users'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      // Empty means the caller (a form may send username= for "mine").
      username: { type: 'string', maxLength: 64 },
      search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, description: 'Part of a username or display name (case-insensitive), among the listed children only.' },
      sort: { type: 'string', enum: CLIENT_SORT_KEYS, description: 'The column to order by (ADR 0068); then username. Default username.' },
      order: { type: 'string', enum: SORT_ORDERS, description: 'Default asc.' },
      ...pageFields,
    },
  },
  response: responses({
    type: 'object',
    required: ['parent', 'path', 'rows', 'total', 'page', 'pageSize', 'totals'],
    properties: {
      parent: {
        type: 'object',
        required: ['_id', 'username', 'role', 'roleLabel'],
        properties: { _id: uuidSchema, username: { type: 'string' }, role: roleSchema, roleLabel: { type: 'string' } },
      },
      path: {
        type: 'array',
        items: {
          type: 'object',
          required: ['username', 'roleLabel'],
          properties: { username: { type: 'string' }, roleLabel: { type: 'string' } },
        },
      },
      rows: { type: 'array', items: clientRowSchema },
      total: { type: 'integer' },
      page: { type: 'integer' },
      pageSize: { type: 'integer' },
      totals: sumsSchema,
    },
  }),
} as const;

export const userDetailSchema = {
  tags: ['users'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    required: ['username'],
    additionalProperties: false,
    properties: { username: usernameField },
  },
  response: responses(clientRowSchema),
} as const;

const accountFields = {
  displayName: { type: 'string', maxLength: 200 },
  // The contract's phone is optional; null and '' mean none as well.
  phone: { type: ['string', 'null'], maxLength: 32 },
  partnership: percentField,
  creditReference: rupeesField,
  commission: percentField,
  exposureLimit: { ...rupeesField, type: ['number', 'null'] },
  transactionPassword: transactionPasswordField,
} as const;

export const addUserSchema = {
  tags: ['users'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: [
      'username', 'displayName', 'password', 'role', 'partnership', 'creditReference', 'commission', 'exposureLimit',
      'transactionPassword',
    ],
    additionalProperties: false,
    properties: {
      username: { type: 'string', maxLength: 64 },
      password: passwordField,
      role: { type: 'string', enum: ROLES },
      ...accountFields,
    },
  },
  response: responses(clientRowSchema),
} as const;

export const updateUserSchema = {
  tags: ['users'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['username', 'displayName', 'partnership', 'creditReference', 'commission', 'exposureLimit', 'transactionPassword'],
    // Anything else (role, parentId, balance, status…) is dropped before the handler (T9 BOPLA).
    additionalProperties: false,
    properties: { username: usernameField, ...accountFields },
  },
  response: responses(clientRowSchema),
} as const;

export const lockSchema = {
  tags: ['users'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['username', 'lock', 'transactionPassword'],
    additionalProperties: false,
    properties: { username: usernameField, lock: { type: 'boolean' }, transactionPassword: transactionPasswordField },
  },
  response: responses(clientRowSchema),
} as const;

export const changeChildPasswordSchema = {
  tags: ['users'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['username', 'newPassword', 'transactionPassword'],
    additionalProperties: false,
    properties: { username: usernameField, newPassword: passwordField, transactionPassword: transactionPasswordField },
  },
  response: responses(nullSchema),
} as const;

export const downlineSchema = {
  tags: ['users'],
  security: bearerSecurity,
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['_id', 'username', 'role', 'roleLabel', 'status', 'balance', 'exposer', 'createdAt'],
      properties: {
        _id: uuidSchema,
        username: { type: 'string' },
        role: roleSchema,
        roleLabel: { type: 'string' },
        status: { type: 'string', enum: ['active', 'locked', 'closed'] },
        balance: rupeesSchema,
        exposer: rupeesSchema,
        createdAt: isoTimeSchema,
      },
    },
  }),
} as const;

/**
 * POST bet-lock: the user bet-lock ({username, lock} → the ClientRow), or with a marketId the
 * market bet-lock of that user's subtree ({username, marketId, lock} → null).
 */
export const betLockSchema = {
  ...lockSchema,
  body: {
    ...lockSchema.body,
    properties: { ...lockSchema.body.properties, marketId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  response: responses({ anyOf: [clientRowSchema, nullSchema] }),
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type UsersContractsAgree = AllAgree<
  [
    Agree<ListClientsQuery, QueryOf<typeof listClientsSchema>>,
    Agree<UserDetailQuery, QueryOf<typeof userDetailSchema>>,
    Agree<AddUserRequest, BodyOf<typeof addUserSchema>>,
    Agree<UpdateUserRequest, BodyOf<typeof updateUserSchema>>,
    Agree<LockRequest, BodyOf<typeof lockSchema>>,
    Agree<LockRequest | MarketBetLockRequest, BodyOf<typeof betLockSchema>>,
    Agree<ChangeChildPasswordRequest, BodyOf<typeof changeChildPasswordSchema>>,
  ]
>;
