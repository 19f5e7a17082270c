/**
 * Authentication and route access. Every route declares `config.access`:
 *  - `publicAccess(area?)`: no token; `area: 'player'` puts it behind the maintenance flag;
 *  - `signedIn({ area?, roles?, allowDuringSetup?, sessionCheckedByHandler? })`: a valid access
 *    token of a live session.
 * One onRequest hook enforces it: token and session, audience (area), maintenance for the
 * player area, the change-password gate, then roles. Handlers read `request.auth`. A route with
 * `transactionPassword: true` also has the body's transaction password checked (preHandler).
 *
 * `sessionCheckedByHandler` (hot paths: POST placebet) skips the hook's session query: the hook
 * verifies the JWT (signature, expiry, claims), the audience, the role claim and maintenance, and
 * the handler checks the session, the account locks, the first-login gate and the role inside
 * its own single database call, answering the same errors (`request.auth.sessionUnchecked`).
 * A token of another area or role, or any player token during maintenance, takes the full check,
 * so those answers keep their usual order.
 */
import fastifyJwt, { type FastifyJWTOptions } from '@fastify/jwt';
import { AGENT_ROLES, MESSAGES, SECURITY_MESSAGES, type Area, type Role } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../common/domain-error';

/** The authenticated caller of a request or socket. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  area: Area;
  /** The site the session was signed in on, which is the request's site (ADR 0074). */
  siteId: string;
  /** True while the user must change the password or set a transaction password. */
  changePassAndTxn: boolean;
  /**
   * Set on routes with `sessionCheckedByHandler`: only the JWT was verified; the handler must
   * check the session (live, same user and area, not locked, first-login gate, role) itself.
   */
  sessionUnchecked?: true;
  /**
   * The role must use two-factor and the account has none yet: only the routes open during the
   * first-login setup (`allowDuringSetup`: the enrolment, user-info, logout) answer.
   */
  mustEnrolTwoFactor?: true;
}

/**
 * What the hook asks of the auth domain (auth/authenticator.ts implements it). An interface
 * here, not an import: every domain's routes use this plugin, so plugins/ imports no domain.
 */
export interface RequestAuthenticator {
  /** The caller behind an `Authorization` header: the token, then its live session. */
  authenticateHeader(header: string | undefined, siteId: string): Promise<AuthContext>;
  /** Only the token of an `Authorization` header (signature, expiry, claims, site), no query. */
  verifyHeader(header: string | undefined, siteId: string): Promise<{ sub: string; sid: string; role: Role; aud: Area; site: string }>;
}

/**
 * The maintenance switches that close a site's player area: the platform's (settings) and the
 * site's own (sites), composed in app.ts.
 */
export interface MaintenanceGate {
  /** Throws MAINTENANCE (503) while maintenance is on for the site. */
  assertNotMaintenance(siteId: string): Promise<void>;
  isMaintenance(siteId: string): Promise<boolean>;
}

/**
 * The check of an agent's transaction password (auth/transaction-password.ts implements it: its
 * throttle, 403 TRANSACTION_PASSWORD_WRONG, 429 while locked). An interface here for the same
 * reason as RequestAuthenticator.
 */
export interface TransactionPasswordCheck {
  verify(userId: string, plain: string): Promise<void>;
}

export interface SignedInOptions {
  area?: Area;
  /**
   * A money-wide admin action (results, the casino table switch, maintenance; ADR 0032): the body
   * carries `transactionPassword` (its schema requires it) and the caller's is checked after the
   * body is validated, before the handler runs.
   */
  transactionPassword?: boolean;
  /** Who may call it at all: anyone else gets 403 before the request is validated. */
  roles?: readonly Role[];
  /** The 403's message for a role outside `roles` (default MESSAGES.forbidden). */
  forbiddenMessage?: string;
  allowDuringSetup?: boolean;
  sessionCheckedByHandler?: boolean;
}

export type RouteAccess = { kind: 'public'; area?: Area } | ({ kind: 'signedIn' } & SignedInOptions);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The site of the request's host (ADR 0074), set for every route with an access config. */
    siteId: string;
  }
}

/** A route anyone may call; `area: 'player'` closes it during maintenance. */
export function publicAccess(area?: Area): RouteAccess {
  return area === undefined ? { kind: 'public' } : { kind: 'public', area };
}

/** A route for signed-in callers. */
export function signedIn(options: SignedInOptions = {}): RouteAccess {
  return { kind: 'signedIn', ...options };
}

/**
 * A route for agents only (users, chips, market analysis, books, payment decisions): a player
 * gets 403 "Only agents can do this" from the access hook, before its body or query is read, so
 * it learns nothing of the schema (docs/rules/test-plan.md T9 function level). The agent roles sign in only to
 * the admin area, so the roles pin the area too.
 */
export function agentsOnly(): RouteAccess {
  return signedIn({ roles: AGENT_ROLES, forbiddenMessage: MESSAGES.agentsOnly });
}

/** The caller of a `signedIn` route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new Error(`route ${request.routeOptions.url ?? request.url} has no signedIn access`);
  return request.auth;
}

export interface AuthPluginOptions {
  /** @fastify/jwt's options (auth/access-tokens.ts jwtPluginOptions). */
  jwt: FastifyJWTOptions;
  /** Set after registration: the authenticator needs app.jwt, which this plugin creates. */
  getAuthenticator: () => RequestAuthenticator;
  maintenance: MaintenanceGate;
  transactionPasswords: TransactionPasswordCheck;
  /** The site of a request's host name (sites/sites.service.ts). */
  siteOfHost: (hostname: string | undefined) => Promise<string>;
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  await app.register(fastifyJwt, options.jwt);
  app.decorateRequest('auth', null);
  app.decorateRequest('siteId', '');

  /** The usual check: the token, then ONE query for the session, user and ancestors. */
  async function fullCheck(request: FastifyRequest, access: SignedInAccess): Promise<AuthContext> {
    const auth = await options.getAuthenticator().authenticateHeader(request.headers.authorization, request.siteId);
    // The caller is known from here on: a refusal below is logged with it (access_denied, T16).
    // A refused request never reaches a handler, so nothing acts on this before the checks pass;
    // a deferred check (confirmSession) keeps the context the hook already set.
    if (request.auth === null) request.auth = auth;
    // A token of the other area is not valid here (audience check, docs/rules/test-plan.md T10).
    if (access.area !== undefined && auth.area !== access.area) {
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed, { reason: 'audience' });
    }
    if (auth.area === 'player') await options.maintenance.assertNotMaintenance(request.siteId);
    if (auth.changePassAndTxn && access.allowDuringSetup !== true) {
      throw new DomainError('CHANGE_PASSWORD_REQUIRED', MESSAGES.changePasswordFirst);
    }
    if (auth.mustEnrolTwoFactor === true && access.allowDuringSetup !== true) {
      throw new DomainError('TWO_FACTOR_ENROL_REQUIRED', SECURITY_MESSAGES.twoFactorEnrolRequired);
    }
    if (access.roles !== undefined && !access.roles.includes(auth.role)) {
      throw new DomainError('FORBIDDEN', access.forbiddenMessage ?? MESSAGES.forbidden);
    }
    return auth;
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined) return;
    request.siteId = await options.siteOfHost(request.hostname);
    if (access.kind === 'public') {
      if (access.area === 'player') await options.maintenance.assertNotMaintenance(request.siteId);
      return;
    }
    if (access.sessionCheckedByHandler === true) {
      const claims = await options.getAuthenticator().verifyHeader(request.headers.authorization, request.siteId);
      const fast =
        (access.area === undefined || claims.aud === access.area) &&
        (access.roles === undefined || access.roles.includes(claims.role)) &&
        !(claims.aud === 'player' && (await options.maintenance.isMaintenance(request.siteId)));
      if (fast) {
        request.auth = {
          userId: claims.sub,
          sessionId: claims.sid,
          role: claims.role,
          area: claims.aud,
          siteId: claims.site,
          changePassAndTxn: false,
          sessionUnchecked: true,
        };
        deferredChecks.set(request, () => fullCheck(request, access));
        return;
      }
    }
    request.auth = await fullCheck(request, access);
  });

  // After the body's schema (which requires the field), before the handler: a wrong or missing
  // transaction password changes nothing.
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (access?.kind !== 'signedIn' || access.transactionPassword !== true) return;
    const plain = (request.body as { transactionPassword?: unknown } | undefined)?.transactionPassword;
    if (typeof plain !== 'string') throw new DomainError('VALIDATION', MESSAGES.transactionPasswordRequired);
    await options.transactionPasswords.verify(requireAuth(request).userId, plain);
  });
}

type SignedInAccess = Extract<RouteAccess, { kind: 'signedIn' }>;

/** The full check of requests that skipped it (`sessionCheckedByHandler`), for confirmSession. */
const deferredChecks = new WeakMap<FastifyRequest, () => Promise<AuthContext>>();

/**
 * On a `sessionCheckedByHandler` route, for a handler that stops before its own session check
 * (a refused body, a validation error): runs the hook's usual check now, so a dead session, a
 * lock or the first-login gate still answers first, exactly as on every other route. A no-op
 * when the hook already checked the session.
 */
export async function confirmSession(request: FastifyRequest): Promise<void> {
  const check = deferredChecks.get(request);
  if (check === undefined) return;
  deferredChecks.delete(request);
  await check();
}

export const authentication = fp(authPlugin, { name: 'auth', fastify: '5.x' });
