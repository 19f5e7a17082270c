/**
 * Turns an access token into the caller's identity: verify the JWT, then one primary-key query
 * for the session and the user's current role and state. The session check makes a new login,
 * a logout or a refresh-token reuse effective on the very next request, even while the access
 * token itself has not expired.
 */
import { MESSAGES, SECURITY_MESSAGES, SITE_MESSAGES, type Area, type SignOutReason } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { DomainEvents } from '../common/domain-events';
import type { Database } from '../db/database';
import type { AuthContext, RequestAuthenticator } from '../plugins/auth';
import type { SessionEndReason } from './auth.events';
import type { AccessTokens } from './access-tokens';
import { endSession, findSessionAuth, revokeRefreshTokensOfSessions } from './auth.repository';
import type { IdleSessions } from './idle-sessions';
import { bearerToken, type AccessClaims } from './token-claims';

/** The caller behind a token; plugins/auth.ts asks it on every signed-in request. */
export class Authenticator implements RequestAuthenticator {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly db: Database,
    /** The server-side idle timeout (ADR 0018); absent, sessions never go idle. */
    private readonly idle?: { sessions: IdleSessions; events: DomainEvents },
  ) {}

  /**
   * Authenticates an `Authorization` header value (Bearer only). An HTTP request is activity:
   * it restarts the session's idle timeout.
   */
  async authenticateHeader(header: string | undefined, siteId: string): Promise<AuthContext> {
    const token = bearerToken(header);
    if (token === null) throw new DomainError('NO_AUTH_TOKEN', MESSAGES.noAuthToken);
    const { auth } = await this.authenticateTokenUntil(token, siteId);
    await this.idle?.sessions.touch(auth.sessionId);
    return auth;
  }

  /**
   * Only the token of an `Authorization` header: signature, algorithm, expiry and claims, no
   * query. For routes whose handler checks the session inside its own database call.
   */
  async verifyHeader(header: string | undefined, siteId: string): Promise<AccessClaims> {
    const token = bearerToken(header);
    if (token === null) throw new DomainError('NO_AUTH_TOKEN', MESSAGES.noAuthToken);
    const claims = this.tokens.verify(token);
    assertSite(claims.site, siteId);
    // No query here: the idle timeout from the shared store only; the handler's own check does the rest.
    if (this.idle !== undefined) {
      if (await this.idle.sessions.isIdle(claims.sid, claims.aud)) throw sessionEndedError('idle');
      void this.idle.sessions.touch(claims.sid).catch(() => undefined);
    }
    return claims;
  }

  /** Authenticates a raw access token (HTTP header or socket handshake) on the site of its request. */
  async authenticateToken(token: string, siteId: string): Promise<AuthContext> {
    return (await this.authenticateTokenUntil(token, siteId)).auth;
  }

  /**
   * The same, with the moment the token stops being valid (its `exp`, in ms): an open socket
   * lives no longer than the token of its handshake.
   */
  async authenticateTokenUntil(token: string, siteId: string): Promise<{ auth: AuthContext; expiresAtMs: number }> {
    const claims = this.tokens.verify(token);
    assertSite(claims.site, siteId);
    const session = await findSessionAuth(this.db, claims.sid);
    if (session === null || session.userId !== claims.sub || session.area !== claims.aud || session.siteId !== claims.site) {
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    }
    // A lock (own or an ancestor's) is reported as such even though it also ended the session.
    if (session.blocked) throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
    if (!session.live) throw sessionEndedError(session.endedReason);
    if ((await this.idle?.sessions.isIdle(session.sessionId, session.area, session.lastSeenMs)) === true) {
      await this.endIdle(session.sessionId, session.userId);
      throw sessionEndedError('idle');
    }
    const auth: AuthContext = {
      userId: session.userId,
      sessionId: session.sessionId,
      role: session.role,
      area: session.area,
      siteId: session.siteId,
      changePassAndTxn: session.mustChangePassword || !session.hasTxnPassword,
      ...(session.mustEnrolTwoFactor ? { mustEnrolTwoFactor: true } : {}),
    };
    return { auth, expiresAtMs: claims.exp * 1000 };
  }

  /** The idle check of the refresh flow: true (and the session ended) when it went idle. */
  async endIfIdle(sessionId: string, userId: string, area: Area, storedLastSeenMs: number): Promise<boolean> {
    if ((await this.idle?.sessions.isIdle(sessionId, area, storedLastSeenMs)) !== true) return false;
    await this.endIdle(sessionId, userId);
    return true;
  }

  /** A new session starts its idle timeout now. */
  async sessionStarted(sessionId: string): Promise<void> {
    await this.idle?.sessions.started(sessionId);
  }

  private async endIdle(sessionId: string, userId: string): Promise<void> {
    if (this.idle === undefined) return;
    await this.idle.sessions.forget(sessionId);
    await endIdleSession(this.db, this.idle.events, sessionId, userId);
  }
}

/**
 * A token answers only on the site its session was signed in on (ADR 0074): on another site's
 * domain it is refused as invalid there, and the client signs in again on this site.
 */
function assertSite(tokenSite: string, requestSite: string): void {
  if (tokenSite !== requestSite) throw new DomainError('TOKEN_INVALID', SITE_MESSAGES.otherSite, { reason: 'site' });
}

/** Ends a session that went idle: its refresh tokens too, and its sockets close. */
async function endIdleSession(db: Database, events: DomainEvents, sessionId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await endSession(tx, sessionId, 'idle');
    await revokeRefreshTokensOfSessions(tx, [sessionId]);
    if (ended) {
      tx.afterCommit(() => events.publish('session.ended', { userId, endedSessionIds: [sessionId], liveSessionId: null, reason: 'idle' }));
    }
  });
}

/**
 * The 401 of an ended session, saying why: a sign-out, a refresh token used twice and a password
 * change each have their own code and message; another sign-in (the one-session rule), a lock and
 * an upline's password reset are SESSION_ENDED with their own messages, and an agent's action (a
 * lock, a password reset) is also a code in `data.reason`, for the login page.
 */
export function sessionEndedError(reason: SessionEndReason | null): DomainError {
  switch (reason) {
    case 'logout':
      return new DomainError('SESSION_SIGNED_OUT', MESSAGES.sessionSignedOut);
    case 'refresh_reuse':
      return new DomainError('SESSION_REVOKED', MESSAGES.sessionRevoked);
    case 'password_changed':
      return new DomainError('SESSION_PASSWORD_CHANGED', MESSAGES.sessionPasswordChanged);
    case 'locked':
      return new DomainError('SESSION_ENDED', MESSAGES.sessionEndedLocked, undefined, { reason: 'locked' satisfies SignOutReason });
    case 'idle':
      return new DomainError('SESSION_ENDED', SECURITY_MESSAGES.sessionEndedIdle, undefined, { reason: 'idle' });
    case 'password_reset':
      return new DomainError('SESSION_ENDED', MESSAGES.sessionEndedPasswordReset, undefined, { reason: 'password_reset' satisfies SignOutReason });
    default:
      return new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
  }
}
