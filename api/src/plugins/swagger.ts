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

async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Backlay API',
        description: 'Betting exchange API. Every response is { data, message }; money is in rupees with two decimals.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const access = accessOf(route);
      const targets = (route.config as { targets?: readonly RouteTarget[] } | undefined)?.targets;
      if (access === null && targets === undefined) return { schema, url };
      return {
        schema: {
          ...schema,
          ...(access === null ? {} : { 'x-access': access }),
          ...(targets === undefined ? {} : { 'x-target': targets.map((target) => ({ ...target })) }),
        } as FastifySchema,
        url,
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const swaggerDocs = fp(swaggerPlugin, { name: 'swagger', fastify: '5.x' });
