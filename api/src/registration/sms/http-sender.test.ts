/**
 * The gateway sender's retries (issue 34): what is tried again (a network failure, a 5xx, a 429
 * after its Retry-After), what is final (a refusal), how long it waits, and what it records.
 * The real gateway round trip is api/test/sms-gateway.test.ts.
 */
import type { Database } from '../../db/database';
import type { Logger } from '../../common/logger';
import { finalReports, reportItems } from './delivery-reports';
import { HttpSmsSender, type HttpSmsConfig } from './http-sender';

const CONFIG: HttpSmsConfig = {
  url: 'https://sms.example.com/send',
  apiKey: 'key',
  authHeader: 'authorization',
  body: { to: '{{phone}}', code: '{{code}}' },
  senderId: 'BKLAYO',
  templateId: '1',
  entityId: '',
  okField: 'return',
  okValue: 'true',
  idField: 'request_id',
  timeoutMs: 1_000,
  attempts: 3,
  retryBaseMs: 1_000,
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A sender whose gateway answers `answers` in turn; records each POST's time and the outcome written. */
function senderWith(answers: Array<Response | Error>) {
  const posts: number[] = [];
  const written: unknown[][] = [];
  const fetchImpl = jest.fn(async () => {
    posts.push(Date.now());
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  const db = { query: jest.fn(async (_sql: string, values: unknown[]) => (written.push(values), { rows: [], rowCount: 1 })) } as unknown as Database;
  const log = { info: jest.fn(), error: jest.fn() } as unknown as Logger;
  const sender = new HttpSmsSender(CONFIG, db, log, fetchImpl as unknown as typeof fetch);
  return { sender, posts, written, fetchImpl };
}

const message = { phone: '9876543210', purpose: 'register', body: '123456 is your code', code: '123456' };

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

it('tries a 5xx and a dropped connection again after 1 s, then 2 s, and records the POSTs it took', async () => {
  const { sender, posts, written } = senderWith([json(502, { message: 'Bad gateway' }), new TypeError('fetch failed'), json(200, { return: true, request_id: 'r1' })]);
  const done = sender.dispatch('7', message);
  await jest.runAllTimersAsync();
  await done;
  expect(posts).toEqual([0, 1_000, 3_000]);
  // id, status, gateway id, error, attempts
  expect(written).toEqual([['7', 'sent', 'r1', null, 3]]);
});

it('waits a 429\'s Retry-After when it is longer than the backoff, and at most 30 s', async () => {
  const { sender, posts } = senderWith([json(429, { message: 'Slow down' }, { 'retry-after': '5' }), json(429, { message: 'Slow down' }, { 'retry-after': '600' }), json(200, { return: true, request_id: 'r2' })]);
  const done = sender.dispatch('8', message);
  await jest.runAllTimersAsync();
  await done;
  expect(posts).toEqual([0, 5_000, 35_000]);
});

it('takes a refusal as final: one POST, recorded failed with the gateway\'s reason', async () => {
  const { sender, written, fetchImpl } = senderWith([json(401, { return: false, message: 'Invalid Authentication' })]);
  await sender.dispatch('9', message);
  expect(fetchImpl).toHaveBeenCalledTimes(1);
  expect(written).toEqual([['9', 'failed', null, 'HTTP 401: Invalid Authentication', 1]]);
});

it('gives up after SMS_HTTP_ATTEMPTS and records the last reason', async () => {
  const { sender, written } = senderWith([json(503, { message: 'a' }), json(503, { message: 'b' }), json(503, { message: 'c' })]);
  const done = sender.dispatch('10', message);
  await jest.runAllTimersAsync();
  await done;
  expect(written).toEqual([['10', 'failed', null, 'HTTP 503: c', 3]]);
});

describe('delivery reports', () => {
  const config = { token: 't'.repeat(24), idField: 'requestId', statusField: 'report.desc', delivered: ['delivered'], undelivered: ['failed', 'rejected'] };

  it('reads an object, an array, or an object whose data is the array; at most 500', () => {
    const one = { requestId: 'a', report: { desc: 'DELIVERED' } };
    expect(reportItems(one)).toEqual([one]);
    expect(reportItems([one, one])).toEqual([one, one]);
    expect(reportItems({ data: [one] })).toEqual([one]);
    expect(reportItems(Array.from({ length: 501 }, () => one))).toBeNull();
    for (const shape of ['x', 1, null, true]) expect(reportItems(shape)).toBeNull();
  });

  it('keeps the final reports with a printable id (dotted fields, any case), and counts the others ignored', () => {
    const items = [
      { requestId: 'a', report: { desc: 'Delivered' } },
      { requestId: 42, report: { desc: 'REJECTED' } },
      { requestId: 'b', report: { desc: 'SUBMITTED' } },
      { requestId: 'c d', report: { desc: 'DELIVERED' } },
      { report: { desc: 'DELIVERED' } },
    ];
    expect(finalReports(items, config)).toEqual({
      reports: [
        { providerMessageId: 'a', status: 'delivered', word: 'delivered' },
        { providerMessageId: '42', status: 'undelivered', word: 'rejected' },
      ],
      ignored: 3,
    });
  });
});
