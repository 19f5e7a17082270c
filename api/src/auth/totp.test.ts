import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUri, totpCode, totpStep, verifyTotp } from './totp';
import { createCipheriv, randomBytes } from 'node:crypto';
import { generateRecoveryCodes, hashRecoveryCode, isRecoveryCodeShape, totpKeyFromSecret, twoFactorKeyFromSecret, TwoFactorKeyring, UnknownTotpKeyError } from './two-factor-crypto';

/** RFC 6238 appendix B, SHA-1 seed, last six digits. */
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: ReadonlyArray<[number, string]> = [
  [59, '287082'],
  [1_111_111_109, '081804'],
  [1_111_111_111, '050471'],
  [1_234_567_890, '005924'],
  [2_000_000_000, '279037'],
  [20_000_000_000, '353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('matches RFC 6238 at T=%i', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('HOTP matches RFC 4226 appendix D', () => {
    expect(hotp(Buffer.from('12345678901234567890'), 0)).toBe('755224');
    expect(hotp(Buffer.from('12345678901234567890'), 9)).toBe('520489');
  });

  it('base32 round-trips and refuses other characters', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('ab1')).toBeNull();
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts one step either side, not two, and never a step at or before the last accepted', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(verifyTotp(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now), now, step)).toBe('used');
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now, step - 1)).toBe('used');
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now, step)).toBe('used');
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
    expect(verifyTotp(secret, '12345', now, null)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now, null)).toBeNull();
  });

  it('builds the otpauth URI of the key-uri format', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'alice')).toBe(
      'otpauth://totp/Backlay:alice?secret=JBSWY3DPEHPK3PXP&issuer=Backlay&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('two-factor secrets at rest', () => {
  const K1 = { kid: 'k1', key: totpKeyFromSecret('first-totp-key-0123456789-abcdefghijk') };
  const K2 = { kid: 'k2', key: totpKeyFromSecret('second-totp-key-0123456789-abcdefghij') };

  it('encrypts with AES-GCM under the current key, naming it: another key, another kid or a changed byte fails', () => {
    const ring = new TwoFactorKeyring([K1], []);
    const stored = ring.encrypt('JBSWY3DPEHPK3PXP');
    expect(stored).toMatch(/^v2\.k1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(ring.decrypt(stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(ring.isCurrent(stored)).toBe(true);
    // The same kid with another key: the tag fails.
    expect(() => new TwoFactorKeyring([{ kid: 'k1', key: K2.key }], []).decrypt(stored)).toThrow();
    // The kid is bound to the ciphertext: relabelled under another configured kid, it fails.
    expect(() => new TwoFactorKeyring([K1, { kid: 'k9', key: K1.key }], []).decrypt(stored.replace('v2.k1.', 'v2.k9.'))).toThrow();
    const tampered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => ring.decrypt(tampered)).toThrow();
    // A truncated tag is refused (GCM would otherwise accept a shorter one).
    const [head, kid, iv, tag = '', data] = stored.split('.');
    expect(() => ring.decrypt([head, kid, iv, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url'), data].join('.'))).toThrow();
  });

  it('decrypts under an older key of the ring and says which key is missing when none holds it', () => {
    const old = new TwoFactorKeyring([K1], []).encrypt('JBSWY3DPEHPK3PXP');
    const rotated = new TwoFactorKeyring([K2, K1], []);
    expect(rotated.decrypt(old)).toBe('JBSWY3DPEHPK3PXP');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(rotated.isCurrent(rotated.encrypt('x'))).toBe(true);
    expect(() => new TwoFactorKeyring([K2], []).decrypt(old)).toThrow(new UnknownTotpKeyError('k1'));
  });

  it('still opens a secret stored before key ids ("v1.", under a key from a JWT secret) with any configured JWT secret', () => {
    const legacyKey = twoFactorKeyFromSecret('server-secret');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', legacyKey, iv);
    const data = Buffer.concat([cipher.update('JBSWY3DPEHPK3PXP', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    expect(new TwoFactorKeyring([K1], [twoFactorKeyFromSecret('other'), legacyKey]).decrypt(v1)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new TwoFactorKeyring([K1], [twoFactorKeyFromSecret('other')]).decrypt(v1)).toThrow(UnknownTotpKeyError);
    expect(() => new TwoFactorKeyring([K1], [legacyKey]).decrypt('v3.a.b.c')).toThrow('unknown secret format');
  });

  it('makes ten distinct recovery codes, hashed case- and dash-insensitively', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(isRecoveryCodeShape(code)).toBe(true);
      expect(hashRecoveryCode(code.toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(code));
    }
  });
});
