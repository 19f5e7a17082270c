/**
 * At-rest protection of TOTP secrets and the recovery codes. A secret is AES-256-GCM ciphertext
 * under a key derived (HKDF-SHA-256) from the server's JWT secret of the configuration, so a copy
 * of the database alone does not give the secrets. Recovery codes are 50-bit random (ten of 32
 * characters), used once, throttled like passwords, and stored as SHA-256 hex.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** The 32-byte key of the secrets' encryption, from the configured server secret. */
export function twoFactorKeyFromSecret(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'backlay', 'two-factor-secret-v1', 32));
}

/** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || data === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export const RECOVERY_CODE_COUNT = 10;

/** Ten new codes as shown to the user: "xxxxx-xxxxx". */
export function generateRecoveryCodes(): string[] {
  // 32 characters (no l, o, 0, 1), so `byte & 31` picks each with the same chance.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The normal form of a typed recovery code (case, spaces and dashes ignored). */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** True when the text could be a recovery code (10 characters after normalizing). */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));
}
