/**
 * Request and response schemas of the payment routes (shapes of contracts/payments.ts). Form
 * fields are typed loosely here on purpose: the pure rules (payment-rules.ts) check them in
 * form order with the spec's messages ('Account Holder Name is required', …), which a schema's
 * first error could not give.
 */
import { siteIdSchema } from '../sites/site-scope';
import {
  IDEMPOTENCY_HEADER,
  PAYMENT_SORT_KEYS,
  SEARCH_MAX_LENGTH,
  SORT_ORDERS,
  UPLOAD_FIELD,
  type AddBankAccountRequest,
  type AddUpiRequest,
  type DeleteUpiBankRequest,
  type DepositWithdrawListRequest,
  type UpdateDepositWithdrawStatusRequest,
} from '@backlay/shared/contracts';
import {
  bearerSecurity,
  isoTimeSchema,
  nullableIsoTimeSchema,
  responses,
  rupeesSchema,
  uuidSchema,
  type Accepts,
  type Agree,
  type AllAgree,
  type BodyOf,
} from '../common/schemas';

const formText = { type: 'string', maxLength: 400 } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const successSchema = {
  type: 'object',
  required: ['success'],
  properties: { success: { type: 'boolean', enum: [true] } },
} as const;

export const paymentSettingsSchema = {
  type: 'object',
  required: ['upiId', 'upiName', 'accountHolderName', 'accountNumber', 'ifscCode'],
  properties: {
    upiId: { type: 'string' },
    upiName: { type: 'string' },
    accountHolderName: { type: 'string' },
    accountNumber: { type: 'string' },
    ifscCode: { type: 'string' },
  },
} as const;

const savedBankSchema = {
  type: 'object',
  required: ['_id', 'accountHolderName', 'accountNumber', 'ifscCode'],
  properties: { _id: uuidSchema, accountHolderName: { type: 'string' }, accountNumber: { type: 'string' }, ifscCode: { type: 'string' } },
} as const;

const savedUpiSchema = {
  type: 'object',
  required: ['_id', 'upiId'],
  properties: { _id: uuidSchema, upiId: { type: 'string' } },
} as const;

export const bankAndUpiListSchema = {
  type: 'object',
  required: ['bank', 'upi'],
  properties: { bank: { type: 'array', items: savedBankSchema }, upi: { type: 'array', items: savedUpiSchema } },
} as const;

export const paymentRequestRowSchema = {
  type: 'object',
  required: [
    '_id',
    'type',
    'amount',
    'createdAt',
    'status',
    'remark',
    'accountType',
    'utrno',
    'screenshotUrl',
    'payTo',
    'username',
    'decidedAt',
    'decidedBy',
  ],
  properties: {
    _id: uuidSchema,
    type: { type: 'string', enum: ['deposit', 'withdraw'] },
    amount: rupeesSchema,
    createdAt: isoTimeSchema,
    status: { type: 'string', enum: ['approved', 'pending', 'rejected'] },
    remark: { type: 'string' },
    accountType: { type: 'string', enum: ['upi', 'bank'] },
    utrno: nullableText,
    screenshotUrl: nullableText,
    payTo: nullableText,
    username: { type: 'string' },
    decidedAt: nullableIsoTimeSchema,
    decidedBy: nullableText,
  },
} as const;

export const idempotencyHeaders = {
  type: 'object',
  required: [IDEMPOTENCY_HEADER],
  properties: { [IDEMPOTENCY_HEADER]: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;

const tags = ['payments'] as const;

export const addBankAccountSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { accountHolderName: formText, accountNumber: formText, ifscCode: formText },
  },
  response: responses(successSchema),
} as const;

export const addUpiSchema = {
  tags,
  security: bearerSecurity,
  body: { type: 'object', additionalProperties: false, properties: { upiId: formText } },
  response: responses(successSchema),
} as const;

export const deleteUpiBankSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['type', 'id'],
    additionalProperties: false,
    properties: { type: { type: 'string', enum: ['bank', 'upi'] }, id: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  response: responses(successSchema),
} as const;

export const bankAndUpiListRouteSchema = { tags, security: bearerSecurity, response: responses(bankAndUpiListSchema) } as const;

export const addDepositWithdrawSchema = {
  tags,
  security: bearerSecurity,
  description:
    `A deposit is multipart/form-data with the fields type=deposit, amount, accountType (upi|bank), utrno, ` +
    `remark and the screenshot file in ${UPLOAD_FIELD} (PNG or JPEG by content, at most 5 MB); a withdraw is ` +
    'a JSON body {type: "withdraw", amount, accountType, bankDetail (a saved account id), remark}. The ' +
    'Idempotency-Key header is required: a repeat returns the first result.',
  consumes: ['multipart/form-data', 'application/json'],
  headers: idempotencyHeaders,
  response: responses(paymentRequestRowSchema),
} as const;

export const depositWithdrawListSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['type', 'startDate', 'endDate', 'reportType'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: ['deposit', 'withdraw'] },
      startDate: { type: 'string', minLength: 1, maxLength: 40 },
      endDate: { type: 'string', minLength: 1, maxLength: 40 },
      reportType: { type: 'string', enum: ['all', 'approved', 'pending', 'rejected'] },
      username: { type: 'string', maxLength: 64 },
      search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, description: 'Part of a username or UTR (case-insensitive), within the listed requests only.' },
      sort: { type: 'string', enum: PAYMENT_SORT_KEYS, description: 'The column to order by (ADR 0068); then newest first. Default: newest first.' },
      order: { type: 'string', enum: SORT_ORDERS, description: 'Default asc (with sort).' },
    },
  },
  response: responses({ type: 'array', items: paymentRequestRowSchema }),
} as const;

const pendingQueueSchema = {
  type: 'object',
  required: ['count', 'oldestAt'],
  properties: { count: { type: 'integer', minimum: 0 }, oldestAt: nullableIsoTimeSchema },
} as const;

/** GET pending-payments: the caller's downline's requests waiting for a decision. */
export const pendingPaymentsSchema = {
  tags,
  security: bearerSecurity,
  description: 'Agents: how many deposit and withdraw requests of the downline wait for a decision, and since when the oldest has.',
  response: responses({
    type: 'object',
    required: ['deposit', 'withdraw'],
    properties: { deposit: pendingQueueSchema, withdraw: pendingQueueSchema },
  } as const),
} as const;

/** `siteId`: another site's details, the Super Admin's (default: the request's site; ADR 0074 "Content per site"). */
const siteQuery = { type: 'object', additionalProperties: false, properties: { siteId: siteIdSchema } } as const;

export const paymentListSchema = { tags, security: bearerSecurity, querystring: siteQuery, response: responses(paymentSettingsSchema) } as const;

export const savePaymentListSchema = {
  tags,
  security: bearerSecurity,
  querystring: siteQuery,
  description:
    'JSON {settingList: {upiId, upiName, accountHolderName, accountNumber, ifscCode}}, or multipart/form-data ' +
    'with the same object as JSON text in the settingList field (or the five fields themselves).',
  consumes: ['application/json', 'multipart/form-data'],
  response: responses(paymentSettingsSchema),
} as const;

export const updateStatusSchema = {
  tags,
  security: bearerSecurity,
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    required: ['id', 'status', 'transactionPassword'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 64 },
      status: { type: 'string', enum: ['approved', 'rejected'] },
      // Longer remarks get the readable message from the rules.
      remark: { type: 'string', maxLength: 800 },
      transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: responses(paymentRequestRowSchema),
} as const;

export const screenshotSchema = {
  tags,
  security: bearerSecurity,
  description: 'The re-encoded screenshot of a deposit request: to its owner and the owner’s upline only.',
  produces: ['image/png', 'image/jpeg'],
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
} as const;

/**
 * The contracts' request types (the front end's) agree with these schemas; the saved-account
 * forms are looser here (payment-rules.ts checks them in form order with the spec's messages).
 */
export type PaymentsContractsAgree = AllAgree<
  [
    Accepts<AddBankAccountRequest, BodyOf<typeof addBankAccountSchema>>,
    Accepts<AddUpiRequest, BodyOf<typeof addUpiSchema>>,
    Agree<DeleteUpiBankRequest, BodyOf<typeof deleteUpiBankSchema>>,
    Agree<DepositWithdrawListRequest, BodyOf<typeof depositWithdrawListSchema>>,
    Agree<UpdateDepositWithdrawStatusRequest, BodyOf<typeof updateStatusSchema>>,
  ]
>;
