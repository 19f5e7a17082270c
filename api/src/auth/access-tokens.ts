/**
 * Signing and verifying access JWTs through @fastify/jwt: HS256 only (explicit allowlist, so
 * `alg: none` and key-confusion tokens fail), every claim required, failures mapped to the
 * messages the front end acts on ('jwt expired' → try refresh; 'jwt malformed' → log out).
 */
import type { JWT } from '@fastify/jwt';
import { MESSAGES, type Area, type Role } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import { parseAccessClaims, type AccessClaims } from './token-claims';

/** Plugin options for @fastify/jwt, shared by app.ts and tests that forge tokens. */
export function jwtPluginOptions(secret: string, accessTokenTtlSec: number) {
  return {
    secret,
    sign: { algorithm: 'HS256' as const, expiresIn: accessTokenTtlSec },
    verify: {
      algorithms: ['HS256' as const],
      requiredClaims: ['sub', 'sid', 'role', 'aud', 'typ', 'iat', 'exp'],
      // A player sends many requests with one token: verified tokens are kept (LRU, keyed by a hash
      // of the token, never past their `exp`) so the HMAC and the claims are checked once per token,
      // not once per request. Sessions are still checked in the database on every request.
      cache: 10_000,
    },
  };
}

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  role: Role;
  area: Area;
  /** Issue time; the same inputs always give the same token (refresh grace relies on it). */
  issuedAt: Date;
}

export class AccessTokens {
  constructor(private readonly jwt: JWT) {}

  sign(subject: AccessTokenSubject): string {
    return this.jwt.sign({
      sub: subject.userId,
      sid: subject.sessionId,
      role: subject.role,
      aud: subject.area,
      typ: 'access',
      iat: Math.floor(subject.issuedAt.getTime() / 1000),
    });
  }

  /** The verified claims, or a 401 DomainError with the message the client expects. */
  verify(token: string): AccessClaims {
    let payload: unknown;
    try {
      payload = this.jwt.verify<object>(token);
    } catch (error) {
      if ((error as { code?: string }).code === 'FAST_JWT_EXPIRED') {
        throw new DomainError('TOKEN_EXPIRED', MESSAGES.jwtExpired);
      }
      throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    }
    const claims = parseAccessClaims(payload);
    if (claims === null) throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    return claims;
  }
}
