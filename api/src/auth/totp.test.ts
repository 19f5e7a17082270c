import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUri, totpCode, totpStep, verifyTotp } from './totp';
import { decryptSecret, encryptSecret, generateRecoveryCodes, hashRecoveryCode, isRecoveryCodeShape, twoFactorKeyFromSecret } from './two-factor-crypto';

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
    expect(verifyTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now, step - 1)).toBeNull();
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
  it('encrypts with AES-GCM: another key or a changed byte fails', () => {
    const key = twoFactorKeyFromSecret('server-secret');
    const stored = encryptSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(twoFactorKeyFromSecret('other'), stored)).toThrow();
    const tampered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => decryptSecret(key, tampered)).toThrow();
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
