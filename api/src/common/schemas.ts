/**
 * JSON-schema building blocks shared by the route files. Every response is the envelope
 * `{ data, message }` (contracts/api.ts); errors use the same envelope with `data.code`.
 *
 * A route's JSON schema is the one source of its request's shape: the body, query and path
 * types its handler sees are derived from it (`RouteTypes`), never written beside it. So every
 * schema and building block is a literal (`as const`): a `Record<string, unknown>` would say
 * nothing a type could be derived from.
 */
import { ROLES } from '@backlay/shared/contracts';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

type Schema = Record<string, unknown>;

/**
 * The types of a route's request, derived from its schema's body, querystring, params and
 * headers, as Fastify's route generic: `app.post<RouteTypes<typeof addUserSchema>>('/add-user', …)`.
 */
export type RouteTypes<S> = (S extends { body: infer B extends JSONSchema } ? { Body: FromSchema<B> } : unknown) &
  (S extends { querystring: infer Q extends JSONSchema } ? { Querystring: FromSchema<Q> } : unknown) &
  (S extends { params: infer P extends JSONSchema } ? { Params: FromSchema<P> } : unknown) &
  (S extends { headers: infer H extends JSONSchema } ? { Headers: FromSchema<H> } : unknown);

/** A route's body type, derived from its schema. */
export type BodyOf<S extends { body: JSONSchema }> = FromSchema<S['body']>;
/** A route's query type, derived from its schema. */
export type QueryOf<S extends { querystring: JSONSchema }> = FromSchema<S['querystring']>;

/**
 * True when every A is a B and every B an A: a request type of the contracts (what the front
 * end sends) and the type derived from the route's schema (what the API accepts) agree.
 */
export type Agree<A, B> = IsAny<B> extends true ? false : [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * True when every A is a B: the API accepts every request the contract describes, where the
 * schema is looser on purpose (a rules file refuses the rest with its own readable message).
 */
export type Accepts<Contract, Derived> = IsAny<Derived> extends true ? false : [Contract] extends [Derived] ? true : false;
/** `any` (a schema nothing could be derived from) agrees with everything: it never counts. */
type IsAny<T> = 0 extends 1 & T ? true : false;
/**
 * A compile-time check over `Agree` and `Accepts` results: one `false` fails the type-check (pnpm typecheck)
 * at the schema that drifted from its contract.
 */
export type AllAgree<T extends readonly true[]> = T;

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

export const nullSchema = { type: 'null' } as const;
export const roleSchema = { type: 'string', enum: ROLES } as const;
export const uuidSchema = { type: 'string', format: 'uuid' } as const;
export const isoTimeSchema = { type: 'string', format: 'date-time' } as const;
export const nullableIsoTimeSchema = { type: ['string', 'null'], format: 'date-time' } as const;
/** Rupees with two decimals. */
export const rupeesSchema = { type: 'number' } as const;

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
export const rupeesField = { type: 'number', minimum: -RUPEES_FIELD_MAX, maximum: RUPEES_FIELD_MAX } as const;
/** A percentage with two decimals, stored in basis points (int column). */
export const percentField = { type: 'number', minimum: -INT4_MAX / 100, maximum: INT4_MAX / 100 } as const;
/** A decimal price with two decimals, stored in hundredths (int column): > 0. */
export const hundredthsField = { type: 'number', exclusiveMinimum: 0, maximum: INT4_MAX / 100 } as const;
/** An int column's value, from `minimum`. */
export function int4Field<const Minimum extends number>(minimum: Minimum) {
  return { type: 'integer', minimum, maximum: INT4_MAX } as const;
}

/** Bearer authentication, for the OpenAPI document. */
export const bearerSecurity = [{ bearerAuth: [] }];
