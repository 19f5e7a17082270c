/**
 * Turns an access token into the caller's identity: verify the JWT, then one primary-key query
 * for the session and the user's current role and state. The session check makes a new login,
 * a logout or a refresh-token reuse effective on the very next request, even while the access
 * token itself has not expired.
 */
import { MESSAGES, type Area, type Role } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { SessionEndReason } from '../realtime/domain-events';
import type { AccessTokens } from './access-tokens';
import { findSessionAuth } from './auth.repository';
import { bearerToken, type AccessClaims } from './token-claims';

/** The authenticated caller of a request or socket. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  area: Area;
  /** True while the user must change the password or set a transaction password. */
  changePassAndTxn: boolean;
  /**
   * Set on routes with `sessionCheckedByHandler`: only the JWT was verified; the handler must
   * check the session (live, same user and area, not locked, first-login gate, role) itself.
   */
  sessionUnchecked?: true;
}

export class Authenticator {
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
    const claims = this.tokens.verify(token);
    const session = await findSessionAuth(this.db, claims.sid);
    if (session === null || session.userId !== claims.sub || session.area !== claims.aud) {
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    }
    // A lock (own or an ancestor's) is reported as such even though it also ended the session.
    if (session.blocked) throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
    if (!session.live) throw new DomainError('SESSION_ENDED', sessionEndedMessage(session.endedReason));
    return {
      userId: session.userId,
      sessionId: session.sessionId,
      role: session.role,
      area: session.area,
      changePassAndTxn: session.mustChangePassword || !session.hasTxnPassword,
    };
  }
}

/** Why a session is no longer valid, in the words the user sees. */
export function sessionEndedMessage(reason: SessionEndReason | null): string {
  switch (reason) {
    case 'locked':
      return MESSAGES.sessionEndedLocked;
    case 'password_reset':
      return MESSAGES.sessionEndedPasswordReset;
    default:
      return MESSAGES.sessionEnded;
  }
}
