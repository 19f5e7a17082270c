/**
 * A self-signed X.509 certificate made at test time with node:crypto alone (an EC P-256 key, an
 * ECDSA-SHA256 signature, subjectAltName localhost and 127.0.0.1), so no private key is ever
 * committed for the local Betfair test servers. Node parses certificates but does not write
 * them: the few DER structures a certificate needs are written here. TEST USE ONLY.
 */
import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';

export interface TestCertificate {
  /** PEM certificate: the server's (or client's) certificate and the one the peer trusts. */
  cert: string;
  /** PEM private key (PKCS#8). */
  key: string;
}

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...content: Buffer[]): Buffer => tlv(0x30, ...content);

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const p = (n: number): string => String(n).padStart(2, '0');
  const text = `${p(date.getUTCFullYear() % 100)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';
const SUBJECT_ALT_NAME = '2.5.29.17';

const pem = (label: string, der: Buffer): string =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;

/** A new key and a certificate valid from an hour ago for `days` days, for localhost and 127.0.0.1. */
export function makeTestCertificate(commonName = 'backlay-betfair-test', days = 2): TestCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const serial = randomBytes(16);
  // A positive INTEGER in minimal DER: the first byte neither 0 (a redundant leading zero, which
  // OpenSSL refuses) nor ≥ 0x80 (a negative number).
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  const name = seq(tlv(0x31, seq(oid(COMMON_NAME), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
  const algorithm = seq(oid(ECDSA_WITH_SHA256));
  const now = Date.now();
  const altNames = seq(tlv(0x82, Buffer.from('localhost', 'ascii')), tlv(0x87, Buffer.from([127, 0, 0, 1])));
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))), // version v3
    tlv(0x02, serial),
    algorithm,
    name,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(seq(oid(SUBJECT_ALT_NAME), tlv(0x04, altNames)))),
  );
  const signature = sign('sha256', tbs, privateKey); // DER ECDSA-Sig-Value, as X.509 wants it
  const der = seq(tbs, algorithm, tlv(0x03, Buffer.from([0]), signature));
  const cert = pem('CERTIFICATE', der);
  // Fails loudly here, not as a TLS handshake error later, if the encoding is ever wrong.
  if (!new X509Certificate(cert).verify(publicKey)) throw new Error('the test certificate does not verify');
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}
