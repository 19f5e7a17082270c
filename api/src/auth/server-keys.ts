/**
 * The server's keys (ADR 0031), from the configuration and the resolved JWT secret. Access tokens
 * are signed under the current JWT secret and carry its key id (`kid`); JWT_PREVIOUS_SECRETS
 * verify the tokens that name them and refresh repeats, never sign. Two-factor secrets are
 * encrypted under TOTP_ENCRYPTION_KEY; TOTP_PREVIOUS_KEYS and keys derived from every configured
 * JWT secret only decrypt: the latter open the "v1." ciphertexts from before key ids and the
 * "v2.jwt-…" ones of a derived key (outside production, TOTP_ENCRYPTION_KEY unset, the current
 * JWT secret's derived key encrypts) until they are re-encrypted at start.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { rotationKeyFromSecret } from './refresh-token';
import { totpKeyFromSecret, twoFactorKeyFromSecret, TwoFactorKeyring } from './two-factor-crypto';

export interface SigningKey {
  kid: string;
  secret: string;
}

export interface JwtKeys {
  /** Signs and verifies. */
  current: SigningKey;
  /** Verify only (JWT_PREVIOUS_SECRETS). */
  previous: readonly SigningKey[];
}

export interface ServerKeys {
  jwt: JwtKeys;
  /** Keys deriving a refresh token's successor: the current first (auth/refresh-token.ts). */
  refreshRotation: readonly Buffer[];
  twoFactor: TwoFactorKeyring;
}

/**
 * The key id of a secret: 12 base64url characters of a SHA-256 of it. Derived, so operators name
 * nothing and two secrets cannot share an id; 72 bits of a hash say nothing of a 32+ character
 * secret that its HMAC signatures do not already.
 */
export function keyIdOf(secret: string): string {
  return createHash('sha256').update('backlay-key-id\0').update(secret).digest('base64url').slice(0, 12);
}

export function serverKeys(config: Readonly<Config>, jwtSecret: string): ServerKeys {
  const signing = (secret: string): SigningKey => ({ kid: keyIdOf(secret), secret });
  const previous = config.auth.jwtPreviousSecrets.filter((secret) => secret !== jwtSecret).map(signing);
  const jwtSecrets = [jwtSecret, ...previous.map((key) => key.secret)];
  // TOTP_ENCRYPTION_KEY first (it encrypts), then TOTP_PREVIOUS_KEYS, then keys derived from the
  // JWT secrets: the whole ring without TOTP_ENCRYPTION_KEY (outside production), decrypt-only
  // otherwise, so secrets enrolled before it was set still open and move to it.
  const own = [config.auth.totpEncryptionKey, ...config.auth.totpPreviousKeys]
    .filter((secret): secret is string => secret !== null)
    .map((secret) => ({ kid: keyIdOf(secret), key: totpKeyFromSecret(secret) }));
  const derived = jwtSecrets.map((secret) => ({ kid: `jwt-${keyIdOf(secret)}`, key: twoFactorKeyFromSecret(secret) }));
  return {
    jwt: { current: signing(jwtSecret), previous },
    refreshRotation: jwtSecrets.map(rotationKeyFromSecret),
    twoFactor: new TwoFactorKeyring([...own, ...derived], jwtSecrets.map(twoFactorKeyFromSecret)),
  };
}
