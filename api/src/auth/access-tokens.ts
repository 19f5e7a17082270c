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
      // No cache here: AccessTokens keeps the verified claims per token itself (see below).
      cache: false,
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

/** Verified tokens kept at most; past it the oldest goes first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

export class AccessTokens {
  /**
   * A player sends many requests with one token, so the claims of a verified token are kept,
   * keyed by the token's exact text (no hash to compute, no collision possible), and used until
   * the token's `exp`; after that the token is verified again, which answers 'jwt expired'. The
   * HMAC and the claims are thus checked once per token, not once per request; sessions are still
   * checked in the database on every request, so a sign-out or a lock acts at once.
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    private readonly jwt: JWT,
    private readonly kept = VERIFIED_TOKENS_KEPT,
  ) {}

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
    const known = this.verified.get(token);
    if (known !== undefined) {
      // fast-jwt's own rule: a token is valid up to and including the millisecond of its `exp`.
      if (Date.now() <= known.exp * 1000) return known;
      // Expired: no longer kept, and verified again below, which answers 'jwt expired'.
      this.verified.delete(token);
    }
    const claims = this.verifyAnew(token);
    if (this.verified.size >= this.kept) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }

  private verifyAnew(token: string): AccessClaims {
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
    return Object.freeze(claims);
  }
}
