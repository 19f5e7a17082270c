/** OpenAPI document generated from the route schemas, with the UI at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccess } from './auth';

/**
 * Who may call a route, as the access hook enforces it (plugins/auth.ts), written into its
 * operation as `x-access`: `{ kind: 'public' | 'signedIn', area?, roles? }`. Readers of the
 * document see the rule, and the authorization tests generate their cases from it (QUALITY T9:
 * every role outside `roles` gets 403 before the request is validated).
 */
export function accessOf(route: Pick<RouteOptions, 'config'>): { kind: RouteAccess['kind']; area?: string; roles?: readonly string[] } | null {
  const access = (route.config as { access?: RouteAccess } | undefined)?.access;
  if (access === undefined) return null;
  if (access.kind === 'public') return access.area === undefined ? { kind: 'public' } : { kind: 'public', area: access.area };
  return {
    kind: 'signedIn',
    ...(access.area === undefined ? {} : { area: access.area }),
    ...(access.roles === undefined ? {} : { roles: [...access.roles] }),
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
      return { schema: access === null ? schema : ({ ...schema, 'x-access': access } as FastifySchema), url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const swaggerDocs = fp(swaggerPlugin, { name: 'swagger', fastify: '5.x' });
