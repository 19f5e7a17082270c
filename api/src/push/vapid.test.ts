import { createECDH } from 'node:crypto';
import { vapidKeysFromSecret, vapidPairMatches } from './vapid';

describe('VAPID keys', () => {
  it('derives a stable P-256 pair from a secret, another from another secret', () => {
    const one = vapidKeysFromSecret('a'.repeat(48));
    expect(vapidKeysFromSecret('a'.repeat(48))).toEqual(one);
    expect(Buffer.from(one.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(one.privateKey, 'base64url')).toHaveLength(32);
    expect(vapidPairMatches(one)).toBe(true);
    expect(vapidKeysFromSecret('b'.repeat(48)).publicKey).not.toBe(one.publicKey);
  });

  it('checks a configured pair', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const pair = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
    expect(vapidPairMatches(pair)).toBe(true);
    expect(vapidPairMatches({ ...pair, publicKey: vapidKeysFromSecret('x').publicKey })).toBe(false);
    expect(vapidPairMatches({ ...pair, privateKey: 'not-a-key' })).toBe(false);
  });
});
