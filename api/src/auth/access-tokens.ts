/**
 * Signing and verifying access JWTs through @fastify/jwt: HS256 only (explicit allowlist, so
 * `alg: none` and key-confusion tokens fail), every claim required, failures mapped to the
 * messages the front end acts on ('jwt expired' → try refresh; 'jwt malformed' → log out).
 * Tokens name their key in the header (`kid`, ADR 0031): the current secret signs, a previous
 * one (JWT_PREVIOUS_SECRETS) still verifies the tokens that name it, any other kid is refused.
 */
import type { JWT } from '@fastify/jwt';
import { MESSAGES, type Area, type Role } from '@backlay/shared/contracts';
import { DomainError } from '../common/domain-error';
import type { JwtKeys } from './server-keys';
import { parseAccessClaims, type AccessClaims } from './token-claims';

/** Plugin options for @fastify/jwt, shared by app.ts and tests that forge tokens. */
export function jwtPluginOptions(keys: JwtKeys, accessTokenTtlSec: number) {
  return {
    secret: keys.current.secret,
    sign: { algorithm: 'HS256' as const, expiresIn: accessTokenTtlSec, kid: keys.current.kid },
    verify: {
      algorithms: ['HS256' as const],
      requiredClaims: ['sub', 'sid', 'role', 'aud', 'site', 'typ', 'iat', 'exp'],
      // No cache here: AccessTokens keeps the verified claims per token itself (see below).
      cache: false,
    },
  };
}

/**
 * The `kid` of a token's header: a string, undefined when the header has none (a token signed
 * before key ids), null when the header is not a JSON object or its kid is not a string.
 */
export function headerKeyId(token: string): string | undefined | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (header === null || typeof header !== 'object' || Array.isArray(header)) return null;
  const kid = (header as Record<string, unknown>).kid;
  if (kid === undefined) return undefined;
  return typeof kid === 'string' ? kid : null;
}

export interface AccessTokenSubject {
  userId: string;
  sessionId: string;
  role: Role;
  area: Area;
  /** The site the session was signed in on. */
  siteId: string;
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
    private readonly keys: JwtKeys,
    private readonly kept = VERIFIED_TOKENS_KEPT,
  ) {}

  sign(subject: AccessTokenSubject): string {
    return this.jwt.sign({
      sub: subject.userId,
      sid: subject.sessionId,
      role: subject.role,
      aud: subject.area,
      site: subject.siteId,
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
    // The key the token names: the current one (also for a token without kid, signed before key
    // ids, at most one access lifetime after the upgrade), a previous one, or none: refused.
    const kid = headerKeyId(token);
    const previous = kid === undefined || kid === this.keys.current.kid ? null : this.keys.previous.find((key) => key.kid === kid);
    if (previous === undefined) throw new DomainError('TOKEN_INVALID', MESSAGES.jwtMalformed);
    let payload: unknown;
    try {
      payload = previous === null ? this.jwt.verify<object>(token) : this.jwt.verify<object>(token, { key: previous.secret });
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
