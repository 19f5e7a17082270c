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

/**
 * Request numbers bounded by what their column holds (step 6: no value past a column's range
 * reaches SQL; plugins/validation.ts refuses to compile a request number without both bounds).
 * These are storage bounds, not business rules: a rule such as "commission 0–100 %" keeps its
 * own readable message in its domain's rules file.
 */
/** PostgreSQL's int. */
export const INT4_MAX = 2_147_483_647;
/** Rupees whose paise stay a JavaScript safe integer (so they fit the bigint columns exactly). */
export const RUPEES_FIELD_MAX = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** An amount in rupees (bigint paise column). */
export const rupeesField: Schema = { type: 'number', minimum: -RUPEES_FIELD_MAX, maximum: RUPEES_FIELD_MAX };
/** A percentage with two decimals, stored in basis points (int column). */
export const percentField: Schema = { type: 'number', minimum: -INT4_MAX / 100, maximum: INT4_MAX / 100 };
/** A decimal price with two decimals, stored in hundredths (int column): > 0. */
export const hundredthsField: Schema = { type: 'number', exclusiveMinimum: 0, maximum: INT4_MAX / 100 };
/** An int column's value, from `minimum`. */
export function int4Field(minimum: number): Schema {
  return { type: 'integer', minimum, maximum: INT4_MAX };
}

/** Bearer authentication, for the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];
