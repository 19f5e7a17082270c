/**
 * Turns an access token into the caller's identity: verify the JWT, then one primary-key query
 * for the session and the user's current role and state. The session check makes a new login,
 * a logout or a refresh-token reuse effective on the very next request, even while the access
 * token itself has not expired.
 */
import { MESSAGES, type Area, type Role } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { AccessTokens } from './access-tokens';
import { findSessionAuth } from './auth.repository';
import { bearerToken } from './token-claims';

/** The authenticated caller of a request or socket. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  area: Area;
  /** True while the user must change the password or set a transaction password. */
  changePassAndTxn: boolean;
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

  /** Authenticates a raw access token (HTTP header or socket handshake). */
  async authenticateToken(token: string): Promise<AuthContext> {
    const claims = this.tokens.verify(token);
    const session = await findSessionAuth(this.db, claims.sid);
    if (session === null || session.userId !== claims.sub || session.area !== claims.aud) {
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    }
    if (!session.live) throw new DomainError('SESSION_ENDED', MESSAGES.sessionEnded);
    if (session.status !== 'active') throw new DomainError('ACCOUNT_LOCKED', MESSAGES.accountLocked);
    return {
      userId: session.userId,
      sessionId: session.sessionId,
      role: session.role,
      area: session.area,
      changePassAndTxn: session.mustChangePassword || !session.hasTxnPassword,
    };
  }
}
