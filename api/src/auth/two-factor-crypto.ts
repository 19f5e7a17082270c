/**
 * At-rest protection of TOTP secrets and the recovery codes. A secret is AES-256-GCM ciphertext
 * under a key of its own (TOTP_ENCRYPTION_KEY, ADR 0031), and the ciphertext names its key:
 * "v2.<kid>.<iv>.<tag>.<data>" with "v2.<kid>" as associated data, so a copy of the database alone
 * does not give the secrets and the key can change (the old one decrypts until every secret is
 * re-encrypted under the new one). Secrets stored before key ids ("v1.…") are under a key derived
 * from the JWT secret; they still decrypt and are re-encrypted at start. Recovery codes are
 * 50-bit random (ten of 32 characters), used once, throttled like passwords, and stored as
 * SHA-256 hex.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** The key of the secrets stored before key ids ("v1."), derived from a JWT secret. */
export function twoFactorKeyFromSecret(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'backlay', 'two-factor-secret-v1', 32));
}

/** The 32-byte AES key of TOTP_ENCRYPTION_KEY (or one of TOTP_PREVIOUS_KEYS). */
export function totpKeyFromSecret(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'backlay', 'two-factor-secret-v2', 32));
}

export interface TotpKey {
  kid: string;
  key: Buffer;
}

/** A stored secret whose key is not configured (dropped too early): say which one. */
export class UnknownTotpKeyError extends Error {
  override readonly name = 'UnknownTotpKeyError';
  constructor(readonly kid: string) {
    super(`two-factor secret under key "${kid}", which neither TOTP_ENCRYPTION_KEY nor TOTP_PREVIOUS_KEYS holds`);
  }
}

/** The keys of the secrets at rest: the first encrypts, every one decrypts what names it. */
export class TwoFactorKeyring {
  readonly current: TotpKey;
  private readonly byKid: ReadonlyMap<string, Buffer>;

  /** `keys`: the current first; `legacy`: keys of "v1." secrets, tried in turn. */
  constructor(
    keys: readonly TotpKey[],
    private readonly legacy: readonly Buffer[],
  ) {
    const [current] = keys;
    if (current === undefined) throw new Error('a two-factor keyring needs a key');
    this.current = current;
    this.byKid = new Map(keys.map((k) => [k.kid, k.key]));
  }

  encrypt(plain: string): string {
    const head = `v2.${this.current.kid}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(head, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [head, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  decrypt(stored: string): string {
    const parts = stored.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, kid = '', iv = '', tag = '', data = ''] = parts;
      const key = this.byKid.get(kid);
      if (key === undefined) throw new UnknownTotpKeyError(kid);
      return open(key, iv, tag, data, Buffer.from(`v2.${kid}`, 'utf8'));
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv = '', tag = '', data = ''] = parts;
      for (const key of this.legacy) {
        try {
          return open(key, iv, tag, data, null);
        } catch {
          // Not this JWT secret's key: the next one.
        }
      }
      throw new UnknownTotpKeyError('v1 (a JWT secret no longer configured)');
    }
    throw new Error('unknown secret format');
  }

  /** True when `stored` is already under the current key (nothing to re-encrypt). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`v2.${this.current.kid}.`);
  }
}

function open(key: Buffer, iv: string, tag: string, data: string, aad: Buffer | null): string {
  // A full 16-byte tag only: a shorter one would be easier to forge.
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  if (aad !== null) decipher.setAAD(aad);
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
