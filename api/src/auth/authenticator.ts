/**
 * Turns an access token into the caller's identity: verify the JWT, then one primary-key query
 * for the session and the user's current role and state. The session check makes a new login,
 * a logout or a refresh-token reuse effective on the very next request, even while the access
 * token itself has not expired.
 */
import { MESSAGES, type SignOutReason } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { AuthContext, RequestAuthenticator } from '../plugins/auth';
import type { SessionEndReason } from './auth.events';
import type { AccessTokens } from './access-tokens';
import { findSessionAuth } from './auth.repository';
import { bearerToken, type AccessClaims } from './token-claims';

/** The caller behind a token; plugins/auth.ts asks it on every signed-in request. */
export class Authenticator implements RequestAuthenticator {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly db: Database,
  ) {}

  /** Authenticates an `Authorization` header value (Bearer only). */
  authenticateHeader(header: string | undefined): Promise<AuthContext> {
    const token = bearerToken(header);
    if (token === null) return Promise.reject(new DomainError('NO_AUTH_TOKEN', MESSAGES.noAuthToken));
    return this.authenticateToken(token);
  }

  /**
   * Only the token of an `Authorization` header: signature, algorithm, expiry and claims, no
   * query. For routes whose handler checks the session inside its own database call.
   */
  verifyHeader(header: string | undefined): AccessClaims {
    const token = bearerToken(header);
    if (token === null) throw new DomainError('NO_AUTH_TOKEN', MESSAGES.noAuthToken);
    return this.tokens.verify(token);
  }

  /** Authenticates a raw access token (HTTP header or socket handshake). */
  async authenticateToken(token: string): Promise<AuthContext> {
    return (await this.authenticateTokenUntil(token)).auth;
  }

  /**
   * The same, with the moment the token stops being valid (its `exp`, in ms): an open socket
   * lives no longer than the token of its handshake.
   */
  async authenticateTokenUntil(token: string): Promise<{ auth: AuthContext; expiresAtMs: number }> {
    const claims = this.tokens.verify(token);
    const session = await findSessionAuth(this.db, claims.sid);
    if (session === null || session.userId !== claims.sub || session.area !== claims.aud) {
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    }
    // A lock (own or an ancestor's) is reported as such even though it also ended the session.
    if (session.blocked) throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
    if (!session.live) throw sessionEndedError(session.endedReason);
    const auth: AuthContext = {
      userId: session.userId,
      sessionId: session.sessionId,
      role: session.role,
      area: session.area,
      changePassAndTxn: session.mustChangePassword || !session.hasTxnPassword,
    };
    return { auth, expiresAtMs: claims.exp * 1000 };
  }
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
    case 'password_reset':
      return new DomainError('SESSION_ENDED', MESSAGES.sessionEndedPasswordReset, undefined, { reason: 'password_reset' satisfies SignOutReason });
    default:
      return new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
  }
}
