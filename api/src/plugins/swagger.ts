/**
 * OpenAPI document generated from the route schemas, with the UI at /api/docs. Each operation
 * also carries its access rule (`x-access`) and, where its input names an object of some account
 * (an account, a bet, a payment request, a screenshot, a saved payout account), `x-target`:
 * `[{ in, field, kind }]` from the route's `config.targets`. The authorization matrix
 * (api/test/authorization-matrix.test.ts, docs/rules/test-plan.md T9) generates its cases from both.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccess } from './auth';

/**
 * The kinds of object a request can name that belong to an account (docs/rules/test-plan.md T9 targets): an
 * account of any role (`user`), a player's account (`player`: the route has rows of players
 * only), a bet, a payment request, a payment screenshot, a saved payout account.
 */
export type TargetKind = 'user' | 'player' | 'bet' | 'paymentRequest' | 'screenshot' | 'savedAccount';

/**
 * One input of a route that names an object of some account: the field (in the query, the JSON
 * body or the path) and what it names. A username names the account itself.
 */
export interface RouteTarget {
  in: 'query' | 'body' | 'path';
  field: string;
  kind: TargetKind;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's target inputs, declared once beside its access rule (`x-target`). */
    targets?: readonly RouteTarget[];
  }
}

/**
 * Who may call a route, as the access hook enforces it (plugins/auth.ts), written into its
 * operation as `x-access`: `{ kind: 'public' | 'signedIn', area?, roles?, forbiddenMessage? }` (the
 * 403's message for a role outside `roles`, when not the default). Readers of the
 * document see the rule, and the authorization tests generate their cases from it (docs/rules/test-plan.md T9:
 * every role outside `roles` gets 403 before the request is validated).
 */
export function accessOf(
  route: Pick<RouteOptions, 'config'>,
): { kind: RouteAccess['kind']; area?: string; roles?: readonly string[]; forbiddenMessage?: string } | null {
  const access = (route.config as { access?: RouteAccess } | undefined)?.access;
  if (access === undefined) return null;
  if (access.kind === 'public') return access.area === undefined ? { kind: 'public' } : { kind: 'public', area: access.area };
  return {
    kind: 'signedIn',
    ...(access.area === undefined ? {} : { area: access.area }),
    ...(access.roles === undefined ? {} : { roles: [...access.roles] }),
    ...(access.forbiddenMessage === undefined ? {} : { forbiddenMessage: access.forbiddenMessage }),
  };
}

/**
 * The operationId of a route (what a generated client names its method): the path after /api in
 * camelCase, a GET's with "get" in front unless it starts with it, other methods but POST with
 * their own; path parameters as "By<Name>". GET /api/get-match-list → getMatchList, POST
 * /api/placebet → placebet, GET /api/two-factor-policy → getTwoFactorPolicy, POST → twoFactorPolicy.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((part) => (/^[:{]/.test(part) ? ['by', part.replace(/[:{}]/g, '')] : part.split(/[-_.]/)))
    .filter((word) => word !== '');
  const verb = method.toUpperCase() === 'POST' ? [] : words[0] === method.toLowerCase() ? [] : [method.toLowerCase()];
  return [...verb, ...words].map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** A summary from the operationId's words: getMatchList → "Get match list". */
export function summaryOf(operationId: string): string {
  const words = operationId.replace(/([A-Z])/g, ' $1').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A route schema as OpenAPI 3.0 writes it: the routes' JSON Schema (draft-07, what Ajv validates)
 * says `exclusiveMinimum: 0`; 3.0 says `minimum: 0, exclusiveMinimum: true`. Only the document
 * changes; the validation keeps its own schema.
 */
function openApi30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openApi30);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = openApi30(item);
  for (const [numeric, flag] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[numeric] === 'number') {
      out[flag] = out[numeric];
      out[numeric] = true;
    }
  }
  return out;
}

/**
 * Registers a domain's routes under its tag: the OpenAPI document (and its page at /api/docs)
 * groups the operations by domain. A route that names its own tags keeps them.
 */
export function tagged<O extends Record<string, unknown>>(tag: string, plugin: (app: FastifyInstance, options: O) => Promise<void>): (app: FastifyInstance, options: O) => Promise<void> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as FastifySchema & { tags?: string[] };
      route.schema = { ...schema, tags: schema.tags ?? [tag] } as FastifySchema;
    });
    await plugin(app, options);
  };
}

async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Backlay API',
        description: 'Betting exchange API. Every response is { data, message }; money is in rupees with two decimals.',
        version: '0.1.0',
        license: { name: 'Proprietary: Backlay' },
      },
      // The API is served on the product's own origin, under /api.
      servers: [{ url: '/', description: 'the origin this document was read from' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const access = accessOf(route);
      const targets = (route.config as { targets?: readonly RouteTarget[] } | undefined)?.targets;
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const id = operationIdOf(method, url);
      const documented = schema as (FastifySchema & { summary?: string; operationId?: string; response?: Record<string, unknown> }) | undefined;
      const response = documented?.response;
      return {
        schema: openApi30({
          ...schema,
          // What Redocly's recommended rules ask of every operation (issue 34): an id a generated
          // client names its method by, a summary, the security it needs, and a 4xx answer.
          operationId: documented?.operationId ?? id,
          summary: documented?.summary ?? summaryOf(id),
          security: access?.kind === 'signedIn' ? [{ bearerAuth: [] }] : [],
          ...(response === undefined || !Object.keys(response).some((code) => code.startsWith('4'))
            ? {
                response: {
                  // A route that writes its own bytes (an image, a signed CW-1 answer) declares none.
                  ...(response ?? { '2XX': { description: 'Answered: the body is the route\'s own (an image, or the protocol\'s signed JSON)', type: 'null' } }),
                  '4XX': { description: 'Refused: an error answer (the envelope { data: { code }, message }, or the protocol\'s own)', type: 'null' },
                },
              }
            : {}),
          ...(access === null ? {} : { 'x-access': access }),
          ...(targets === undefined ? {} : { 'x-target': targets.map((target) => ({ ...target })) }),
        }) as FastifySchema,
        url,
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const swaggerDocs = fp(swaggerPlugin, { name: 'swagger', fastify: '5.x' });
