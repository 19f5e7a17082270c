import { deriveRotatedToken, generateRefreshToken, hashRefreshToken, isRefreshTokenShape, rotationKeyFromSecret } from './refresh-token';

describe('refresh tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = generateRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(isRefreshTokenShape(token)).toBe(true);
    expect(generateRefreshToken()).not.toBe(token);
  });

  it('are stored as SHA-256 hex', () => {
    expect(hashRefreshToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('rotate deterministically per key and parent, with the same shape', () => {
    const key = rotationKeyFromSecret('a-secret-of-at-least-thirty-two-chars');
    const parent = generateRefreshToken();
    const child = deriveRotatedToken(key, parent);
    expect(deriveRotatedToken(key, parent)).toBe(child);
    expect(isRefreshTokenShape(child)).toBe(true);
    expect(child).not.toBe(parent);
    expect(deriveRotatedToken(rotationKeyFromSecret('another-secret-of-thirty-two-chars!'), parent)).not.toBe(child);
    expect(deriveRotatedToken(key, generateRefreshToken())).not.toBe(child);
  });

  it.each(['', 'short', 'x'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`])('rejects the shape %j', (value) => {
    expect(isRefreshTokenShape(value)).toBe(false);
  });
});
