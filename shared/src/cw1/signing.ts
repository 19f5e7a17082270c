/**
 * CW-1 signatures (docs/rules/casino-wallet.md "Transport and auth"): X-Signature = hex HMAC-SHA256(secret,
 * `${timestamp}.${nonce}.${rawBody}`), over the raw bytes as sent, compared in constant time
 * (Web Crypto's verify), with at most 300 s of clock skew; the receiver keeps nonces for 10 min. Each
 * partner has up to two active secrets during a rotation, and either verifies. Isomorphic (Web
 * Crypto only) like PF-1, so the API and the studio sign with the same code.
 */
import { CW1_HEADERS, CW1_MAX_SKEW_MS } from './protocol';

const encoder = new TextEncoder();

function subtle() {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('CW-1 needs Web Crypto (crypto.subtle), Node ≥ 19');
  return s;
}

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return subtle().importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** The bytes a CW-1 signature covers. `rawBody` is the body exactly as sent (bytes or UTF-8 text). */
function signedBytes(timestamp: string, nonce: string, rawBody: Uint8Array | string): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(`${timestamp}.${nonce}.`);
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/** The hex HMAC-SHA256 signature of a message. */
export async function cw1Signature(secret: string, timestamp: string, nonce: string, rawBody: Uint8Array | string): Promise<string> {
  const mac = await subtle().sign('HMAC', await hmacKey(secret, 'sign'), signedBytes(timestamp, nonce, rawBody));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The four CW-1 headers of a message (a fresh nonce unless one is given). */
export async function cw1SignedHeaders(
  partnerId: string,
  secret: string,
  rawBody: Uint8Array | string,
  now: number = Date.now(),
  nonce: string = globalThis.crypto.randomUUID(),
): Promise<Record<string, string>> {
  const timestamp = String(now);
  return {
    [CW1_HEADERS.partnerId]: partnerId,
    [CW1_HEADERS.timestamp]: timestamp,
    [CW1_HEADERS.nonce]: nonce,
    [CW1_HEADERS.signature]: await cw1Signature(secret, timestamp, nonce, rawBody),
  };
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^[1-9][0-9]{0,15}$/;

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export type Cw1VerifyFailure = 'missing-headers' | 'malformed-headers' | 'skew' | 'bad-signature';
export type Cw1Verification = { ok: true; partnerId: string; nonce: string; timestamp: number } | { ok: false; reason: Cw1VerifyFailure };

/** One header's value from a Node-style (lower-case keys) or Fetch-style header bag. */
function header(headers: Record<string, string | string[] | undefined> | Headers, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? undefined : value;
}

/**
 * Checks a message's CW-1 headers against the raw body: shapes, skew against `now`, and the
 * signature under any of `secrets` (constant time per secret). Does not check the nonce cache or
 * that the partner id is known: the caller looks the secrets up by the partner id first
 * (`partnerIdOf`) and records the nonce after a success.
 */
export async function verifyCw1(
  headers: Record<string, string | string[] | undefined> | Headers,
  rawBody: Uint8Array | string,
  secrets: readonly string[],
  now: number = Date.now(),
): Promise<Cw1Verification> {
  const partnerId = header(headers, CW1_HEADERS.partnerId);
  const timestamp = header(headers, CW1_HEADERS.timestamp);
  const nonce = header(headers, CW1_HEADERS.nonce);
  const signature = header(headers, CW1_HEADERS.signature);
  if (!partnerId || !timestamp || !nonce || !signature) return { ok: false, reason: 'missing-headers' };
  if (!TIMESTAMP.test(timestamp) || !UUID.test(nonce) || !HEX_SIGNATURE.test(signature)) return { ok: false, reason: 'malformed-headers' };
  const at = Number(timestamp);
  if (Math.abs(now - at) > CW1_MAX_SKEW_MS) return { ok: false, reason: 'skew' };
  const message = signedBytes(timestamp, nonce, rawBody);
  const mac = hexBytes(signature);
  for (const secret of secrets) {
    if (await subtle().verify('HMAC', await hmacKey(secret, 'verify'), mac, message)) return { ok: true, partnerId, nonce, timestamp: at };
  }
  return { ok: false, reason: 'bad-signature' };
}

/** The partner id a message claims (to look its secrets up), or undefined. */
export function partnerIdOf(headers: Record<string, string | string[] | undefined> | Headers): string | undefined {
  return header(headers, CW1_HEADERS.partnerId);
}
