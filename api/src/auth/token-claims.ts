/**
 * Claims of the access JWT and their validation. The signature, algorithm and expiry are
 * checked by @fastify/jwt (fast-jwt) first; this decides whether a verified payload is one of
 * our access tokens at all (RFC 8725 §3.11: explicit `typ`, audience per area).
 */
import { areaOfRole, isRole, type Area, type Role } from '@backlay/shared/contracts';
import { SITE_ID_PATTERN } from '../sites/site-rules';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id, checked against the sessions table on every request. */
  sid: string;
  role: Role;
  /** The sign-in area: 'player' or 'admin'. */
  aud: Area;
  /** The site the session was signed in on (ADR 0074): the token answers only on its domains. */
  site: string;
  typ: 'access';
  iat: number;
  exp: number;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a lower-case canonical UUID. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** The claims when `payload` is a well-formed access token of ours, else null. */
export function parseAccessClaims(payload: unknown): AccessClaims | null {
  if (payload === null || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (p.typ !== 'access') return null;
  if (!isUuid(p.sub) || !isUuid(p.sid)) return null;
  if (!isRole(p.role)) return null;
  if (p.aud !== 'player' && p.aud !== 'admin') return null;
  if (areaOfRole(p.role) !== p.aud) return null;
  if (typeof p.site !== 'string' || !SITE_ID_PATTERN.test(p.site)) return null;
  if (!Number.isInteger(p.iat) || !Number.isInteger(p.exp)) return null;
  if ((p.exp as number) <= (p.iat as number)) return null;
  return { sub: p.sub, sid: p.sid, role: p.role, aud: p.aud, site: p.site, typ: 'access', iat: p.iat as number, exp: p.exp as number };
}

/**
 * The token of an `Authorization: Bearer …` header, or null. Only the header is read: a token
 * in the query string is never accepted (it would end up in logs).
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
