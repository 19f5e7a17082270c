/**
 * The login and the Betting API calls against a local HTTPS fake of Betfair's identity and
 * JSON-RPC endpoints (a certificate made here, the recorded catalogue responses of
 * api/test/fixtures/betfair). No test calls Betfair.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { BetfairApiError, BetfairSession, BettingApi, CATALOGUE_CHUNK, keepAlive, login, type MarketCatalogue } from './betting-api';
import { loadConfig } from '../../config';
import { betfairSession, bettingApi } from './from-config';
import { makeTestCertificate } from './test-certificate';

const FIXTURES = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'betfair');
const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8'));

const APP_KEY = 'test-app-key';
const serverCert = makeTestCertificate('identitysso-test');
const clientCert = makeTestCertificate('betfair-account-test');
const catalogue = new Map<string, MarketCatalogue>(
  [...(fixture('list_market_catalogue.json') as { result: MarketCatalogue[] }).result, JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', 'feed-data', 'betfair', '1.197931750.catalogue.json'), 'utf8')) as MarketCatalogue].map((m) => [m.marketId, m]),
);
const events = (fixture('list_events.json') as { result: Array<{ event: { id: string } }> }).result;

interface Seen {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  clientCertificate: boolean;
}

/** Betfair's identity and Betting API as far as the adapter uses them; one valid session at a time. */
class FakeBetfairHttps {
  readonly seen: Seen[] = [];
  validToken = 'session-1';
  logins = 0;
  private readonly server = https.createServer({ cert: serverCert.cert, key: serverCert.key, requestCert: true, rejectUnauthorized: false, ca: [clientCert.cert] }, (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const clientCertificate = (req.socket as TLSSocket).authorized;
      this.seen.push({ path: req.url ?? '', headers: req.headers, body, clientCertificate });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(this.answer(req.url ?? '', req.headers, body, clientCertificate)));
    });
  });

  private answer(url: string, headers: Seen['headers'], body: string, clientCertificate: boolean): unknown {
    const fields = new URLSearchParams(body);
    const good = headers['x-application'] === APP_KEY && fields.get('username') === 'operator' && fields.get('password') === 'right-password';
    if (url === '/api/certlogin') {
      if (!clientCertificate) return { loginStatus: 'CERT_AUTH_REQUIRED' };
      if (!good) return { loginStatus: 'INVALID_USERNAME_OR_PASSWORD' };
      this.logins += 1;
      this.validToken = `session-${this.logins + 1}`;
      return { sessionToken: this.validToken, loginStatus: 'SUCCESS' };
    }
    if (url === '/api/login') {
      if (!good) return { token: '', product: APP_KEY, status: 'FAIL', error: 'INVALID_USERNAME_OR_PASSWORD' };
      this.logins += 1;
      this.validToken = `session-${this.logins + 1}`;
      return { token: this.validToken, product: APP_KEY, status: 'SUCCESS', error: '' };
    }
    if (url === '/api/keepAlive') {
      return headers['x-authentication'] === this.validToken
        ? { token: this.validToken, product: APP_KEY, status: 'SUCCESS', error: '' }
        : { token: '', product: APP_KEY, status: 'FAIL', error: 'NO_SESSION' };
    }
    const rpc = JSON.parse(body) as { method: string; params: { filter: { marketIds?: string[]; eventIds?: string[] } }; id: number };
    if (headers['x-authentication'] !== this.validToken) {
      return { jsonrpc: '2.0', error: { code: -32099, message: 'ANGX-0003', data: { APINGException: { errorCode: 'INVALID_SESSION_INFORMATION', errorDetails: 'session expired' }, exceptionname: 'APINGException' } }, id: rpc.id };
    }
    if (rpc.method === 'SportsAPING/v1.0/listMarketCatalogue') {
      return { jsonrpc: '2.0', result: (rpc.params.filter.marketIds ?? []).flatMap((id) => catalogue.get(id) ?? []), id: rpc.id };
    }
    if (rpc.method === 'SportsAPING/v1.0/listEvents') {
      return { jsonrpc: '2.0', result: events.filter((e) => (rpc.params.filter.eventIds ?? []).includes(e.event.id)), id: rpc.id };
    }
    return { jsonrpc: '2.0', error: { code: -32601, message: 'DSC-0021' }, id: rpc.id };
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let fake: FakeBetfairHttps;
let origin: string;

beforeEach(async () => {
  fake = new FakeBetfairHttps();
  origin = await fake.listen();
});
afterEach(() => fake.close());

const loginOptions = (overrides: Record<string, unknown> = {}) => ({
  identityUrl: origin,
  appKey: APP_KEY,
  username: 'operator',
  password: 'right-password',
  ca: serverCert.cert,
  clientCert: { cert: clientCert.cert, key: clientCert.key },
  ...overrides,
});

describe('Betfair login', () => {
  it('the certificate login presents the client certificate and answers the session token; refusals carry Betfair\'s status', async () => {
    await expect(login(loginOptions())).resolves.toBe('session-2');
    expect(fake.seen[0]).toMatchObject({ path: '/api/certlogin', clientCertificate: true, body: 'username=operator&password=right-password' });
    expect(fake.seen[0]?.headers).toMatchObject({ 'x-application': APP_KEY, 'content-type': 'application/x-www-form-urlencoded' });

    await expect(login(loginOptions({ password: 'wrong' }))).rejects.toThrow(new BetfairApiError('INVALID_USERNAME_OR_PASSWORD', 'the certificate login was refused'));
    // The interactive login (no certificate) goes to /api/login.
    await expect(login(loginOptions({ clientCert: undefined }))).resolves.toBe('session-3');
    expect(fake.seen.at(-1)).toMatchObject({ path: '/api/login', clientCertificate: false });
    await expect(login(loginOptions({ clientCert: undefined, password: 'wrong' }))).rejects.toMatchObject({ code: 'INVALID_USERNAME_OR_PASSWORD' });
    // A server whose certificate we do not trust is never sent the password.
    await expect(login(loginOptions({ ca: undefined }))).rejects.toThrow(/self[- ]signed/);
    expect(fake.seen).toHaveLength(4);
  });

  it('keep-alive extends a live session and reports a dead one', async () => {
    const token = await login(loginOptions());
    await expect(keepAlive({ identityUrl: origin, appKey: APP_KEY, token, ca: serverCert.cert })).resolves.toBe(token);
    await expect(keepAlive({ identityUrl: origin, appKey: APP_KEY, token: 'gone', ca: serverCert.cert })).rejects.toMatchObject({ code: 'NO_SESSION' });
  });
});

describe('from the configuration', () => {
  it('BETFAIR_USERNAME, BETFAIR_PASSWORD and the certificate files log in with that certificate; BETFAIR_SESSION_TOKEN is used as it is', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backlay-betfair-'));
    writeFileSync(path.join(dir, 'client.crt'), clientCert.cert);
    writeFileSync(path.join(dir, 'client.key'), clientCert.key, { mode: 0o600 });
    const env = { FEED_PROVIDER: 'betfair', BETFAIR_APP_KEY: APP_KEY, BETFAIR_IDENTITY_URL: origin, BETFAIR_BETTING_URL: `${origin}/json-rpc/v1` };
    const config = loadConfig({ ...env, BETFAIR_USERNAME: 'operator', BETFAIR_PASSWORD: 'right-password', BETFAIR_CERT_FILE: path.join(dir, 'client.crt'), BETFAIR_KEY_FILE: path.join(dir, 'client.key') }).betfair;
    const session = betfairSession(config, { ca: serverCert.cert });
    await expect(session.token()).resolves.toBe('session-2');
    expect(fake.seen[0]).toMatchObject({ path: '/api/certlogin', clientCertificate: true });
    await expect(bettingApi(config, session, { ca: serverCert.cert }).listEvents(['27868139'])).resolves.toHaveLength(1);

    const fixed = betfairSession(loadConfig({ ...env, BETFAIR_SESSION_TOKEN: 'session-1' }).betfair);
    await expect(fixed.token()).resolves.toBe('session-1');
    expect(fixed.refresh).toBeUndefined();
  });
});

describe('Betting API', () => {
  it('listMarketCatalogue names markets, runners and events, in chunks of 100 market ids with the projections', async () => {
    const session = new BetfairSession({ login: loginOptions() });
    const api = new BettingApi({ url: `${origin}/json-rpc/v1`, appKey: APP_KEY, session, ca: serverCert.cert });
    const ids = ['1.197931750', ...Array.from({ length: CATALOGUE_CHUNK }, (_, i) => `1.9${String(i).padStart(8, '0')}`), '1.125818641'];
    const markets = await api.listMarketCatalogue(ids);

    expect(markets.map((m) => m.marketId)).toEqual(['1.197931750', '1.125818641']);
    const greyhound = markets[0];
    expect(greyhound?.event).toMatchObject({ id: '31389771', name: 'Sheffield 19th Apr', venue: 'Sheffield' });
    expect(greyhound?.runners?.map((r) => [r.selectionId, r.runnerName])[0]).toEqual([44331354, '1. Paradise Mission']);
    const calls = fake.seen.filter((s) => s.path === '/json-rpc/v1').map((s) => JSON.parse(s.body) as { method: string; params: { filter: { marketIds: string[] }; marketProjection: string[]; maxResults: number } });
    expect(calls.map((c) => c.params.filter.marketIds.length)).toEqual([100, 2]);
    expect(calls[0]).toMatchObject({ method: 'SportsAPING/v1.0/listMarketCatalogue', params: { maxResults: 100 } });
    expect(calls[0]?.params.marketProjection).toEqual(expect.arrayContaining(['EVENT', 'RUNNER_DESCRIPTION', 'MARKET_START_TIME', 'COMPETITION']));
    expect(fake.seen.filter((s) => s.path === '/json-rpc/v1').every((s) => s.headers['x-authentication'] === 'session-2' && s.headers['x-application'] === APP_KEY)).toBe(true);
    expect(fake.logins).toBe(1); // one login shared by both calls
  });

  it('listEvents answers the events asked for', async () => {
    const api = new BettingApi({ url: `${origin}/json-rpc/v1`, appKey: APP_KEY, session: new BetfairSession({ token: 'session-1' }), ca: serverCert.cert });
    const found = await api.listEvents(['27866801', '27868203', '999']);
    expect(found.map((e) => [e.event.id, e.event.venue, e.marketCount])).toEqual([
      ['27866801', 'Goodwood', 6],
      ['27868203', 'Bangor', 8],
    ]);
    await expect(api.listEvents([])).resolves.toEqual([]);
  });

  it('an expired session logs in again once and repeats the call; a fixed token cannot, and says why', async () => {
    const session = new BetfairSession({ login: loginOptions() });
    const api = new BettingApi({ url: `${origin}/json-rpc/v1`, appKey: APP_KEY, session, ca: serverCert.cert });
    await api.listEvents(['27867922']);
    fake.validToken = 'rotated-elsewhere'; // the session expired on Betfair's side
    fake.logins = 5;
    await expect(api.listEvents(['27867922'])).resolves.toHaveLength(1);
    expect(fake.seen.filter((s) => s.path === '/api/certlogin')).toHaveLength(2);

    const fixed = new BettingApi({ url: `${origin}/json-rpc/v1`, appKey: APP_KEY, session: new BetfairSession({ token: 'expired' }), ca: serverCert.cert });
    await expect(fixed.listEvents(['27867922'])).rejects.toThrow(new BetfairApiError('INVALID_SESSION_INFORMATION', 'listEvents failed: session expired'));
  });
});
