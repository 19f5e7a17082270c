/**
 * Browser notifications (issue 34, ADR 0071) through the real API and PostgreSQL, against a local
 * push service that records what it is sent. Each message is opened here as a browser would —
 * ECDH with the browser's key, HKDF with its auth secret, AES-128-GCM (RFC 8291), written in this
 * file independently of the library that encrypts — and its VAPID token (RFC 8292) is checked
 * against the key the API hands browsers. An agent hears of a new deposit request in its downline,
 * a player of its decided request and of its settled bet; a push service's 410 drops the
 * subscription; an unsubscribed browser hears nothing; endpoints must be https (or loopback http
 * outside production).
 */
import { MESSAGES, type PushMessage, type PushSubscriptions } from '@backlay/shared/contracts';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { backOrLay, createMatch } from './bet-reports-helper';
import { buildTestApp, TEST_TXN_PASSWORD, type TestContext } from './helper';
import { buildChain, newUtr, parsed, pngImage, sendDecision, sendDeposit, type Chain } from './payments-helper';

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestContext;
let service: Server;
let serviceUrl: string;
const deliveries: Delivery[] = [];
/** Paths the push service answers 410 Gone for (a browser that unsubscribed there). */
const gone = new Set<string>();

beforeAll(async () => {
  t = await buildTestApp();
  service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
    });
  });
  await new Promise<void>((ok) => service.listen(0, '127.0.0.1', ok));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((ok) => service.close(ok));
});

/** A browser: its P-256 key pair and auth secret, and the subscription it would hand the page. */
function browser(name: string): { ecdh: ECDH; auth: Buffer; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, subscription: { endpoint: `${serviceUrl}/push/${name}-${randomBytes(4).toString('hex')}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
}

/** RFC 8291 §3.4 + RFC 8188, as a browser opens an aes128gcm message. */
function open(message: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = message.subarray(0, 16);
  const idLength = message[20] ?? 0;
  const serverKey = message.subarray(21, 21 + idLength);
  const ciphertext = message.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record: the content, then the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** The VAPID header's token is an ES256 JWT for the push service's origin, signed by the key the API publishes. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match?.[2]).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = (match?.[1] ?? '').split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(body.aud).toBe(serviceUrl);
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
  expect(body.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  expect(body.sub).toMatch(/^(mailto:|https:\/\/)/);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
}

const post = async (token: string, url: string, payload: object) => parsed<PushSubscriptions>(await t.request({ method: 'POST', url, token, payload }));
const deliveredTo = (endpoint: string) => deliveries.filter((d) => `${serviceUrl}${d.path}` === endpoint);

let chain: Chain;
let publicKey: string;

beforeAll(async () => {
  chain = await buildChain(t, 1_000_000n, 10_000n);
  publicKey = parsed<{ publicKey: string }>(await t.request({ method: 'GET', url: '/api/push-key', token: chain.tokens.player })).data.publicKey;
});

describe('push subscriptions', () => {
  it('hands browsers a P-256 public key', () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
  });

  it('refuses an endpoint that is no https URL (loopback http is for tests outside production), and bad keys', async () => {
    const { subscription } = browser('x');
    const refused = await post(chain.tokens.player, '/api/push-subscribe', { ...subscription, endpoint: 'http://push.example.com/x' });
    expect([refused.status, refused.message]).toEqual([400, MESSAGES.pushEndpointInvalid]);
    expect((await post(chain.tokens.player, '/api/push-subscribe', { ...subscription, endpoint: 'https://user:pw@push.example.com/x' })).status).toBe(400);
    expect((await post(chain.tokens.player, '/api/push-subscribe', { ...subscription, keys: { ...subscription.keys, p256dh: 'short' } })).status).toBe(400);
    expect((await post(chain.tokens.player, '/api/push-subscribe', { ...subscription, endpoint: `https://push.example.com/\u0000` })).status).toBe(400);
    expect((await t.request({ method: 'POST', url: '/api/push-subscribe', payload: subscription })).statusCode).toBe(401);
  });
});

describe('what each user hears', () => {
  it("an agent's browser: a new deposit request in its downline, encrypted for it and signed with the VAPID key", async () => {
    const agent = browser('dl');
    expect((await post(chain.tokens.dl, '/api/push-subscribe', agent.subscription)).data).toEqual({ subscriptions: 1 });
    const made = await sendDeposit(t, chain.tokens.player, { amount: '750', utrno: newUtr() }, { data: await pngImage() });
    expect(made.status).toBe(200);
    await t.services.push.settled();
    const [delivery] = deliveredTo(agent.subscription.endpoint);
    expect(delivery?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivery?.headers.ttl)).toBeGreaterThan(0);
    checkVapid(delivery?.headers ?? {}, publicKey);
    const message = JSON.parse(open(delivery?.body ?? Buffer.alloc(0), agent.ecdh, agent.auth)) as PushMessage;
    expect(message).toEqual({
      title: 'New deposit request',
      body: `${chain.player.username} asks for ₹750.00`,
      url: '/admin/depositstatement',
      tag: `payment-${made.data._id}`,
    });
    // The player's decision: the player's own browser hears it.
    const player = browser('player');
    await post(chain.tokens.player, '/api/push-subscribe', player.subscription);
    expect((await sendDecision(t, chain.tokens.dl, made.data._id, 'approved')).status).toBe(200);
    await t.services.push.settled();
    const decided = deliveredTo(player.subscription.endpoint).map((d) => JSON.parse(open(d.body, player.ecdh, player.auth)) as PushMessage);
    expect(decided).toEqual([{ title: 'Deposit approved', body: 'Your deposit request of ₹750.00 was approved.', url: '/depositstatement', tag: `payment-${made.data._id}` }]);
  });

  it("a player's browser: its settled bet, with what it won or lost", async () => {
    const player = browser('bettor');
    await post(chain.tokens.player, '/api/push-subscribe', player.subscription);
    const match = await createMatch(t, { name: 'Lions v Tigers', markets: [{ runners: { A: [200, 202], B: [200, 202] } }] });
    const marketId = match.marketIds[0] ?? '';
    await backOrLay(t, { user: chain.player, token: chain.tokens.player }, match, marketId, { selectionId: 'A', side: 'BACK', odds: 2, stake: 1_250 });
    const declared = await t.request({ method: 'POST', url: '/api/declare-result', token: chain.tokens.admin, payload: { transactionPassword: TEST_TXN_PASSWORD, marketId, result: { type: 'WINNER', selectionId: 'B' } } });
    expect(declared.statusCode).toBe(200);
    await t.services.push.settled();
    const messages = deliveredTo(player.subscription.endpoint).map((d) => JSON.parse(open(d.body, player.ecdh, player.auth)) as PushMessage);
    expect(messages).toEqual([expect.objectContaining({ title: 'Bet settled: Lions v Tigers', body: 'Match Odds: you lost ₹1,250.00.', url: '/bethistory' })]);
  });

  it('a push service that answers 410 loses the subscription; an unsubscribed browser hears nothing more', async () => {
    const stale = browser('stale');
    const kept = browser('kept');
    await post(chain.tokens.smdl, '/api/push-subscribe', stale.subscription);
    expect((await post(chain.tokens.smdl, '/api/push-subscribe', kept.subscription)).data).toEqual({ subscriptions: 2 });
    gone.add(new URL(stale.subscription.endpoint).pathname);
    await sendDeposit(t, chain.tokens.player, { amount: '300', utrno: newUtr() }, { data: await pngImage() });
    await t.services.push.settled();
    expect(deliveredTo(stale.subscription.endpoint)).toHaveLength(1);
    const { rows } = await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [chain.smdl.id]);
    expect(rows.map((r) => r.endpoint)).toEqual([kept.subscription.endpoint]);
    // Unsubscribed: the next request reaches no browser of the SMDL.
    expect((await post(chain.tokens.smdl, '/api/push-unsubscribe', { endpoint: kept.subscription.endpoint })).data).toEqual({ subscriptions: 0 });
    const before = deliveredTo(kept.subscription.endpoint).length;
    await sendDeposit(t, chain.tokens.player, { amount: '310', utrno: newUtr() }, { data: await pngImage() });
    await t.services.push.settled();
    expect(deliveredTo(kept.subscription.endpoint)).toHaveLength(before);
  });

  it("a browser that subscribes for another user moves to that user (one browser, one account's notifications)", async () => {
    const shared = browser('shared');
    await post(chain.tokens.mdl, '/api/push-subscribe', shared.subscription);
    await post(chain.tokens.player, '/api/push-subscribe', shared.subscription);
    const { rows } = await t.db.query<{ user_id: string }>('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [shared.subscription.endpoint]);
    expect(rows.map((r) => r.user_id)).toEqual([chain.player.id]);
  });
});
