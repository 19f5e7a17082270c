import fastifyJwt from '@fastify/jwt';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessTokens, headerKeyId, jwtPluginOptions } from './access-tokens';
import { keyIdOf, type JwtKeys } from './server-keys';

const SECRET = 'unit-test-secret-0123456789-abcdefghijklmnop';
const KEYS: JwtKeys = { current: { kid: keyIdOf(SECRET), secret: SECRET }, previous: [] };
const USER = '8f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const SESSION = '1f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const T0 = Date.parse('2026-11-21T10:00:00Z');

describe('AccessTokens: verified tokens are kept until their exp', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    app = Fastify();
    await app.register(fastifyJwt, jwtPluginOptions(KEYS, 60));
    await app.ready();
    // Only the clock (fast-jwt and AccessTokens read Date.now()).
    jest.useFakeTimers({
      now: T0,
      doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
  });

  afterEach(async () => {
    jest.useRealTimers();
    await app.close();
  });

  const subject = (sessionId = SESSION) => ({ userId: USER, sessionId, role: 'user' as const, area: 'player' as const, siteId: 'backlay', issuedAt: new Date(T0) });

  it('verifies a token once: a repeat is answered from the kept claims, without the HMAC', () => {
    const tokens = new AccessTokens(app.jwt, KEYS);
    const token = tokens.sign(subject());
    const verify = jest.spyOn(app.jwt, 'verify');
    const first = tokens.verify(token);
    expect(first).toEqual({ sub: USER, sid: SESSION, role: 'user', aud: 'player', site: 'backlay', typ: 'access', iat: T0 / 1000, exp: T0 / 1000 + 60 });
    expect(tokens.verify(token)).toBe(first);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("answers 'jwt expired' for a kept token after its exp, and not before (fast-jwt's rule: valid through the exp millisecond)", () => {
    const tokens = new AccessTokens(app.jwt, KEYS);
    const token = tokens.sign(subject());
    tokens.verify(token);
    jest.setSystemTime(T0 + 60_000);
    expect(tokens.verify(token).sub).toBe(USER);
    jest.setSystemTime(T0 + 60_001);
    expect(() => tokens.verify(token)).toThrow(expect.objectContaining({ code: 'TOKEN_EXPIRED', message: 'jwt expired' }));
  });

  it('keeps nothing for a refused token: a token one character off is refused every time', () => {
    const tokens = new AccessTokens(app.jwt, KEYS);
    const token = tokens.sign(subject());
    tokens.verify(token);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (let i = 0; i < 2; i += 1) expect(() => tokens.verify(tampered)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
  });

  it('keeps at most its bound, the oldest going first', () => {
    const tokens = new AccessTokens(app.jwt, KEYS, 2);
    const sessions = ['2f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', '3f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', '4f1c2b4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f'];
    const [a, b, c] = sessions.map((sid) => tokens.sign(subject(sid))) as [string, string, string];
    const verify = jest.spyOn(app.jwt, 'verify');
    tokens.verify(a);
    tokens.verify(b);
    tokens.verify(c); // a goes
    expect(verify).toHaveBeenCalledTimes(3);
    tokens.verify(c);
    tokens.verify(b);
    expect(verify).toHaveBeenCalledTimes(3);
    tokens.verify(a); // verified again (b goes)
    expect(verify).toHaveBeenCalledTimes(4);
  });
});

describe('key ids', () => {
  it('derives a 12-character id per secret, the same for the same secret', () => {
    expect(keyIdOf(SECRET)).toMatch(/^[\w-]{12}$/);
    expect(keyIdOf(SECRET)).toBe(keyIdOf(SECRET));
    expect(keyIdOf(`${SECRET}x`)).not.toBe(keyIdOf(SECRET));
  });

  it("reads a token's kid: a string, undefined without one, null for anything else", () => {
    const token = (header: unknown) => `${Buffer.from(JSON.stringify(header)).toString('base64url')}.e30.sig`;
    expect(headerKeyId(token({ alg: 'HS256', kid: 'k1' }))).toBe('k1');
    expect(headerKeyId(token({ alg: 'HS256' }))).toBeUndefined();
    expect(headerKeyId(token({ alg: 'HS256', kid: 7 }))).toBeNull();
    expect(headerKeyId(token(['kid']))).toBeNull();
    expect(headerKeyId(token(null))).toBeNull();
    expect(headerKeyId('not-a-jwt')).toBeNull();
    expect(headerKeyId('%%%.e30.sig')).toBeNull();
  });
});
