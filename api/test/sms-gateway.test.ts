/**
 * A real SMS gateway (issue 34, SMS_PROVIDER=http): the API against a local fake of Fast2SMS's DLT
 * route as its documentation gives it — POST /dev/bulkV2 with the API key in `authorization`, a JSON
 * body `{route: "dlt", sender_id, message: <DLT template id>, variables_values: "<code>|", flash,
 * numbers}`, answered `{"return": true, "request_id": …, "message": ["SMS sent successfully."]}`
 * or, refused, `{"return": false, "status_code": 412, "message": "Invalid Authentication, …"}`.
 * A player sends an OTP, the gateway gets the code as the template's variable, the message is
 * recorded sent with the gateway's id, and that code registers the player. A refusal and an
 * unreachable gateway are recorded failed with the reason; no line of the log carries a code.
 */
import { REGISTER_MESSAGES, type CaptchaChallenge } from '@backlay/shared/contracts';
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { encodeCaptcha, solveCaptcha } from '../src/registration/captcha';
import { body, buildTestApp, type TestContext } from './helper';

const API_KEY = 'fast2sms-test-key-0123456789';
const SENDER = 'BKLAYO';
const TEMPLATE = '1707169000000000001';
const PARENT = 'sms-dl';
const DLR_TOKEN = 'dlr-token-0123456789abcdefghij';
const METRICS_TOKEN = 'scraper-secret-0123456789';

interface Received {
  headers: IncomingMessage['headers'];
  url: string;
  body: Record<string, unknown>;
}
const received: Received[] = [];
/** What the fake answers next: Fast2SMS's success, its refusal, a dropped connection, or one 503 then success. */
let mode: 'ok' | 'refuse' | 'drop' | 'busy-once' = 'ok';
let posts = 0;
let gateway: Server;
let gatewayUrl = '';
const logLines: string[] = [];
let t: TestContext;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      posts += 1;
      if (mode === 'busy-once') {
        mode = 'ok';
        res.statusCode = 503;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ return: false, status_code: 503, message: 'Service temporarily unavailable' }));
        return;
      }
      if (mode === 'drop') {
        req.socket.destroy();
        return;
      }
      received.push({ headers: req.headers, url: req.url ?? '', body: JSON.parse(raw) as Record<string, unknown> });
      res.setHeader('content-type', 'application/json');
      if (mode === 'refuse' || req.headers.authorization !== API_KEY) {
        res.statusCode = 401;
        res.end(JSON.stringify({ return: false, status_code: 412, message: 'Invalid Authentication, Check Authorization Key' }));
        return;
      }
      res.end(JSON.stringify({ return: true, request_id: `req${received.length}x7k`, message: ['SMS sent successfully.'] }));
    });
  });
  await new Promise<void>((ok) => gateway.listen(0, '127.0.0.1', ok));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/dev/bulkV2`;
  t = await buildTestApp({
    env: {
      DEMO: 'true',
      REGISTRATION_PARENT: PARENT,
      CAPTCHA_MAX_NUMBER: '1000',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gatewayUrl,
      SMS_HTTP_API_KEY: API_KEY,
      SMS_SENDER_ID: SENDER,
      SMS_DLT_TEMPLATE_ID: TEMPLATE,
      SMS_HTTP_TIMEOUT_MS: '2000',
      SMS_HTTP_RETRY_MS: '20',
      SMS_DLR_TOKEN: DLR_TOKEN,
      METRICS_TOKEN: METRICS_TOKEN,
    },
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
  });
  const sadmin = await t.createUser({ role: 'sadmin' });
  const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  await t.createUser({ role: 'dl', username: PARENT, parentId: mdl.id });
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((ok) => gateway.close(ok));
});

let ip = 0;
const nextIp = () => `10.9.0.${++ip}`;
const nextPhone = () => `9${String(randomInt(100_000_000, 999_999_999))}`;

async function solvedCaptcha(): Promise<string> {
  const response = await t.request({ method: 'GET', url: '/api/captcha-challenge' });
  const solution = solveCaptcha(body<{ data: CaptchaChallenge }>(response).data);
  if (solution === null) throw new Error('unsolvable captcha');
  return encodeCaptcha(solution);
}

async function sendOtp(phone: string): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/send-otp', payload: { phone, captcha: await solvedCaptcha() }, remoteAddress: nextIp() });
  expect(response.statusCode).toBe(200);
  expect(body<{ message: string }>(response).message).toBe(REGISTER_MESSAGES.otpSent);
  return body<{ data: { nonce: string } }>(response).data.nonce;
}

/** The phone's message row once the gateway has answered (the POST goes after the commit). */
async function settledRow(phone: string) {
  for (let waited = 0; waited < 5_000; waited += 50) {
    const { rows } = await t.db.query<{ status: string; provider_message_id: string | null; error: string | null; purpose: string; provider: string; attempts: number }>(
      'SELECT status, provider_message_id, error, purpose, provider, attempts FROM sms_messages WHERE phone = $1 ORDER BY id DESC LIMIT 1',
      [phone],
    );
    if (rows[0] !== undefined && rows[0].status !== 'queued') return rows[0];
    await new Promise((ok) => setTimeout(ok, 50));
  }
  throw new Error(`the message to ${phone} stayed queued`);
}

const codes: string[] = [];

it('sends the code through the gateway as its DLT template variable, records it sent with the gateway\'s id, and the code registers the player', async () => {
  mode = 'ok';
  const phone = nextPhone();
  const before = received.length;
  const nonce = await sendOtp(phone);
  const row = await settledRow(phone);
  expect(row).toEqual({ status: 'sent', provider_message_id: `req${before + 1}x7k`, error: null, purpose: 'register', provider: 'http', attempts: 1 });
  expect(received.length).toBe(before + 1);
  const sent = received[before] as Received;
  expect(sent.url).toBe('/dev/bulkV2');
  expect(sent.headers.authorization).toBe(API_KEY);
  expect(sent.headers['content-type']).toBe('application/json');
  expect(sent.body).toEqual({ route: 'dlt', sender_id: SENDER, message: TEMPLATE, variables_values: expect.stringMatching(/^\d{6}\|$/), flash: 0, numbers: phone });
  const code = String(sent.body.variables_values).slice(0, 6);
  codes.push(code);
  // Nothing went to the demo outbox.
  expect((await t.db.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone])).rowCount).toBe(0);

  // The code the phone received registers the player.
  const registered = await t.request({
    method: 'POST',
    url: '/api/user-register',
    payload: { username: `sms${randomInt(100_000)}`, password: 'Register#2026x', phone, otp: code, nonce, isDemo: false, logs: {}, captcha: await solvedCaptcha() },
    remoteAddress: nextIp(),
  });
  expect(registered.statusCode).toBe(200);
});

it('records a refusal and an unreachable gateway as failed with the reason, logged without the code', async () => {
  mode = 'refuse';
  const refusedPhone = nextPhone();
  await sendOtp(refusedPhone);
  const refused = await settledRow(refusedPhone);
  // A refusal is final: one POST.
  expect(refused).toMatchObject({ status: 'failed', provider_message_id: null, attempts: 1 });
  expect(refused.error).toBe('HTTP 401: Invalid Authentication, Check Authorization Key');
  codes.push(String(received.at(-1)?.body.variables_values).slice(0, 6));

  // A gateway that cannot be reached is tried SMS_HTTP_ATTEMPTS (3) times in all.
  mode = 'drop';
  const droppedPhone = nextPhone();
  const postsBefore = posts;
  await sendOtp(droppedPhone);
  const dropped = await settledRow(droppedPhone);
  expect(dropped).toMatchObject({ status: 'failed', attempts: 3 });
  expect(posts - postsBefore).toBe(3);
  expect(dropped.error).toMatch(/^TypeError: fetch failed|Error/);
  mode = 'ok';

  const failures = logLines.map((line) => JSON.parse(line) as { event?: string; error?: string }).filter((line) => line.event === 'sms_failed');
  expect(failures.map((f) => f.error)).toEqual([refused.error, dropped.error]);
  const sentEvents = logLines.filter((line) => line.includes('"event":"sms_sent"'));
  expect(sentEvents.length).toBe(1);
  for (const code of codes) expect(logLines.join('\n')).not.toContain(`${code} is your`);
  for (const code of codes) expect(logLines.join('\n')).not.toContain(`"${code}|"`);
});

it('tries a gateway that could not take the message now (503) again, and records the second POST sent', async () => {
  mode = 'busy-once';
  const phone = nextPhone();
  const before = received.length;
  const postsBefore = posts;
  await sendOtp(phone);
  const row = await settledRow(phone);
  expect(row).toMatchObject({ status: 'sent', attempts: 2, error: null });
  expect(posts - postsBefore).toBe(2);
  expect(received.length).toBe(before + 1);
});

describe('the gateway\'s delivery reports (POST /api/sms-delivery-report)', () => {
  const report = (payload: unknown, auth: { query?: string; header?: string } = { query: DLR_TOKEN }) =>
    t.request({
      method: 'POST',
      url: `/api/sms-delivery-report${auth.query === undefined ? '' : `?token=${encodeURIComponent(auth.query)}`}`,
      payload: payload as Record<string, unknown>,
      ...(auth.header === undefined ? {} : { headers: { 'x-sms-dlr-token': auth.header } }),
    });
  async function sentMessage(): Promise<{ phone: string; id: string }> {
    mode = 'ok';
    const phone = nextPhone();
    await sendOtp(phone);
    const row = await settledRow(phone);
    expect(row.status).toBe('sent');
    return { phone, id: row.provider_message_id ?? '' };
  }
  const stateOf = async (phone: string) =>
    (await t.db.query<{ status: string; report_status: string | null; reported: boolean }>('SELECT status, report_status, reported_at IS NOT NULL AS reported FROM sms_messages WHERE phone = $1', [phone])).rows[0];

  it('refuses a request without the token or with another (403), changing nothing', async () => {
    const { phone, id } = await sentMessage();
    for (const auth of [{}, { query: 'wrong-token-0123456789abcdef' }, { header: `${DLR_TOKEN}x` }]) {
      const answer = await report({ request_id: id, status: 'DELIVERED' }, auth);
      expect(answer.statusCode).toBe(403);
    }
    expect(await stateOf(phone)).toEqual({ status: 'sent', report_status: null, reported: false });
  });

  it('marks a sent message delivered; a repeat and a later "failed" keep the first final report', async () => {
    const { phone, id } = await sentMessage();
    // A step on the way changes nothing.
    const step = await report({ request_id: id, status: 'SUBMITTED' });
    expect(body(step)).toEqual({ data: { received: 1, updated: 0 }, message: 'OK' });
    expect((await stateOf(phone))?.status).toBe('sent');
    const delivered = await report({ request_id: id, status: 'DELIVERED' }, { header: DLR_TOKEN });
    expect(body(delivered)).toEqual({ data: { received: 1, updated: 1 }, message: 'OK' });
    expect(await stateOf(phone)).toEqual({ status: 'delivered', report_status: 'delivered', reported: true });
    for (const again of [{ request_id: id, status: 'DELIVERED' }, { request_id: id, status: 'FAILED' }]) {
      expect(body(await report(again))).toEqual({ data: { received: 1, updated: 0 }, message: 'OK' });
    }
    expect((await stateOf(phone))?.status).toBe('delivered');
  });

  it('takes a batch (an array, or an object whose data is one): undelivered, delivered, and an unknown id answered 200', async () => {
    const first = await sentMessage();
    const second = await sentMessage();
    const batch = [
      { request_id: first.id, status: 'Rejected' },
      { request_id: second.id, status: 'delivrd' },
      { request_id: 'no-such-id', status: 'DELIVERED' },
    ];
    expect(body(await report(batch))).toEqual({ data: { received: 3, updated: 2 }, message: 'OK' });
    expect(await stateOf(first.phone)).toEqual({ status: 'undelivered', report_status: 'rejected', reported: true });
    expect(await stateOf(second.phone)).toEqual({ status: 'delivered', report_status: 'delivrd', reported: true });
    const third = await sentMessage();
    expect(body(await report({ data: [{ request_id: third.id, status: 'EXPIRED' }] }))).toEqual({ data: { received: 1, updated: 1 }, message: 'OK' });
    expect((await stateOf(third.phone))?.status).toBe('undelivered');
  });

  it('answers hostile reports without a 500: a NUL byte or a lone surrogate is a 400 as everywhere, an id that is no text is no id, a body of another shape is a 400', async () => {
    const { phone, id } = await sentMessage();
    for (const hostile of [{ request_id: `${id}\u0000`, status: 'DELIVERED' }, { request_id: '\ud800', status: 'DELIVERED' }, { request_id: id, status: 'DELIVERED\u0000' }]) {
      expect((await report(hostile)).statusCode).toBe(400);
    }
    for (const odd of [{ request_id: true, status: 'DELIVERED' }, { request_id: { id }, status: 'DELIVERED' }, { request_id: 'x'.repeat(201), status: 'DELIVERED' }, { request_id: id, status: ['DELIVERED'] }]) {
      expect(body(await report(odd))).toEqual({ data: { received: 1, updated: 0 }, message: 'OK' });
    }
    expect((await stateOf(phone))?.status).toBe('sent');
    for (const shape of ['"DELIVERED"', '42', 'null', JSON.stringify(Array.from({ length: 501 }, () => ({ request_id: id, status: 'DELIVERED' }))), '{"request_id":']) {
      const answer = await t.request({ method: 'POST', url: `/api/sms-delivery-report?token=${DLR_TOKEN}`, payload: shape, headers: { 'content-type': 'application/json' } });
      expect({ shape: shape.slice(0, 20), status: answer.statusCode }).toEqual({ shape: shape.slice(0, 20), status: 400 });
    }
    expect((await stateOf(phone))?.status).toBe('sent');
  });

  it('counts the last hour\'s messages by status for /metrics', async () => {
    const metrics = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = metrics.body;
    for (const status of ['sent', 'failed', 'delivered', 'undelivered']) {
      expect(Number(new RegExp(`^backlay_sms_messages_last_hour\\{status="${status}"\\} (\\d+)$`, 'm').exec(text)?.[1])).toBeGreaterThan(0);
    }
  });
});
