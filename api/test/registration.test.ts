/**
 * Self-registration (issue 20; docs/rules/test-plan.md T11, T12; ADR 0017): send-otp and its limits, the
 * proof-of-work captcha, user-register and the admins' SMS outbox. The clock is injected, so
 * expiry and the send windows are moved, not waited for. Every log line of the app is captured,
 * and the last test greps them (and every response body) for every code that was issued.
 */
import { MESSAGES, REGISTER_MESSAGES, type CaptchaChallenge, type CaptchaSolution, type LoginResponse, type SmsOutboxResponse } from '@backlay/shared/contracts';
import { randomInt } from 'node:crypto';
import pino from 'pino';
import { silentLogger } from '../src/common/logger';
import { encodeCaptcha, solveCaptcha } from '../src/registration/captcha';
import { OtpCodes } from '../src/registration/otp-codes';
import { OutboxSmsSender } from '../src/registration/sms/outbox-sender';
import { body, buildTestApp, FakeClock, walletOf, type TestContext, type TestUser } from './helper';

const clock = new FakeClock();
const logLines: string[] = [];
const responseBodies: string[] = [];
const PARENT = 'reg-dl';
const PASSWORD = 'Register#2026x';
const DEMO_CHIPS = 2_500n;
const OTP_SECRET = 'registration-test-otp-secret-0123456789';

let t: TestContext;
let dl: TestUser;
let mdl: TestUser;
let smdl: TestUser;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { DEMO: 'true', REGISTRATION_PARENT: PARENT, REGISTRATION_DEMO_CHIPS: String(DEMO_CHIPS), CAPTCHA_MAX_NUMBER: '1000', OTP_SECRET },
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
  });
  const sadmin = await t.createUser({ role: 'sadmin' });
  smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id });
  mdl = await t.createUser({ role: 'mdl', parentId: smdl.id });
  dl = await t.createUser({ role: 'dl', username: PARENT, parentId: mdl.id });
});
afterAll(() => t.close());

/** Each test sends from its own address, so the 20-per-IP limit is only met where it is tested. */
let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let phoneCounter = 0;
const nextPhone = () => `9${String(100_000_000 + (++phoneCounter * 7919 + randomInt(1000)) % 900_000_000).padStart(9, '0')}`;
let nameCounter = 0;
const nextName = () => `reg${++nameCounter}x${randomInt(1000)}`;

async function call(options: Parameters<TestContext['request']>[0]) {
  const response = await t.request(options);
  responseBodies.push(response.body);
  return response;
}

/** The nonce of the last successful send to each phone (its 10 digits): what the page keeps. */
const nonces = new Map<string, string>();
const digitsOf = (phone: unknown) => (typeof phone === 'string' ? phone.replace(/\D/g, '').slice(-10) : '');

/** POST /api/send-otp as the page does it: a solved captcha with the phone; keeps the nonce. */
async function sendOtp(phone: unknown, remoteAddress = nextIp(), captcha?: string) {
  const response = await call({ method: 'POST', url: '/api/send-otp', payload: { phone, captcha: captcha ?? (await solvedCaptcha()) }, remoteAddress });
  if (response.statusCode === 200) nonces.set(digitsOf(phone), body<{ data: { nonce: string } }>(response).data.nonce);
  return response;
}

/** The nonce the page holds for a phone (a made-up one when nothing was sent to it). */
const nonceOf = (phone: unknown) => nonces.get(digitsOf(phone)) ?? 'never-sent';

/** The code in the newest SMS to a phone (what the player reads on the phone). */
async function codeSentTo(phone: string): Promise<string> {
  const { rows } = await t.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [phone]);
  const code = /^(\d{6}) /.exec(rows[0]?.body ?? '')?.[1];
  if (code === undefined) throw new Error(`no SMS to ${phone}`);
  return code;
}

async function solvedCaptcha(): Promise<string> {
  const response = await call({ method: 'GET', url: '/api/captcha-challenge' });
  expect(response.statusCode).toBe(200);
  const solution = solveCaptcha(body<{ data: CaptchaChallenge }>(response).data);
  if (solution === null) throw new Error('unsolvable captcha');
  return encodeCaptcha(solution);
}

async function register(fields: Record<string, unknown>, remoteAddress = nextIp()) {
  return call({
    method: 'POST',
    url: '/api/user-register',
    payload: { password: PASSWORD, isDemo: false, logs: { city: 'Pune' }, captcha: await solvedCaptcha(), nonce: nonceOf(fields.phone), ...fields },
    remoteAddress,
    headers: { 'user-agent': 'RegTest/1.0', 'accept-language': 'en-IN,en;q=0.9' },
  });
}

/** A phone with a code sent to it: [phone, code]. */
async function phoneWithCode(): Promise<[string, string]> {
  const phone = nextPhone();
  expect((await sendOtp(phone)).statusCode).toBe(200);
  return [phone, await codeSentTo(phone)];
}

const errorOf = (response: { body: string }) => JSON.parse(response.body) as { data: { code: string }; message: string };

describe('POST /api/send-otp', () => {
  it('sends a 6-digit code by SMS, stores only its HMAC and answers without it', async () => {
    const phone = nextPhone();
    const response = await sendOtp(`+91${phone}`);
    expect(response.statusCode).toBe(200);
    const { data } = body<{ data: { nonce: string } }>(response);
    expect(body(response)).toEqual({ data: { success: true, resendAfterSec: 60, nonce: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) }, message: REGISTER_MESSAGES.otpSent });
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(response.body).not.toContain(code);
    // The nonce goes only to the caller: not in the SMS, not stored in clear.
    const sms = await t.db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE phone = $1', [phone]);
    expect(sms.rows[0]?.body).not.toContain(data.nonce);
    const { rows } = await t.db.query<{ code_hmac: Buffer; attempts: number; purpose: string; ttl: number }>(
      `SELECT code_hmac, attempts, purpose, extract(epoch FROM expires_at - created_at)::int AS ttl FROM otp_codes WHERE phone = $1`,
      [phone],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 0, purpose: 'register', ttl: 300 });
    expect(rows[0]?.code_hmac.length).toBe(32);
    expect(rows[0]?.code_hmac.toString('hex')).not.toContain(code);
    const stored = await t.db.query('SELECT * FROM otp_codes WHERE phone = $1', [phone]);
    expect(JSON.stringify(stored.rows)).not.toContain(data.nonce);
  });

  it('answers the same whether or not an account uses the phone', async () => {
    const taken = nextPhone();
    await t.db.query('UPDATE users SET phone = $1 WHERE id = $2', [taken, dl.id]);
    const known = await sendOtp(taken);
    const unknown = await sendOtp(nextPhone());
    const shape = (r: { statusCode: number; body: string }) => [r.statusCode, JSON.parse(r.body.replace(/"nonce":"[^"]+"/, '"nonce":"-"')) as unknown];
    expect(shape(known)).toEqual(shape(unknown));
  });

  it.each([
    ['12345', REGISTER_MESSAGES.phoneInvalid],
    ['5123456789', REGISTER_MESSAGES.phoneInvalid],
    ['+9198765432100', REGISTER_MESSAGES.phoneInvalid],
    ['+1 4155552671', REGISTER_MESSAGES.phoneInvalid],
    ['', REGISTER_MESSAGES.enterPhoneFirst],
  ])('refuses %j with 400', async (phone, message) => {
    const response = await sendOtp(phone);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ data: { code: 'VALIDATION' }, message });
  });

  it.each([
    ['a number', 9876543210],
    ['an array', ['9876543210']],
    ['an object', { n: '9876543210' }],
    ['null', null],
    ['a NUL byte', '98765\u000043210'],
    ['a lone surrogate', '98765\ud80043210'],
    ['a long string', '9'.repeat(10_000)],
  ])('refuses %s with 400, never 500', async (_name, phone) => {
    const response = await sendOtp(phone);
    expect(response.statusCode).toBe(400);
  });

  it('waits 60 s before a resend, and a resend replaces the old code', async () => {
    const phone = nextPhone();
    const ip = nextIp();
    expect((await sendOtp(phone, ip)).statusCode).toBe(200);
    const first = await codeSentTo(phone);
    clock.advance(30_000);
    const early = await sendOtp(phone, ip);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    expect(errorOf(early)).toEqual({ data: { code: 'RATE_LIMITED', details: { retryAfterSec: 30 } }, message: REGISTER_MESSAGES.otpResendTooSoon });
    clock.advance(31_000);
    expect((await sendOtp(phone, ip)).statusCode).toBe(200);
    const second = await codeSentTo(phone);
    const live = await t.db.query('SELECT 1 FROM otp_codes WHERE phone = $1 AND replaced_at IS NULL', [phone]);
    expect(live.rowCount).toBe(1);
    if (first !== second) {
      expect(errorOf(await register({ username: nextName(), phone, otp: first })).message).toBe(REGISTER_MESSAGES.otpInvalid);
    }
    expect((await register({ username: nextName(), phone, otp: second })).statusCode).toBe(200);
  });

  it('the 6th send to a phone within an hour gets 429; 10 a day at most', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendOtp(phone)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    const sixth = await sendOtp(phone);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).message).toBe(REGISTER_MESSAGES.otpTooManyPhone);
    clock.advance(60 * 60_000);
    for (let i = 0; i < 5; i += 1) {
      expect((await sendOtp(phone)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    clock.advance(60 * 60_000);
    const eleventh = await sendOtp(phone);
    expect(eleventh.statusCode).toBe(429);
    expect(errorOf(eleventh).message).toBe(REGISTER_MESSAGES.otpTooManyPhone);
    clock.advance(24 * 60 * 60_000);
    expect((await sendOtp(phone)).statusCode).toBe(200);
  });

  it('needs a solved captcha: none, a used one or a forged one sends nothing (400)', async () => {
    const phone = nextPhone();
    const used = await solvedCaptcha();
    expect((await sendOtp(nextPhone(), nextIp(), used)).statusCode).toBe(200);
    const forged = encodeCaptcha({ ...(JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString('utf8')) as CaptchaSolution), number: 1_000_001 });
    for (const [captcha, message] of [
      ['', REGISTER_MESSAGES.captchaRequired],
      [used, REGISTER_MESSAGES.captchaInvalid],
      [forged, REGISTER_MESSAGES.captchaInvalid],
      ['bm90IGpzb24=', REGISTER_MESSAGES.captchaInvalid],
    ] as const) {
      const response = await sendOtp(phone, nextIp(), captcha);
      expect([response.statusCode, body(response)]).toEqual([400, { data: { code: 'VALIDATION' }, message }]);
    }
    const missing = await call({ method: 'POST', url: '/api/send-otp', payload: { phone }, remoteAddress: nextIp() });
    expect(missing.statusCode).toBe(400);
    const sent = await t.db.query('SELECT 1 FROM sms_outbox WHERE phone = $1 UNION ALL SELECT 1 FROM otp_codes WHERE phone = $1', [phone]);
    expect(sent.rowCount).toBe(0);
  });

  it('codes older than a day (every window) are deleted as new codes are sent', async () => {
    const old = nextPhone();
    expect((await sendOtp(old)).statusCode).toBe(200);
    clock.advance(24 * 60 * 60_000 - 1_000);
    expect((await sendOtp(nextPhone())).statusCode).toBe(200);
    expect((await t.db.query('SELECT 1 FROM otp_codes WHERE phone = $1', [old])).rowCount).toBe(1);
    clock.advance(2_000);
    expect((await sendOtp(nextPhone())).statusCode).toBe(200);
    expect((await t.db.query('SELECT 1 FROM otp_codes WHERE phone = $1', [old])).rowCount).toBe(0);
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM otp_codes WHERE created_at <= $1::timestamptz - interval '1 day'`,
      [new Date(clock.nowMs()).toISOString()],
    );
    expect(rows[0]?.n).toBe('0');
  });

  it('the 21st send from one address within an hour gets 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) expect((await sendOtp(nextPhone(), ip)).statusCode).toBe(200);
    const over = await sendOtp(nextPhone(), ip);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).message).toBe(REGISTER_MESSAGES.otpTooManyIp);
    clock.advance(60 * 60_000 + 1_000);
    expect((await sendOtp(nextPhone(), ip)).statusCode).toBe(200);
  });
});

describe('POST /api/user-register', () => {
  it('creates the player under the configured DL with demo chips and signs it in as login does', async () => {
    const [phone, otp] = await phoneWithCode();
    const username = nextName();
    const response = await register({ username, phone: `+91 ${phone}`, otp, logs: { city: 'Pune\u0007', gps: 'x'.repeat(500) } });
    expect(response.statusCode).toBe(200);
    const { data, message } = body<{ data: LoginResponse; message: string }>(response);
    expect(message).toBe(REGISTER_MESSAGES.registered);
    expect(data).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      role: 'user',
      _id: expect.any(String),
      username,
      sessionId: expect.any(String),
      changePassAndTxn: true,
      lastLoginAt: null,
    });
    const { rows } = await t.db.query<{ parent_id: string; phone: string; must_change_password: boolean }>(
      'SELECT parent_id, phone, must_change_password FROM users WHERE id = $1',
      [data._id],
    );
    expect(rows[0]).toEqual({ parent_id: dl.id, phone, must_change_password: false });
    expect((await walletOf(t, data._id)).balance).toBe(DEMO_CHIPS * 100n);
    const reg = await t.db.query('SELECT ip, user_agent, device, location, accept_language, client_note FROM registrations WHERE user_id = $1', [data._id]);
    expect(reg.rows[0]).toEqual({
      ip: expect.stringMatching(/^10\.0\./),
      user_agent: 'RegTest/1.0',
      device: 'Other client: RegTest/1.0',
      location: 'Private network',
      accept_language: 'en-IN,en;q=0.9',
      client_note: { city: 'Pune', gps: 'x'.repeat(200) },
    });
    const info = await call({ method: 'GET', url: '/api/user-info', token: data.token });
    expect(info.statusCode).toBe(200);
  });

  it('rejects the 6th attempt even with the correct code', async () => {
    const [phone, otp] = await phoneWithCode();
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await register({ username: nextName(), phone, otp: wrong });
      expect([response.statusCode, errorOf(response).message]).toEqual([400, REGISTER_MESSAGES.otpInvalid]);
    }
    const sixth = await register({ username: nextName(), phone, otp });
    expect([sixth.statusCode, errorOf(sixth).message]).toEqual([400, REGISTER_MESSAGES.otpInvalid]);
  });

  it('a code expires at +5 min 1 s (and works at +4 min 59 s)', async () => {
    const [late, lateCode] = await phoneWithCode();
    const [inTime, inTimeCode] = await phoneWithCode();
    clock.advance(4 * 60_000 + 59_000);
    expect((await register({ username: nextName(), phone: inTime, otp: inTimeCode })).statusCode).toBe(200);
    clock.advance(2_000);
    const expired = await register({ username: nextName(), phone: late, otp: lateCode });
    expect([expired.statusCode, errorOf(expired).message]).toEqual([400, REGISTER_MESSAGES.otpInvalid]);
  });

  it('a used code cannot be replayed', async () => {
    const [phone, otp] = await phoneWithCode();
    expect((await register({ username: nextName(), phone, otp })).statusCode).toBe(200);
    const replay = await register({ username: nextName(), phone, otp });
    expect([replay.statusCode, errorOf(replay).message]).toEqual([400, REGISTER_MESSAGES.otpInvalid]);
  });

  it('a code is bound to its phone and purpose', async () => {
    const [phone, otp] = await phoneWithCode();
    const [other] = await phoneWithCode();
    const elsewhere = await register({ username: nextName(), phone: other, otp });
    expect(elsewhere.statusCode).toBe(400);
    const codes = new OtpCodes({ db: t.db, clock, secret: OTP_SECRET, sms: new OutboxSmsSender(), log: silentLogger });
    await expect(codes.attempt(phone, 'reset', nonceOf(phone), otp)).rejects.toThrow(REGISTER_MESSAGES.otpInvalid);
    expect((await register({ username: nextName(), phone, otp })).statusCode).toBe(200);
  });

  it('a code is bound to the send that issued it: it needs that send\'s nonce (ADR 0024)', async () => {
    const [phone, otp] = await phoneWithCode();
    const [, otherCode] = await phoneWithCode();
    const nonce = nonceOf(phone);
    // Someone who reads the SMS (or guesses the code) without the send's answer gets nowhere.
    const noNonce = await register({ username: nextName(), phone, otp, nonce: '' });
    expect([noNonce.statusCode, errorOf(noNonce).message]).toEqual([400, REGISTER_MESSAGES.verifyPhoneFirst]);
    const wrongNonce = await register({ username: nextName(), phone, otp, nonce: `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}` });
    expect([wrongNonce.statusCode, errorOf(wrongNonce).message]).toEqual([400, REGISTER_MESSAGES.otpInvalid]);
    // Another send's nonce (another phone) is no better, even with that send's code.
    const crossed = await register({ username: nextName(), phone, otp: otherCode, nonce: [...nonces.values()].at(-1) ?? '' });
    expect(crossed.statusCode).toBe(400);
    // A wrong nonce counts as a wrong guess.
    const { rows } = await t.db.query<{ attempts: number }>('SELECT attempts FROM otp_codes WHERE phone = $1', [phone]);
    expect(rows).toEqual([{ attempts: 2 }]);
    expect((await register({ username: nextName(), phone, otp, nonce })).statusCode).toBe(200);
  });

  it('a resend gives a new nonce: the old one no longer works with the new code', async () => {
    const phone = nextPhone();
    expect((await sendOtp(phone)).statusCode).toBe(200);
    const first = nonceOf(phone);
    clock.advance(61_000);
    expect((await sendOtp(phone)).statusCode).toBe(200);
    const second = nonceOf(phone);
    expect(second).not.toBe(first);
    const code = await codeSentTo(phone);
    expect((await register({ username: nextName(), phone, otp: code, nonce: first })).statusCode).toBe(400);
    expect((await register({ username: nextName(), phone, otp: code, nonce: second })).statusCode).toBe(200);
  });

  it('50 concurrent wrong guesses: exactly 5 are evaluated, then the code is dead', async () => {
    const [phone, otp] = await phoneWithCode();
    const wrong = otp === '000000' ? '111111' : '000000';
    const captchas = await Promise.all(Array.from({ length: 50 }, () => solvedCaptcha()));
    const mark = logLines.length;
    const responses = await Promise.all(
      captchas.map((captcha) =>
        call({
          method: 'POST',
          url: '/api/user-register',
          payload: { username: nextName(), password: PASSWORD, phone, otp: wrong, nonce: nonceOf(phone), captcha },
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(400));
    const evaluated = logLines
      .slice(mark)
      .map((line) => JSON.parse(line) as { event?: string; evaluated?: boolean })
      .filter((line) => line.event === 'otp_checked' && line.evaluated === true);
    expect(evaluated).toHaveLength(5);
    const { rows } = await t.db.query<{ attempts: number }>('SELECT attempts FROM otp_codes WHERE phone = $1', [phone]);
    expect(rows).toEqual([{ attempts: 5 }]);
    expect((await register({ username: nextName(), phone, otp })).statusCode).toBe(400);
  });

  it('20 concurrent registrations with the correct code create exactly one user', async () => {
    const [phone, otp] = await phoneWithCode();
    const captchas = await Promise.all(Array.from({ length: 20 }, () => solvedCaptcha()));
    const responses = await Promise.all(
      captchas.map((captcha) =>
        call({
          method: 'POST',
          url: '/api/user-register',
          payload: { username: nextName(), password: PASSWORD, phone, otp, nonce: nonceOf(phone), captcha },
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 400)).toBe(true);
    const users = await t.db.query('SELECT 1 FROM users WHERE phone = $1', [phone]);
    expect(users.rowCount).toBe(1);
  });

  it('a taken username is 409 and leaves the code usable', async () => {
    const [phone, otp] = await phoneWithCode();
    const taken = await register({ username: dl.username.toUpperCase(), phone, otp });
    expect([taken.statusCode, errorOf(taken).message]).toEqual([409, MESSAGES.usernameTaken]);
    expect((await register({ username: nextName(), phone, otp })).statusCode).toBe(200);
  });

  it.each([
    ['a short username', { username: 'ab' }, MESSAGES.usernameTooShort],
    ['a username with spaces', { username: 'a b c' }, MESSAGES.usernameInvalid],
    ['an empty otp', { otp: '' }, REGISTER_MESSAGES.enterOtp],
    ['a 5-digit otp', { otp: '12345' }, REGISTER_MESSAGES.otpInvalid],
    ['a bad phone', { phone: '12345' }, REGISTER_MESSAGES.phoneInvalid],
    ['an empty phone', { phone: '' }, REGISTER_MESSAGES.phoneRequired],
    ['an empty password', { password: '' }, REGISTER_MESSAGES.passwordRequired],
  ])('refuses %s with 400 and its message', async (_name, fields, message) => {
    const response = await register({ username: nextName(), phone: nextPhone(), otp: '123456', ...fields });
    expect([response.statusCode, errorOf(response).message]).toEqual([400, message]);
  });

  it('refuses a password the password rules refuse', async () => {
    const response = await register({ username: nextName(), phone: nextPhone(), otp: '123456', password: 'short' });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['a number for the username', { username: 12345 }],
    ['a number for the otp', { otp: 123456 }],
    ['a number for the phone', { phone: 9876543210 }],
    ['an object for the password', { password: { a: 1 } }],
    ['a NUL byte in the username', { username: 'abc\u0000def' }],
    ['a lone surrogate in the otp', { otp: '12345\udc00' }],
    ['logs that are a string', { logs: 'Pune' }],
    ['logs with a number', { logs: { lat: 18.5 } }],
    ['logs with a NUL key', { logs: { 'a\u0000': 'x' } }],
    ['isDemo as a string', { isDemo: 'false' }],
    ['a number for the captcha', { captcha: 7 }],
  ])('refuses %s with 400, never 500', async (_name, fields) => {
    const response = await register({ username: nextName(), phone: nextPhone(), otp: '123456', ...fields });
    expect(response.statusCode).toBe(400);
  });

  it('a phone already on an account is 409 (told only after its code), and the code stays usable', async () => {
    const [phone, otp] = await phoneWithCode();
    const first = nextName();
    expect((await register({ username: first, phone, otp })).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await sendOtp(phone)).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    // Without the right code nothing is revealed: the same 400 as for any phone.
    const guess = await register({ username: nextName(), phone, otp: code === '000000' ? '111111' : '000000' });
    expect([guess.statusCode, errorOf(guess).message]).toEqual([400, REGISTER_MESSAGES.otpInvalid]);
    const taken = await register({ username: nextName(), phone, otp: code });
    expect([taken.statusCode, errorOf(taken).message]).toEqual([409, REGISTER_MESSAGES.phoneTaken]);
    const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE phone = $1', [phone]);
    expect(rows[0]?.n).toBe('1');
    // A phone an agent put on an account counts too.
    const [agentSet, agentCode] = await phoneWithCode();
    await t.db.query('UPDATE users SET phone = $1 WHERE id = $2', [agentSet, mdl.id]);
    try {
      const response = await register({ username: nextName(), phone: agentSet, otp: agentCode });
      expect([response.statusCode, errorOf(response).message]).toEqual([409, REGISTER_MESSAGES.phoneTaken]);
    } finally {
      await t.db.query('UPDATE users SET phone = NULL WHERE id = $1', [mdl.id]);
    }
    // Refused in the transaction: the code was not used up.
    expect((await register({ username: nextName(), phone: agentSet, otp: agentCode })).statusCode).toBe(200);
  });

  it('the database keeps one registration per phone even if the check is raced', async () => {
    const { rows } = await t.db.query<{ phone: string }>('SELECT phone FROM registrations LIMIT 1');
    const phone = rows[0]?.phone ?? '';
    const other = await t.createUser({ role: 'user', parentId: dl.id });
    await expect(t.db.query('INSERT INTO registrations (user_id, phone) VALUES ($1, $2)', [other.id, phone])).rejects.toMatchObject({
      code: '23505',
      constraint: 'registrations_phone_key',
    });
  });

  it.each([
    ['locked', 'mdl'],
    ['closed', 'smdl'],
    ['locked', 'dl'],
  ] as const)('is closed (403) while an agent above the players is %s (%s); the code stays usable', async (status, who) => {
    const agent = { mdl, smdl, dl }[who];
    const [phone, otp] = await phoneWithCode();
    await t.db.query('UPDATE users SET status = $1 WHERE id = $2', [status, agent.id]);
    try {
      const response = await register({ username: nextName(), phone, otp });
      expect([response.statusCode, errorOf(response).message]).toEqual([403, REGISTER_MESSAGES.registrationClosed]);
    } finally {
      await t.db.query(`UPDATE users SET status = 'active' WHERE id = $1`, [agent.id]);
    }
    expect((await t.db.query('SELECT 1 FROM users WHERE phone = $1', [phone])).rowCount).toBe(0);
    // The code was not spent (refused before the attempt): registering works once reopened.
    expect((await register({ username: nextName(), phone, otp })).statusCode).toBe(200);
  });

  it('is closed (403) while the configured DL is not active', async () => {
    await t.db.query(`UPDATE users SET status = 'locked' WHERE id = $1`, [dl.id]);
    try {
      const response = await register({ username: nextName(), phone: nextPhone(), otp: '123456' });
      expect([response.statusCode, errorOf(response).message]).toEqual([403, REGISTER_MESSAGES.registrationClosed]);
    } finally {
      await t.db.query(`UPDATE users SET status = 'active' WHERE id = $1`, [dl.id]);
    }
  });
});

describe('the proof-of-work captcha', () => {
  async function challenge(): Promise<CaptchaChallenge> {
    return body<{ data: CaptchaChallenge }>(await call({ method: 'GET', url: '/api/captcha-challenge' })).data;
  }
  const attempt = (captcha: string) => call({
    method: 'POST',
    url: '/api/user-register',
    payload: { username: nextName(), password: PASSWORD, phone: nextPhone(), otp: '123456', nonce: 'never-sent', captcha },
    remoteAddress: nextIp(),
  });

  it('issues a signed SHA-256 challenge that expires', async () => {
    const c = await challenge();
    expect(c).toEqual({
      algorithm: 'SHA-256',
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      salt: expect.stringMatching(/^[0-9a-f]{24}\?expires=\d+$/),
      maxnumber: 1000,
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it.each([
    ['an empty captcha', () => Promise.resolve(''), REGISTER_MESSAGES.captchaRequired],
    ['text that is not base64 JSON', () => Promise.resolve('not-a-captcha'), REGISTER_MESSAGES.captchaInvalid],
    ['JSON of the wrong shape', () => Promise.resolve(Buffer.from('{"number":"1"}').toString('base64')), REGISTER_MESSAGES.captchaInvalid],
    [
      'a wrong number',
      async () => {
        const c = await challenge();
        const s = solveCaptcha(c);
        return encodeCaptcha({ ...c, algorithm: 'SHA-256', number: ((s?.number ?? 0) + 1) % (c.maxnumber + 1) });
      },
      REGISTER_MESSAGES.captchaInvalid,
    ],
    [
      'a forged signature',
      async () => {
        const s = solveCaptcha(await challenge());
        return encodeCaptcha({ ...s!, signature: 'f'.repeat(64) });
      },
      REGISTER_MESSAGES.captchaInvalid,
    ],
    [
      'a challenge of its own making',
      async () => {
        const s = solveCaptcha(await challenge());
        return encodeCaptcha({ ...s!, salt: `${'0'.repeat(24)}?expires=99999999999` });
      },
      REGISTER_MESSAGES.captchaInvalid,
    ],
  ])('refuses %s with 400', async (_name, make, message) => {
    const response = await attempt(await make());
    expect([response.statusCode, errorOf(response).message]).toEqual([400, message]);
  });

  it('refuses a solution used once already, and one past its expiry', async () => {
    const captcha = await solvedCaptcha();
    const first = await attempt(captcha);
    expect(errorOf(first).message).toBe(REGISTER_MESSAGES.otpInvalid); // passed the captcha, failed on the code
    const again = await attempt(captcha);
    expect([again.statusCode, errorOf(again).message]).toEqual([400, REGISTER_MESSAGES.captchaInvalid]);
    const late = await solvedCaptcha();
    clock.advance(10 * 60_000 + 1_000);
    const expired = await attempt(late);
    expect([expired.statusCode, errorOf(expired).message]).toEqual([400, REGISTER_MESSAGES.captchaInvalid]);
  });
});

describe('GET /api/sms-outbox', () => {
  it('admin and sadmin read it newest first; the limit is capped at 100', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id });
    await t.db.query(`INSERT INTO sms_outbox (phone, purpose, body) SELECT '9000000000', 'register', 'filler' FROM generate_series(1, 120)`);
    const phone = nextPhone();
    await sendOtp(phone);
    for (const who of [admin, sadmin]) {
      const { token } = await t.login(who);
      const response = await call({ method: 'GET', url: '/api/sms-outbox?limit=10000', token });
      expect(response.statusCode).toBe(200);
      const { data } = body<{ data: SmsOutboxResponse }>(response);
      expect(data.limit).toBe(100);
      expect(data.rows).toHaveLength(100);
      expect(data.rows[0]?.phone).toBe(phone);
      const ids = data.rows.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(data.total).toBeGreaterThan(100);
      const page2 = body<{ data: SmsOutboxResponse }>(await call({ method: 'GET', url: '/api/sms-outbox?page=2&limit=5', token })).data;
      expect(page2.rows.map((r) => r.id)).toEqual(ids.slice(5, 10));
    }
  });

  it('refuses a DL and a player (403) and a visitor (401)', async () => {
    const { token: dlToken } = await t.login(dl);
    expect((await call({ method: 'GET', url: '/api/sms-outbox', token: dlToken })).statusCode).toBe(403);
    const player = await t.createUser({ role: 'user', parentId: dl.id });
    const { token: playerToken } = await t.login(player);
    expect((await call({ method: 'GET', url: '/api/sms-outbox', token: playerToken })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: '/api/sms-outbox' })).statusCode).toBe(401);
  });

  it('has no delivery reports to take: the demo outbox answers the gateway webhook 404', async () => {
    const answer = await call({ method: 'POST', url: '/api/sms-delivery-report?token=anything-at-all-0123456789', payload: { request_id: '1', status: 'DELIVERED' } });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses a bad page or limit with 400', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { token } = await t.login(admin);
    for (const query of ['limit=0', 'limit=abc', 'page=0', 'page=1e3', 'limit=%00']) {
      expect((await call({ method: 'GET', url: `/api/sms-outbox?${query}`, token })).statusCode).toBe(400);
    }
  });
});

describe('no code leaves except by SMS', () => {
  it('no issued code appears in any captured log line or response body', async () => {
    const { rows } = await t.db.query<{ body: string }>('SELECT body FROM sms_outbox');
    const codes = new Set(rows.map((r) => /^(\d{6}) /.exec(r.body)?.[1]).filter((c): c is string => c !== undefined));
    expect(codes.size).toBeGreaterThan(40);
    expect(logLines.length).toBeGreaterThan(100);
    const logs = logLines.join('\n');
    // As a number of its own: a code's six digits also occur inside millisecond timestamps and hex ids.
    const hitsInLogs = [...codes].filter((code) => new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`).test(logs));
    expect(hitsInLogs).toEqual([]);
    // Responses of the outbox route are the SMS channel itself (admins read the demo's messages).
    const bodies = responseBodies.filter((b) => !b.includes('"rows"')).join('\n');
    expect([...codes].filter((code) => new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`).test(bodies))).toEqual([]);
  });
});
