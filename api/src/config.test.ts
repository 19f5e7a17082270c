import path from 'node:path';
import { ConfigError, loadConfig } from './config';

const SECRET = 's'.repeat(40);
/** What production needs at least. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: SECRET,
  TOTP_ENCRYPTION_KEY: 't'.repeat(40),
  OTP_SECRET: 'o'.repeat(40),
  DATABASE_URL: 'postgresql://backlay@db:5432/backlay',
  FEED_PROVIDER: 'simulator',
};

describe('loadConfig', () => {
  it('SMS_PROVIDER=http: a real gateway needs its key, DLT sender and template, an https URL and a body that carries the code', () => {
    const ok = { SMS_PROVIDER: 'http', SMS_HTTP_API_KEY: 'key-1', SMS_SENDER_ID: 'BKLAYO', SMS_DLT_TEMPLATE_ID: '1707169000000000001' };
    const sms = loadConfig(ok).registration;
    expect(sms.smsProvider).toBe('http');
    expect(sms.smsHttp).toMatchObject({ url: 'https://www.fast2sms.com/dev/bulkV2', apiKey: 'key-1', authHeader: 'authorization', senderId: 'BKLAYO', okField: 'return', okValue: 'true', idField: 'request_id' });
    expect(sms.smsHttp?.body).toMatchObject({ route: 'dlt', numbers: '{{phone}}', variables_values: '{{code}}|' });
    expect(loadConfig({}).registration).toMatchObject({ smsProvider: 'outbox', smsHttp: null });
    for (const broken of [
      { SMS_HTTP_API_KEY: undefined },
      { SMS_SENDER_ID: 'bklay' },
      { SMS_DLT_TEMPLATE_ID: undefined },
      { SMS_HTTP_URL: 'http://sms.example.com/send' },
      { SMS_HTTP_BODY: '{"to":"{{phone}}"' },
      { SMS_HTTP_BODY: '{"to":"{{phone}}"}' },
      { SMS_HTTP_AUTH_HEADER: 'x key' },
    ]) {
      expect(() => loadConfig({ ...ok, ...broken })).toThrow(ConfigError);
    }
    // A local fake gateway over plain HTTP, outside production only.
    expect(loadConfig({ ...ok, SMS_HTTP_URL: 'http://127.0.0.1:9999/send' }).registration.smsHttp?.url).toBe('http://127.0.0.1:9999/send');
    expect(() => loadConfig({ ...ok, NODE_ENV: 'production', JWT_SECRET: SECRET, SMS_HTTP_URL: 'http://127.0.0.1:9999/send' })).toThrow(/SMS_HTTP_URL/);
    // Retries, and delivery reports only with their token.
    expect(sms.smsHttp).toMatchObject({ attempts: 3, retryBaseMs: 2_000 });
    expect(sms.smsDeliveryReports).toBeNull();
    const token = 'd'.repeat(24);
    expect(loadConfig({ ...ok, SMS_DLR_TOKEN: token }).registration.smsDeliveryReports).toEqual({
      token,
      idField: 'request_id',
      statusField: 'status',
      delivered: ['delivered', 'delivrd'],
      undelivered: ['failed', 'undelivered', 'undeliv', 'rejected', 'rejectd', 'expired', 'blocked', 'ndnc'],
    });
    expect(loadConfig({ ...ok, SMS_DLR_TOKEN: token, SMS_DLR_ID_FIELD: 'requestId', SMS_DLR_STATUS_FIELD: 'desc', SMS_DLR_DELIVERED: ' DELIVERED ' }).registration.smsDeliveryReports).toMatchObject({
      idField: 'requestId',
      statusField: 'desc',
      delivered: ['delivered'],
    });
    for (const broken of [{ SMS_DLR_TOKEN: 'short' }, { SMS_DLR_TOKEN: token, SMS_DLR_DELIVERED: ' , ' }, { SMS_DLR_TOKEN: token, SMS_DLR_DELIVERED: 'failed' }, { SMS_HTTP_ATTEMPTS: '9' }]) {
      expect(() => loadConfig({ ...ok, ...broken })).toThrow(ConfigError);
    }
  });

  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config.nodeEnv).toBe('development');
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 8090, bodyLimitBytes: 102_400 });
    expect(config.database.url).toBeNull();
    expect(config.database.embedded).toMatchObject({ port: 54_329, dataDir: path.join(config.paths.dataDir, 'pg') });
    expect(config.paths.dataDir).toBe(path.join(config.paths.repoRoot, 'data'));
    expect(config.paths.migrationsDir).toBe(path.resolve(__dirname, '..', 'migrations'));
    expect(config.paths.sqlFunctionsDir).toBe(path.resolve(__dirname, '..', 'sql', 'functions'));
    expect(config.demo).toBe(true);
    expect(config.auth.accessTokenTtlSec).toBe(600);
    expect(config.auth.refreshTtlSec).toEqual({ player: 30 * 86_400, admin: 12 * 3_600 });
    expect(config.auth.argon2).toEqual({ memoryCostKib: 19_456, timeCost: 2, parallelism: 1 });
    expect(config.auth.throttle.player.maxFailures).toBe(10);
    expect(config.auth.throttle.admin.maxFailures).toBe(5);
    expect(config.realtime.allowedOrigins).toEqual(['http://127.0.0.1:8080']);
    expect(config.realtime.maxHttpBufferSize).toBe(65_536);
    expect(Object.isFrozen(config.auth)).toBe(true);
    expect(config.feed).toEqual({
      provider: 'simulator',
      providers: ['simulator'],
      enabled: true,
      seed: 20_260_101,
      raceSpacingMs: null,
      tickMs: 500,
      staleMs: null,
      lockRetryMs: 5_000,
      gbpInrRateHundredths: 10_500,
      replay: { files: [path.resolve(__dirname, '..', 'feed-data', 'betfair')], speed: 1, loop: true, retentionMs: 300_000 },
    });
    expect(config.marketData.batchMs).toBe(250);
  });

  it('per-user payment limits: 20 requests and 10 accounts per day unless set; zero or junk is a config error', () => {
    expect(loadConfig({}).payments).toEqual({ requestsPerDay: 20, accountsAddedPerDay: 10 });
    expect(loadConfig({ PAYMENT_REQUESTS_PER_DAY: '50', PAYMENT_ACCOUNTS_PER_DAY: '3' }).payments).toEqual({ requestsPerDay: 50, accountsAddedPerDay: 3 });
    expect(() => loadConfig({ PAYMENT_REQUESTS_PER_DAY: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_ACCOUNTS_PER_DAY: 'ten' })).toThrow(ConfigError);
  });

  it('keeps payment screenshots in DATA_DIR/uploads unless UPLOADS_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/backlay' }).paths.uploadsDir).toBe(path.resolve('/srv/backlay/uploads'));
    expect(loadConfig({ UPLOADS_DIR: '/var/lib/backlay-uploads' }).paths.uploadsDir).toBe(path.resolve('/var/lib/backlay-uploads'));
  });

  it('reads the feed settings; tests step the feed by hand unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET }).feed.enabled).toBe(false);
    expect(loadConfig({ FEED_ENABLED: 'false', FEED_SEED: '7', FEED_TICK_MS: '250' }).feed).toMatchObject({ enabled: false, seed: 7, tickMs: 250 });
    expect(() => loadConfig({ FEED_TICK_MS: '10', FEED_SEED: '-1' })).toThrow(ConfigError);
    expect(loadConfig({ FEED_STALE_MS: '15000' }).feed.staleMs).toBe(15_000);
    expect(() => loadConfig({ FEED_STALE_MS: '500' })).toThrow(ConfigError);
  });

  it('FEED_PROVIDER may name several providers (one feed of them all), each once', () => {
    expect(loadConfig({ FEED_PROVIDER: 'simulator, replay' }).feed).toMatchObject({ provider: 'simulator', providers: ['simulator', 'replay'] });
    expect(loadConfig({ FEED_PROVIDER: 'replay' }).feed).toMatchObject({ provider: 'replay', providers: ['replay'] });
    expect(() => loadConfig({ FEED_PROVIDER: 'simulator,simulator' })).toThrow('FEED_PROVIDER names a provider twice');
    expect(() => loadConfig({ FEED_PROVIDER: 'simulator,bookie' })).toThrow('got "bookie"');
  });

  it('reads the replay provider: files (each must exist), speed (a positive number or max), loop, and the GBP→INR rate', () => {
    const odds = path.resolve(__dirname, '..', 'feed-data', 'betfair', '1.200806927.cricket-match-odds.jsonl.gz');
    const feed = loadConfig({ FEED_PROVIDER: 'replay', FEED_REPLAY_FILES: `${odds}, ${path.dirname(odds)}`, FEED_REPLAY_SPEED: 'max', FEED_REPLAY_LOOP: 'false', FEED_GBP_INR_RATE: '110.25' }).feed;
    expect(feed).toMatchObject({ provider: 'replay', gbpInrRateHundredths: 11_025, replay: { files: [odds, path.dirname(odds)], speed: 'max', loop: false } });
    expect(loadConfig({ FEED_REPLAY_SPEED: '60' }).feed.replay.speed).toBe(60);
    expect(loadConfig({ FEED_REPLAY_SPEED: '2.5' }).feed.replay.speed).toBe(2.5);
    for (const speed of ['0', '-1', 'fast', '1e3']) {
      expect(() => loadConfig({ FEED_REPLAY_SPEED: speed })).toThrow(`FEED_REPLAY_SPEED must be a positive number (1 = real time) or max, got "${speed}"`);
    }
    expect(() => loadConfig({ FEED_REPLAY_FILES: '/no/such/recording.jsonl' })).toThrow('FEED_REPLAY_FILES: /no/such/recording.jsonl does not exist');
    // A finished replay stays closed on offer 5 min before its next cycle; the e2e stack shortens it.
    expect(loadConfig({}).feed.replay.retentionMs).toBe(300_000);
    expect(loadConfig({ FEED_REPLAY_RETENTION_MS: '20000' }).feed.replay.retentionMs).toBe(20_000);
    expect(loadConfig({}).feed.raceSpacingMs).toBeNull();
    expect(loadConfig({ FEED_RACE_SPACING_MS: '90000' }).feed.raceSpacingMs).toBe(90_000);
    for (const ms of ['59999', 'often']) expect(() => loadConfig({ FEED_RACE_SPACING_MS: ms })).toThrow(ConfigError);
    for (const ms of ['500', 'soon']) expect(() => loadConfig({ FEED_REPLAY_RETENTION_MS: ms })).toThrow(ConfigError);
    for (const rate of ['0', '105.255', 'lots']) expect(() => loadConfig({ FEED_GBP_INR_RATE: rate })).toThrow(/FEED_GBP_INR_RATE must be rupees per pound/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      API_PORT: '9000',
      API_HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x',
      DATA_DIR: '/tmp/backlay-data',
      EMBEDDED_PG_PORT: '55000',
      DEMO: 'false',
      JWT_SECRET: SECRET,
      ALLOWED_ORIGINS: 'http://127.0.0.1:8080, https://play.example.com',
      ACCESS_TOKEN_TTL_SEC: '300',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    });
    expect(config.server).toMatchObject({ host: '0.0.0.0', port: 9000 });
    expect(config.database.url).toBe('postgresql://postgres@127.0.0.1:5432/x');
    expect(config.database.embedded.dataDir).toBe('/tmp/backlay-data/pg');
    expect(config.demo).toBe(false);
    expect(config.auth.jwtSecret).toBe(SECRET);
    expect(config.realtime.allowedOrigins).toEqual(['http://127.0.0.1:8080', 'https://play.example.com']);
    expect(config.auth.accessTokenTtlSec).toBe(300);
    expect(config.log.level).toBe('warn');
    expect(config.auth.argon2.memoryCostKib).toBe(1024);
  });

  it('believes X-Forwarded-For only as TRUST_PROXY says: not at all by default, a hop count, or addresses and CIDRs', () => {
    expect(loadConfig({}).server.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).server.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.1,::1, fd00::/8' }).server.trustProxy).toEqual(['10.0.0.0/8', '172.16.0.1', '::1', 'fd00::/8']);
    for (const bad of ['0', '11', 'true', '10.0.0.0/33', '10.0.0/8', 'proxy.local', '10.0.0.0/8/1', 'fd00::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
    }
  });

  it('reads the idle timeouts (ADR 0018): 20 h for players and 30 min for the admin area by default', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET }).auth.idleTimeoutMs).toEqual({ player: 72_000_000, admin: 1_800_000 });
    const custom = loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET, IDLE_TIMEOUT_PLAYER_MS: '1800000', IDLE_TIMEOUT_ADMIN_MS: '900000' });
    expect(custom.auth.idleTimeoutMs).toEqual({ player: 1_800_000, admin: 900_000 });
    expect(() => loadConfig({ IDLE_TIMEOUT_ADMIN_MS: '1000' })).toThrow(ConfigError);
  });

  it('production needs a JWT secret, no demo, and OWASP argon2 costs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET is required in production');
    const production = loadConfig(PRODUCTION);
    expect(production.demo).toBe(false);
    expect(production.realtime.allowMissingOrigin).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, DEMO: 'true' })).toThrow(/DEMO cannot be true/);
    expect(() => loadConfig({ ...PRODUCTION, ARGON2_MEMORY_KIB: '1024' })).toThrow(/19456/);
  });

  it('key rotation (ADR 0031): previous JWT secrets verify only; previous TOTP keys decrypt only', () => {
    expect(loadConfig({}).auth).toMatchObject({ jwtPreviousSecrets: [], totpEncryptionKey: null, totpPreviousKeys: [] });
    const rotated = loadConfig({
      JWT_SECRET: SECRET,
      JWT_PREVIOUS_SECRETS: ` ${'p'.repeat(32)} , ${'q'.repeat(40)}`,
      TOTP_ENCRYPTION_KEY: 'b'.repeat(32),
      TOTP_PREVIOUS_KEYS: 'a'.repeat(48),
    });
    expect(rotated.auth).toMatchObject({ jwtPreviousSecrets: ['p'.repeat(32), 'q'.repeat(40)], totpEncryptionKey: 'b'.repeat(32), totpPreviousKeys: ['a'.repeat(48)] });
    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ JWT_PREVIOUS_SECRETS: `${'p'.repeat(32)},short` })).toEqual(['JWT_PREVIOUS_SECRETS: each secret must be at least 32 characters']);
    expect(problems({ TOTP_ENCRYPTION_KEY: 'short' })).toEqual(['TOTP_ENCRYPTION_KEY must be at least 32 characters']);
    expect(problems({ TOTP_PREVIOUS_KEYS: 'short' })).toEqual(['TOTP_PREVIOUS_KEYS: each key must be at least 32 characters']);
    expect(problems({ JWT_SECRET: SECRET, TOTP_ENCRYPTION_KEY: SECRET })).toEqual(['TOTP_ENCRYPTION_KEY must differ from JWT_SECRET']);
    // Production: the two-factor and OTP keys never derive from JWT_SECRET, so rotating it touches neither.
    const { TOTP_ENCRYPTION_KEY: _totp, OTP_SECRET: _otp, ...withoutKeys } = PRODUCTION;
    expect(problems(withoutKeys)).toEqual([
      expect.stringMatching(/^TOTP_ENCRYPTION_KEY is required in production/),
      expect.stringMatching(/^OTP_SECRET is required in production/),
    ]);
  });

  it('production never starts the embedded PostgreSQL: DATABASE_URL is required there', () => {
    const { DATABASE_URL: _url, ...withoutDatabase } = PRODUCTION;
    expect(() => loadConfig(withoutDatabase)).toThrow(ConfigError);
    expect(() => loadConfig(withoutDatabase)).toThrow(/DATABASE_URL is required in production/);
    expect(loadConfig(PRODUCTION).database.url).toBe(PRODUCTION.DATABASE_URL);
    // Outside production (pnpm start) unset still means the embedded one.
    expect(loadConfig({}).database.url).toBeNull();
  });

  it('production runs the simulated feed only when chosen: FEED_PROVIDER=simulator, or FEED_ENABLED=false for no feed', () => {
    const { FEED_PROVIDER: _provider, ...unchosen } = PRODUCTION;
    expect(() => loadConfig(unchosen)).toThrow(/FEED_PROVIDER is required in production/);
    expect(loadConfig(PRODUCTION).feed).toMatchObject({ provider: 'simulator', enabled: true });
    expect(loadConfig({ ...unchosen, FEED_ENABLED: 'false' }).feed).toMatchObject({ provider: null, enabled: false });
    expect(() => loadConfig({ ...PRODUCTION, FEED_PROVIDER: 'betfair' })).toThrow(/BETFAIR_APP_KEY is required with FEED_PROVIDER=betfair/);
    expect(() => loadConfig({ ...PRODUCTION, FEED_PROVIDER: 'bookie' })).toThrow('FEED_PROVIDER must be one of simulator, replay, betfair (or a comma list of them), got "bookie"');
    // Recorded Betfair data is for tests and demos only.
    for (const provider of ['replay', 'simulator,replay']) {
      expect(() => loadConfig({ ...PRODUCTION, FEED_PROVIDER: provider })).toThrow('FEED_PROVIDER=replay plays recorded Betfair data, for tests and demos only: not in production');
    }
    // Outside production the simulator stays the default (pnpm start, the tests).
    expect(loadConfig({}).feed).toMatchObject({ provider: 'simulator', enabled: true });
    expect(loadConfig({ NODE_ENV: 'test' }).feed).toMatchObject({ provider: 'simulator', enabled: false });
  });

  it('FEED_PROVIDER=betfair: an app key and a session token (or a login), Betfair\'s endpoints and a cricket MATCH_ODDS filter by default', () => {
    const betfair = { FEED_PROVIDER: 'betfair', BETFAIR_APP_KEY: 'app-key-1', BETFAIR_SESSION_TOKEN: 'session-1' };
    expect(loadConfig(betfair).betfair).toEqual({
      appKey: 'app-key-1',
      sessionToken: 'session-1',
      username: null,
      password: null,
      certFile: null,
      keyFile: null,
      identityUrl: 'https://identitysso.betfair.com',
      bettingUrl: 'https://api.betfair.com/exchange/betting/json-rpc/v1',
      streamHost: 'stream-api.betfair.com',
      streamPort: 443,
      heartbeatMs: 5_000,
      conflateMs: 0,
      eventTypeIds: ['4'],
      marketTypes: ['MATCH_ODDS'],
      countryCodes: [],
    });
    expect(loadConfig(betfair).feed.provider).toBe('betfair');
    const set = loadConfig({
      ...betfair,
      BETFAIR_SESSION_TOKEN: '',
      BETFAIR_USERNAME: 'operator',
      BETFAIR_PASSWORD: 'pw',
      BETFAIR_CERT_FILE: __filename,
      BETFAIR_KEY_FILE: __filename,
      BETFAIR_STREAM_HOST: 'stream-api-integration.betfair.com',
      BETFAIR_STREAM_PORT: '8443',
      BETFAIR_EVENT_TYPES: '4, 7,4339',
      BETFAIR_MARKET_TYPES: 'MATCH_ODDS,WIN,PLACE',
      BETFAIR_COUNTRIES: 'GB,IE,IN',
      BETFAIR_HEARTBEAT_MS: '500',
      BETFAIR_CONFLATE_MS: '250',
    }).betfair;
    expect(set).toMatchObject({ sessionToken: null, username: 'operator', password: 'pw', certFile: __filename, identityUrl: 'https://identitysso-cert.betfair.com' });
    expect(set).toMatchObject({ streamHost: 'stream-api-integration.betfair.com', streamPort: 8443, heartbeatMs: 500, conflateMs: 250 });
    expect(set).toMatchObject({ eventTypeIds: ['4', '7', '4339'], marketTypes: ['MATCH_ODDS', 'WIN', 'PLACE'], countryCodes: ['GB', 'IE', 'IN'] });

    const problems = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ FEED_PROVIDER: 'betfair' })).toEqual([
      'BETFAIR_APP_KEY is required with FEED_PROVIDER=betfair',
      'FEED_PROVIDER=betfair needs BETFAIR_SESSION_TOKEN, or BETFAIR_USERNAME and BETFAIR_PASSWORD (with BETFAIR_CERT_FILE and BETFAIR_KEY_FILE for the certificate login)',
    ]);
    expect(problems({ ...betfair, BETFAIR_SESSION_TOKEN: '', BETFAIR_USERNAME: 'operator' })).toHaveLength(1);
    expect(problems({ ...betfair, BETFAIR_CERT_FILE: '/nonexistent/client.crt' })).toEqual([
      'BETFAIR_CERT_FILE and BETFAIR_KEY_FILE go together (the certificate login needs both)',
      'BETFAIR_CERT_FILE: no file at /nonexistent/client.crt',
    ]);
    expect(problems({ ...betfair, BETFAIR_IDENTITY_URL: 'http://identitysso.betfair.com' })).toEqual(['BETFAIR_IDENTITY_URL must be an https:// URL, got "http://identitysso.betfair.com"']);
    expect(problems({ ...betfair, BETFAIR_HEARTBEAT_MS: '100', BETFAIR_CONFLATE_MS: '-1', BETFAIR_STREAM_PORT: '0' })).toHaveLength(3);
    expect(problems({ ...betfair, BETFAIR_EVENT_TYPES: 'cricket', BETFAIR_MARKET_TYPES: 'match odds', BETFAIR_COUNTRIES: 'GBR' })).toHaveLength(3);
    // Production converts pounds at a rate the operator chose (FEED_GBP_INR_RATE), never the default one.
    expect(problems({ ...PRODUCTION, ...betfair })).toEqual(["FEED_GBP_INR_RATE is required in production with FEED_PROVIDER=betfair: Betfair's sizes are pounds, ours paise"]);
    expect(loadConfig({ ...PRODUCTION, ...betfair, FEED_GBP_INR_RATE: '110' }).feed).toMatchObject({ provider: 'betfair', providers: ['betfair'], enabled: true, gbpInrRateHundredths: 11_000 });
    // In a list, betfair's credentials are checked too; another provider ignores them (and their absence).
    expect(problems({ FEED_PROVIDER: 'simulator,betfair' })[0]).toBe('BETFAIR_APP_KEY is required with FEED_PROVIDER=betfair');
    expect(loadConfig({}).betfair).toMatchObject({ appKey: null, sessionToken: null });
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ API_PORT: 'eighty', DEMO: 'maybe', ACCESS_TOKEN_TTL_SEC: '3600', ALLOWED_ORIGINS: 'not-an-origin', JWT_SECRET: 'short', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'DEMO must be true or false, got "maybe"',
      'JWT_SECRET must be at least 32 characters',
      'API_PORT must be an integer, got "eighty"',
      'DATABASE_URL must start with postgres:// or postgresql://',
      'ACCESS_TOKEN_TTL_SEC must be between 30 and 900, got 3600',
      'ALLOWED_ORIGINS: "not-an-origin" is not an origin like http://127.0.0.1:8080',
    ]);
  });

  it('takes access tokens of at least 30 s, except in tests (2 s, for socket expiry)', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_SEC: '2' })).toThrow(/ACCESS_TOKEN_TTL_SEC must be between 30 and 900/);
    expect(loadConfig({ NODE_ENV: 'test', ACCESS_TOKEN_TTL_SEC: '2' }).auth.accessTokenTtlSec).toBe(2);
    expect(() => loadConfig({ NODE_ENV: 'test', ACCESS_TOKEN_TTL_SEC: '1' })).toThrow(/between 2 and 900/);
  });

  it('keeps refresh lifetimes within 30 days (players) and 12 hours (admin area)', () => {
    expect(() => loadConfig({ REFRESH_TTL_ADMIN_SEC: String(13 * 3600) })).toThrow(/REFRESH_TTL_ADMIN_SEC/);
    expect(() => loadConfig({ REFRESH_TTL_PLAYER_SEC: String(31 * 86_400) })).toThrow(/REFRESH_TTL_PLAYER_SEC/);
  });
});
