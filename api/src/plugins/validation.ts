/**
 * Request validation at the edge (docs/rules/test-plan.md T14, issue step 6 items 3–4). Three rules on top of
 * each route's JSON schema:
 *
 *  - Bodies are never coerced. A JSON body says what it means: `true`, `"0x10"` or `[5]` where a
 *    number is expected is a 400, not 1, 16 or 5. Fastify's default Ajv coerces every part
 *    (`coerceTypes: 'array'`); bodies get an Ajv of their own with coercion off.
 *  - Query strings and path parameters arrive as text, so their numbers are coerced, but only from
 *    plain decimal text: `"0x10"`, `"1e3"`, `"Infinity"`, `" 5"` stay text and fail the type.
 *  - No text with a NUL character or a lone UTF-16 surrogate reaches a handler (PostgreSQL
 *    refuses the first and mangles the second): any string, or object key, in the body, the
 *    query or the path parameters of any route is checked before its schema, schema or not.
 *
 * Everything else of Fastify's defaults is kept (useDefaults, removeAdditional, ajv-formats).
 */
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** @fastify/ajv-compiler's defaults (lib/default-ajv-options.js), less the URI resolver. */
const FASTIFY_AJV_DEFAULTS: Options = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
};

function newAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...FASTIFY_AJV_DEFAULTS, ...options });
  addFormats(ajv);
  return ajv;
}

/** Plain decimal text: an optional minus, digits, an optional fraction. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

type JsonSchema = Record<string, unknown>;

/** 'integer' or 'number' when the schema admits a number, else null. */
function numericType(schema: unknown): 'integer' | 'number' | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const type = (schema as JsonSchema).type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('number')) return 'number';
  return types.includes('integer') ? 'integer' : null;
}

function isNumericSchema(schema: unknown): boolean {
  return numericType(schema) !== null;
}

/** The properties of an object schema (query string, params) whose values are numbers, with their type. */
export function numericProperties(schema: unknown): Array<[string, 'integer' | 'number']> {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as JsonSchema).properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as JsonSchema).flatMap(([name, property]) => {
    const type = numericType(property);
    return type === null ? [] : [[name, type] as [string, 'integer' | 'number']];
  });
}

/** A validate function that refuses non-decimal text in numeric fields, then runs Ajv's. */
function withDecimalText(validate: ValidateFunction, fields: ReadonlyArray<[string, 'integer' | 'number']>): ValidateFunction {
  if (fields.length === 0) return validate;
  const strict = ((data: unknown) => {
    if (typeof data === 'object' && data !== null) {
      for (const [field, type] of fields) {
        const raw = (data as Record<string, unknown>)[field];
        const values = Array.isArray(raw) ? raw : [raw];
        for (const value of values) {
          if (typeof value === 'string' && !DECIMAL_TEXT.test(value)) {
            const error: ErrorObject = {
              keyword: 'type',
              instancePath: `/${field}`,
              schemaPath: `#/properties/${field}/type`,
              params: { type },
              // Ajv's own words for a value of the wrong type.
              message: `must be ${type}`,
            };
            strict.errors = [error];
            return false;
          }
        }
      }
    }
    const valid = validate(data);
    strict.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return strict;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text is refused, or null: a NUL character, or a UTF-16 surrogate without its pair. */
export function badText(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text';
  return null;
}

/** The first bad text in a parsed value (strings and object keys, any depth), with its path. */
export function findBadText(value: unknown, path = ''): { path: string; reason: string } | null {
  if (typeof value === 'string') {
    const reason = badText(value);
    return reason === null ? null : { path, reason };
  }
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const keyReason = badText(key);
    if (keyReason !== null) return { path: `${path}/${key}`, reason: `field names ${keyReason}` };
    const found = findBadText(inner, `${path}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

/** A 400 VALIDATION error shaped like Fastify's, so the one error handler words it. */
function validationError(issue: { path: string; reason: string }, context: string): Error {
  const error = new Error(issue.reason) as Error & { validation: unknown; validationContext: string; statusCode: number };
  error.statusCode = 400;
  error.validationContext = context;
  error.validation = [{ keyword: 'text', instancePath: issue.path, schemaPath: '', params: {}, message: issue.reason }];
  return error;
}

/**
 * Every number a request may carry has both bounds in its schema, so no value past what its
 * column (or JavaScript's safe integers) holds reaches SQL: a schema without them fails at start,
 * naming the route and the field.
 */
export function unboundedNumbers(schema: unknown, path = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as JsonSchema;
  const found: string[] = [];
  if (isNumericSchema(node)) {
    const low = node.minimum ?? node.exclusiveMinimum;
    const high = node.maximum ?? node.exclusiveMaximum;
    const within = (value: unknown) => typeof value === 'number' && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
    if (!within(low) || !within(high)) found.push(path === '' ? '(root)' : path);
  }
  for (const key of ['properties', 'patternProperties'] as const) {
    const children = node[key];
    if (typeof children === 'object' && children !== null) {
      for (const [name, child] of Object.entries(children)) found.push(...unboundedNumbers(child, `${path}/${name}`));
    }
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const) {
    if (typeof node[key] === 'object') found.push(...unboundedNumbers(node[key], `${path}/${key === 'items' ? '*' : key}`));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child) => found.push(...unboundedNumbers(child, path)));
  }
  return found;
}

async function validationPlugin(app: FastifyInstance): Promise<void> {
  const bodies = newAjv({ coerceTypes: false });
  const parts = newAjv({});

  app.setValidatorCompiler(({ schema, httpPart, method, url }) => {
    const unbounded = unboundedNumbers(schema);
    if (unbounded.length > 0) {
      throw new Error(`${method} ${url}: the ${httpPart ?? 'request'} numbers ${unbounded.join(', ')} need a minimum and a maximum`);
    }
    if (httpPart === 'body') return bodies.compile(schema);
    const validate = parts.compile(schema);
    return httpPart === 'querystring' || httpPart === 'params' ? withDecimalText(validate, numericProperties(schema)) : validate;
  });

  app.addHook('preValidation', async (request) => {
    const inputs: ReadonlyArray<[string, unknown]> = [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ];
    for (const [context, value] of inputs) {
      const found = findBadText(value);
      if (found !== null) throw validationError(found, context);
    }
  });
}

/** Registered at the root before any route, so every route compiles with these rules. */
export const requestValidation = fp(validationPlugin, { name: 'request-validation', fastify: '5.x' });
