/**
 * @jest-environment node
 */
import { createHmac } from 'node:crypto';
import { canonicalJson, cw1Signature, cw1SignedHeaders, formatMinorUnits, idempotencyPayload, parseMinorUnits, verifyCw1 } from './index';

const NONCE = '7f1c2a9e-4b3d-4e5f-8a6b-1c2d3e4f5a6b';
const NOW = 1_764_000_000_000;

describe('CW-1 signatures', () => {
  it('is hex HMAC-SHA256 over `${timestamp}.${nonce}.${rawBody}` (checked against node:crypto)', async () => {
    const body = '{"requestId":"r1","amount":"10000"}';
    const expected = createHmac('sha256', 'secret-1').update(`${NOW}.${NONCE}.${body}`).digest('hex');
    await expect(cw1Signature('secret-1', String(NOW), NONCE, body)).resolves.toBe(expected);
    await expect(cw1Signature('secret-1', String(NOW), NONCE, new TextEncoder().encode(body))).resolves.toBe(expected);
  });

  it('verifies under either active secret, and refuses a wrong one, a changed byte, skew and malformed headers', async () => {
    const body = '{"a":1}';
    const headers = await cw1SignedHeaders('studio', 'new-secret', body, NOW, NONCE);
    await expect(verifyCw1(headers, body, ['old-secret', 'new-secret'], NOW)).resolves.toEqual({ ok: true, partnerId: 'studio', nonce: NONCE, timestamp: NOW });
    await expect(verifyCw1(headers, body, ['old-secret'], NOW)).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    await expect(verifyCw1(headers, '{"a":2}', ['new-secret'], NOW)).resolves.toEqual({ ok: false, reason: 'bad-signature' });
    await expect(verifyCw1(headers, body, ['new-secret'], NOW + 300_000)).resolves.toMatchObject({ ok: true });
    await expect(verifyCw1(headers, body, ['new-secret'], NOW + 300_001)).resolves.toEqual({ ok: false, reason: 'skew' });
    await expect(verifyCw1(headers, body, ['new-secret'], NOW - 300_001)).resolves.toEqual({ ok: false, reason: 'skew' });
    await expect(verifyCw1({ ...headers, 'x-signature': headers['x-signature'].toUpperCase() }, body, ['new-secret'], NOW)).resolves.toEqual({
      ok: false,
      reason: 'malformed-headers',
    });
    await expect(verifyCw1({ ...headers, 'x-timestamp': '1e12' }, body, ['new-secret'], NOW)).resolves.toEqual({ ok: false, reason: 'malformed-headers' });
    const { 'x-nonce': _nonce, ...noNonce } = headers;
    await expect(verifyCw1(noNonce, body, ['new-secret'], NOW)).resolves.toEqual({ ok: false, reason: 'missing-headers' });
  });

  it('reads Fetch-style headers too', async () => {
    const body = '{}';
    const headers = new Headers(await cw1SignedHeaders('studio', 's', body, NOW, NONCE));
    await expect(verifyCw1(headers, body, ['s'], NOW)).resolves.toMatchObject({ ok: true });
  });
});

describe('CW-1 amounts', () => {
  it.each(['0', '1', '10000', '999999999999999'])('parses %s', (text) => expect(parseMinorUnits(text)).toBe(Number(text)));
  it.each(['', '-1', '01', '1.5', '1e3', ' 1', '0x10', '1000000000000000', 'NaN'])('refuses %j', (text) => expect(parseMinorUnits(text)).toBeNull());
  it.each([true, 10, null, undefined, ['1']])('refuses the non-string %j', (value) => expect(parseMinorUnits(value)).toBeNull());
  it('formats only non-negative safe integers', () => {
    expect(formatMinorUnits(10000)).toBe('10000');
    expect(() => formatMinorUnits(-1)).toThrow(RangeError);
    expect(() => formatMinorUnits(1.5)).toThrow(RangeError);
  });
});

describe('CW-1 idempotency payload', () => {
  it('ignores requestId and key order', () => {
    const a = { requestId: 'r1', transactionId: 't', amount: '5', bets: [{ stake: '5', market: 'm' }] };
    const b = { bets: [{ market: 'm', stake: '5' }], amount: '5', transactionId: 't', requestId: 'r2' };
    expect(canonicalJson(idempotencyPayload(a))).toBe(canonicalJson(idempotencyPayload(b)));
    expect(canonicalJson(idempotencyPayload(a))).not.toBe(canonicalJson(idempotencyPayload({ ...b, amount: '6' })));
  });
});
