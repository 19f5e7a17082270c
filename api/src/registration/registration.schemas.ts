/** JSON schemas of the registration routes (request and response). */
import {
  PAGE_SIZE_MAX,
  PASSWORD_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  SMS_OUTBOX_SORT_KEYS,
  SORT_ORDERS,
  type SendOtpRequest,
  type SmsOutboxQuery,
  type UserRegisterRequest,
} from '@backlay/shared/contracts';
import { loginSchema } from '../auth/auth.schemas';
import { bearerSecurity, isoTimeSchema, responses, type Agree, type AllAgree, type BodyOf, type QueryOf } from '../common/schemas';

/** Generous bounds: the rules (and their messages) are checked by the service. */
const phoneField = { type: 'string', maxLength: 32 } as const;
const captchaField = { type: 'string', maxLength: 2048 } as const;

export const sendOtpSchema = {
  tags: ['registration'],
  body: {
    type: 'object',
    required: ['phone', 'captcha'],
    additionalProperties: false,
    properties: { phone: phoneField, captcha: captchaField },
  },
  response: responses({
    type: 'object',
    required: ['success', 'resendAfterSec', 'nonce'],
    properties: { success: { type: 'boolean' }, resendAfterSec: { type: 'integer' }, nonce: { type: 'string' } },
  }),
} as const;

/** The SMS gateway's webhook: its own JSON (an object, or an array of them), read by the SMS_DLR_* settings. */
export const smsDeliveryReportSchema = {
  tags: ['registration'],
  description:
    'The SMS gateway\'s delivery reports (SMS_PROVIDER=http with SMS_DLR_TOKEN; 404 otherwise). The token is the query\'s `token` or the x-sms-dlr-token header.',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { token: { type: 'string', maxLength: 200 } },
  },
  headers: {
    type: 'object',
    properties: { 'x-sms-dlr-token': { type: 'string', maxLength: 200 } },
  },
  body: {
    anyOf: [
      { type: 'object', maxProperties: 100 },
      { type: 'array', maxItems: 500, items: { type: 'object', maxProperties: 100 } },
    ],
  },
  response: responses({
    type: 'object',
    required: ['received', 'updated'],
    properties: { received: { type: 'integer' }, updated: { type: 'integer' } },
  }),
} as const;

export const captchaChallengeSchema = {
  tags: ['registration'],
  response: responses({
    type: 'object',
    required: ['algorithm', 'challenge', 'salt', 'maxnumber', 'signature'],
    properties: {
      algorithm: { type: 'string', enum: ['SHA-256'] },
      challenge: { type: 'string' },
      salt: { type: 'string' },
      maxnumber: { type: 'integer' },
      signature: { type: 'string' },
    },
  }),
} as const;

export const userRegisterSchema = {
  tags: ['registration'],
  body: {
    type: 'object',
    required: ['username', 'password', 'phone', 'otp', 'nonce', 'captcha'],
    additionalProperties: false,
    properties: {
      username: { type: 'string', maxLength: 64 },
      password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH * 4 },
      phone: phoneField,
      otp: { type: 'string', maxLength: 16 },
      nonce: { type: 'string', maxLength: 64 },
      // The client's own notes about the device (docs/rules/product.md §3 `logs`): kept only as an untrusted note.
      logs: {
        type: 'object',
        maxProperties: 20,
        additionalProperties: { type: 'string', maxLength: 500 },
      },
      isDemo: { type: 'boolean' },
      captcha: captchaField,
    },
  },
  response: loginSchema.response,
} as const;

export const smsOutboxSchema = {
  tags: ['registration'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100_000 },
      // Capped at PAGE_SIZE_MAX by the route (docs/rules/test-plan.md T12: 10,000 returns 100).
      limit: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, description: 'Part of a phone number, within the outbox.' },
      sort: { type: 'string', enum: SMS_OUTBOX_SORT_KEYS, description: 'The column to order by (ADR 0068); then newest first. Default: newest first.' },
      order: { type: 'string', enum: SORT_ORDERS, description: 'Default asc (with sort).' },
    },
  },
  response: responses({
    type: 'object',
    required: ['rows', 'total', 'page', 'limit'],
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'phone', 'purpose', 'body', 'createdAt'],
          properties: {
            id: { type: 'integer' },
            phone: { type: 'string' },
            purpose: { type: 'string' },
            body: { type: 'string' },
            createdAt: isoTimeSchema,
          },
        },
      },
      total: { type: 'integer' },
      page: { type: 'integer' },
      limit: { type: 'integer', maximum: PAGE_SIZE_MAX },
    },
  }),
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type RegistrationContractsAgree = AllAgree<
  [
    Agree<SendOtpRequest, BodyOf<typeof sendOtpSchema>>,
    Agree<UserRegisterRequest, BodyOf<typeof userRegisterSchema>>,
    Agree<SmsOutboxQuery, QueryOf<typeof smsOutboxSchema>>,
  ]
>;
