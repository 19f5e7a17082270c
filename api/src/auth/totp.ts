/**
 * TOTP (RFC 6238 over RFC 4226 HOTP): HMAC-SHA-1, 6 digits, 30-second steps, a code of the
 * current step or of one step either side is accepted. node:crypto only. The caller keeps the
 * last accepted step and passes it in, so a code (of any accepted step) works once.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SEC = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
/** 20 bytes = 160 bits, the size of an HMAC-SHA-1 key (RFC 4226 §4 R6). */
const SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps take). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case and spaces ignored); null when it has another character. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The 30 s step of a time in ms. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SEC);
}

/** HOTP(secret, counter) as a zero-padded 6-digit string (RFC 4226 §5.3). */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = (digest[digest.length - 1] as number) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The code of a base32 secret at a time (tests and the e2e compute codes the same way). */
export function totpCode(secretBase32: string, nowMs: number): string {
  const secret = base32Decode(secretBase32);
  if (secret === null) throw new Error('secret is not base32');
  return hotp(secret, totpStep(nowMs));
}

/** True when `code` looks like a TOTP code (six digits). */
export function isTotpShape(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * The step a code matches within the window, newest first, and only steps after `lastStep`;
 * 'used' when it matches only a step already used (`lastStep` or older: a replay, told apart so
 * the player is asked to wait for the next code); null when it matches none.
 */
export function verifyTotp(secretBase32: string, code: string, nowMs: number, lastStep: number | null): number | 'used' | null {
  if (!isTotpShape(code)) return null;
  const secret = base32Decode(secretBase32);
  if (secret === null) return null;
  const current = totpStep(nowMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  let used = false;
  // Every step of the window is computed, matched or not, so the time does not tell which one.
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step -= 1) {
    const ok = timingSafeEqual(Buffer.from(hotp(secret, step)), given);
    const fresh = lastStep === null || step > lastStep;
    if (ok && matched === null && fresh) matched = step;
    if (ok && !fresh) used = true;
  }
  return matched ?? (used ? 'used' : null);
}

/** The otpauth:// URI of the key-uri format that authenticator apps scan. */
export function otpauthUri(secretBase32: string, accountName: string, issuer = 'Backlay'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SEC),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
