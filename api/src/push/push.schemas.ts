/** JSON schemas of the push routes. */
import { bearerSecurity, responses } from '../common/schemas';

const tags = ['push'] as const;
const endpointSchema = { type: 'string', minLength: 10, maxLength: 2048 } as const;
const subscriptionsSchema = { type: 'object', required: ['subscriptions'], properties: { subscriptions: { type: 'integer', minimum: 0 } } } as const;

export const pushKeySchema = {
  tags,
  security: bearerSecurity,
  description: 'The VAPID public key a browser subscribes with (its applicationServerKey), base64url.',
  response: responses({ type: 'object', required: ['publicKey'], properties: { publicKey: { type: 'string' } } } as const),
} as const;

export const pushSubscribeSchema = {
  tags,
  security: bearerSecurity,
  description: "This browser receives the caller's notifications: the PushSubscription's toJSON() (endpoint, keys.p256dh, keys.auth).",
  body: {
    type: 'object',
    required: ['endpoint', 'keys'],
    additionalProperties: false,
    properties: {
      endpoint: endpointSchema,
      // expirationTime, which toJSON() adds, is ignored.
      expirationTime: { type: ['number', 'null'], minimum: 0, maximum: 8_640_000_000_000_000 },
      keys: {
        type: 'object',
        required: ['p256dh', 'auth'],
        additionalProperties: false,
        properties: {
          p256dh: { type: 'string', pattern: '^[A-Za-z0-9_-]{86,88}={0,2}$' },
          auth: { type: 'string', pattern: '^[A-Za-z0-9_-]{22,24}={0,2}$' },
        },
      },
    },
  },
  response: responses(subscriptionsSchema),
} as const;

export const pushUnsubscribeSchema = {
  tags,
  security: bearerSecurity,
  description: "This browser no longer receives the caller's notifications.",
  body: { type: 'object', required: ['endpoint'], additionalProperties: false, properties: { endpoint: endpointSchema } },
  response: responses(subscriptionsSchema),
} as const;
