/**
 * JSON-schema building blocks shared by the route files. Every response is the envelope
 * `{ data, message }` (contracts/api.ts); errors use the same envelope with `data.code`.
 */
import { ROLES } from '@backlay/shared/contracts';

type Schema = Record<string, unknown>;

/** The success envelope around a payload schema. */
export function envelope(data: Schema): Schema {
  return {
    type: 'object',
    required: ['data', 'message'],
    properties: { data, message: { type: 'string' } },
  };
}

/** The error envelope: `data` is `{ code, details?, maintenance? }` (any JSON is passed through). */
export const errorEnvelope: Schema = {
  type: 'object',
  required: ['data', 'message'],
  properties: {
    data: {
      type: 'object',
      additionalProperties: true,
      properties: {
        code: { type: 'string' },
        maintenance: { type: 'boolean' },
        details: {},
      },
    },
    message: { type: 'string' },
  },
};

/** Response schemas of every route: its success schema plus the error envelope. */
export function responses(ok: Schema): Record<string, Schema> {
  return { 200: envelope(ok), '4xx': errorEnvelope, '5xx': errorEnvelope };
}

export const nullSchema: Schema = { type: 'null' };
export const roleSchema: Schema = { type: 'string', enum: [...ROLES] };
export const uuidSchema: Schema = { type: 'string', format: 'uuid' };
export const isoTimeSchema: Schema = { type: 'string', format: 'date-time' };
export const nullableIsoTimeSchema: Schema = { type: ['string', 'null'], format: 'date-time' };
/** Rupees with two decimals. */
export const rupeesSchema: Schema = { type: 'number' };

/** Bearer authentication, for the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];
