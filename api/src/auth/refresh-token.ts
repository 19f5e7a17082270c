/**
 * Refresh tokens: opaque, 32 random bytes in base64url, stored only as SHA-256 hex.
 *
 * Rotation derives the next token from the presented one with HMAC-SHA256 under a server key
 * instead of drawing fresh randomness. The result is just as unguessable (it needs both the
 * presented token and the key), and it lets a concurrent refresh within the grace window get
 * the very same new pair without the raw token ever being stored.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new random refresh token (32 bytes, base64url, 43 characters). */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when `value` has the shape of one of our refresh tokens. */
export function isRefreshTokenShape(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** SHA-256 hex of a raw token: what the database keeps. */
export function hashRefreshToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** The token that replaces `parentRaw` on rotation (deterministic for a given key). */
export function deriveRotatedToken(key: Buffer, parentRaw: string): string {
  return createHmac('sha256', key).update('backlay-refresh-rotation\0').update(parentRaw).digest('base64url');
}

/** The rotation key, derived from the JWT secret so that one secret configures both. */
export function rotationKeyFromSecret(secret: string): Buffer {
  return createHmac('sha256', secret).update('backlay-refresh-rotation-key').digest();
}
