/**
 * The VAPID key pair (RFC 8292) the API signs Web Push requests with: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when configured (base64url, raw P-256: 65 and 32 bytes), else derived from
 * the current JWT secret (HKDF), so a deployment keeps its pair across restarts without one more
 * secret to manage, and rotating the JWT secret rotates it (browsers then subscribe again).
 */
import { createECDH, hkdfSync } from 'node:crypto';

export interface VapidKeys {
  /** base64url of the uncompressed public point (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** base64url of the private scalar (32 bytes). */
  privateKey: string;
}

/** The public point of a private key, or null when the bytes are no valid P-256 private key. */
function publicOf(privateKey: Buffer): Buffer | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    return ecdh.getPublicKey();
  } catch {
    return null;
  }
}

/** A key pair derived from a secret: the first HKDF output (counter 0, 1, …) that is a valid private key. */
export function vapidKeysFromSecret(secret: string): VapidKeys {
  for (let counter = 0; ; counter += 1) {
    const privateKey = Buffer.from(hkdfSync('sha256', secret, 'backlay-vapid', `p256-${counter}`, 32));
    const publicKey = publicOf(privateKey);
    if (publicKey !== null) return { publicKey: publicKey.toString('base64url'), privateKey: privateKey.toString('base64url') };
  }
}

/** Whether a configured pair is a P-256 pair: the private key's public point is the public key. */
export function vapidPairMatches(keys: VapidKeys): boolean {
  const derived = publicOf(Buffer.from(keys.privateKey, 'base64url'));
  return derived !== null && derived.toString('base64url') === keys.publicKey;
}
