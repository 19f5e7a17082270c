/**
 * Authentication and route access. Every route declares `config.access`:
 *  - `publicAccess(area?)`: no token; `area: 'player'` puts it behind the maintenance flag;
 *  - `signedIn({ area?, roles?, allowDuringSetup? })`: a valid access token of a live session.
 * One onRequest hook enforces it: token and session, audience (area), maintenance for the
 * player area, the change-password gate, then roles. Handlers read `request.auth`.
 */
import fastifyJwt from '@fastify/jwt';
import { MESSAGES, type Area, type Role } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtPluginOptions } from '../auth/access-tokens';
import type { AuthContext, Authenticator } from '../auth/authenticator';
import { DomainError } from '../common/domain-error';
import type { SettingsService } from '../settings/settings.service';

export type RouteAccess =
  | { kind: 'public'; area?: Area }
  | { kind: 'signedIn'; area?: Area; roles?: readonly Role[]; allowDuringSetup?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** A route anyone may call; `area: 'player'` closes it during maintenance. */
export function publicAccess(area?: Area): RouteAccess {
  return area === undefined ? { kind: 'public' } : { kind: 'public', area };
}

/** A route for signed-in callers. */
export function signedIn(options: { area?: Area; roles?: readonly Role[]; allowDuringSetup?: boolean } = {}): RouteAccess {
  return { kind: 'signedIn', ...options };
}

/** The caller of a `signedIn` route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new Error(`route ${request.routeOptions.url ?? request.url} has no signedIn access`);
  return request.auth;
}

export interface AuthPluginOptions {
  jwtSecret: string;
  accessTokenTtlSec: number;
  /** Set after registration: the authenticator needs app.jwt, which this plugin creates. */
  getAuthenticator: () => Authenticator;
  settings: SettingsService;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  await app.register(fastifyJwt, jwtPluginOptions(options.jwtSecret, options.accessTokenTtlSec));
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    if (access.kind === 'public') {
      if (access.area === 'player') await options.settings.assertNotMaintenance();
      return;
    }
    const auth = await options.getAuthenticator().authenticateHeader(request.headers.authorization);
    // A token of the other area is not valid here (audience check, QUALITY T10).
    if (access.area !== undefined && auth.area !== access.area) {
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed, { reason: 'audience' });
    }
    if (auth.area === 'player') await options.settings.assertNotMaintenance();
    if (auth.changePassAndTxn && access.allowDuringSetup !== true) {
      throw new DomainError('CHANGE_PASSWORD_REQUIRED', MESSAGES.changePasswordFirst);
    }
    if (access.roles !== undefined && !access.roles.includes(auth.role)) {
      throw new DomainError('FORBIDDEN', MESSAGES.forbidden);
    }
    request.auth = auth;
  });
}

export const authentication = fp(authPlugin, { name: 'auth', fastify: '5.x' });
