/**
 * Configuration: the only module that reads environment variables. `loadConfig` validates every
 * variable once at boot and returns a typed, nested, frozen object; everything else receives it.
 * Tests call `loadConfig` with their own variables instead of touching process.env.
 */
import { MARKET_DATA_BATCH_MS } from '@backlay/shared/contracts';
import { deepFreeze } from '@backlay/shared/domain';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseRateHundredths } from './feed/betfair-stream/units';
import type { SmsDeliveryReportConfig } from './registration/sms/delivery-reports';
import type { HttpSmsConfig } from './registration/sms/http-sender';

export type NodeEnv = 'development' | 'test' | 'production';
export type FeedProviderName = 'simulator' | 'replay' | 'betfair';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Argon2id cost. Production must meet the OWASP minimums (m = 19456 KiB, t = 2, p = 1). */
export interface Argon2Cost {
  memoryCostKib: number;
  timeCost: number;
  parallelism: number;
}

/** Consecutive failed logins before a lock, and how long the lock lasts. */
export interface ThrottleRule {
  maxFailures: number;
  lockMs: number;
}

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  server: {
    host: string;
    port: number;
    /** JSON body limit (docs/rules/test-plan.md T12: 100 KB). */
    bodyLimitBytes: number;
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    /**
     * TRUST_PROXY: which proxies' X-Forwarded-For to believe for the client's address (audit rows,
     * per-IP limits): false (unset: the API faces clients itself), a hop count (behind exactly
     * that many proxies, as in deploy/: the edge or the ingress), or addresses and CIDRs.
     */
    trustProxy: false | number | string[];
  };
  log: { level: LogLevel };
  paths: {
    /** The workspace root (two levels above this file in src/ and in dist/). */
    repoRoot: string;
    /** DATA_DIR: embedded PostgreSQL data, the generated JWT secret. */
    dataDir: string;
    migrationsDir: string;
    /** api/sql/functions: one `CREATE OR REPLACE FUNCTION` per file, re-applied by the migrator (ADR 0013). */
    sqlFunctionsDir: string;
    /** UPLOADS_DIR: re-encoded payment screenshots, outside every served folder (default DATA_DIR/uploads). */
    uploadsDir: string;
  };
  database: {
    /** DATABASE_URL; null starts the embedded PostgreSQL. */
    url: string | null;
    poolMax: number;
    /** DB_POOL_WAIT_MS: how long a query waits for a busy pool's connection before the API answers 503 BUSY. */
    poolWaitMs: number;
    statementTimeoutMs: number;
    lockTimeoutMs: number;
    /**
     * MIGRATE_AT_START (default true): this process applies the pending migrations at start, under a
     * lock. False: a separate step migrates (`node dist/main.js migrate`: the Compose service, the
     * Kubernetes Job), and this process waits up to MIGRATIONS_WAIT_SEC for the schema to be the
     * image's, then starts (refusing a migration edited after it ran).
     */
    migrateAtStart: boolean;
    migrationsWaitMs: number;
    embedded: {
      port: number;
      dataDir: string;
      user: string;
      database: string;
    };
  };
  /** Seed the demo hierarchy and play chips at start. Never true in production. */
  demo: boolean;
  docs: { enabled: boolean };
  /** GET /metrics' bearer token (METRICS_TOKEN); null: the route answers 404. */
  metrics: { token: string | null };
  /** Web Push (issue 34, ADR 0071). */
  push: {
    /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url); null: derived from the JWT secret (push/vapid.ts). */
    vapid: { publicKey: string; privateKey: string } | null;
    /** VAPID_SUBJECT: who runs the sender (mailto: or https:), told to the push services. */
    subject: string;
    /** Accept http:// push endpoints on a loopback host (a local push service in tests); never in production. */
    allowLoopbackHttp: boolean;
  };
  auth: {
    /** JWT_SECRET; null outside production means "generate once and keep in DATA_DIR". */
    jwtSecret: string | null;
    /**
     * JWT_PREVIOUS_SECRETS: comma-separated secrets that still verify access tokens (by their
     * `kid`) and refresh repeats, never sign: the old secret during a rotation's window, or the
     * next one staged before it (ADR 0031). Empty by default.
     */
    jwtPreviousSecrets: string[];
    /**
     * TOTP_ENCRYPTION_KEY: the key of two-factor secrets at rest (ADR 0031), never derived from
     * JWT_SECRET in production (required there); null elsewhere derives one from the JWT secret.
     */
    totpEncryptionKey: string | null;
    /** TOTP_PREVIOUS_KEYS: comma-separated keys that still decrypt (until re-encryption at start). */
    totpPreviousKeys: string[];
    accessTokenTtlSec: number;
    refreshTtlSec: { player: number; admin: number };
    /** Window in which a repeated refresh with the same token returns the same new pair. */
    refreshGraceMs: number;
    /** Server-side idle timeout per area: a session with no request for this long ends (ADR 0018). */
    idleTimeoutMs: { player: number; admin: number };
    argon2: Argon2Cost;
    /** Failed logins per area, and wrong transaction passwords per account. */
    throttle: { player: ThrottleRule; admin: ThrottleRule; transactionPassword: ThrottleRule };
  };
  realtime: {
    allowedOrigins: string[];
    /** Accept socket handshakes that carry no Origin header (non-browser clients). */
    allowMissingOrigin: boolean;
    maxHttpBufferSize: number;
    eventsPerSecond: number;
  };
  settings: {
    /** How long the maintenance flag may be served from memory (other instances' saves). */
    cacheTtlMs: number;
  };
  /** Per-user limits of the payment routes over a rolling 24 hours (docs/rules/test-plan.md T12), counted in the database. */
  payments: {
    /** PAYMENT_REQUESTS_PER_DAY: new deposit requests, and separately new withdraw requests (a deposit carries the day's uploads). */
    requestsPerDay: number;
    /** PAYMENT_ACCOUNTS_PER_DAY: bank accounts added, and separately UPI ids added (deleted ones still count). */
    accountsAddedPerDay: number;
  };
  feed: {
    /**
     * FEED_PROVIDER: where matches and odds come from; `simulator` makes them up (the default
     * outside production), `replay` plays recorded Betfair files, `betfair` is Betfair's Exchange
     * Stream (ADR 0038). Production names it or sets FEED_ENABLED=false, in which case null (no
     * feed). With a list (`simulator,replay`: the demo) the first one named.
     */
    provider: FeedProviderName | null;
    /** Every provider FEED_PROVIDER names, in order (one feed made of them all); empty for none. */
    providers: FeedProviderName[];
    /** Run the feed ingest (it still runs on one instance only: an advisory lock decides which); never without a provider. */
    enabled: boolean;
    /** Seed of the simulator: every instance must use the same one. */
    seed: number;
    /**
     * FEED_RACE_SPACING_MS: the simulator's races, a race of each sport every this many ms (5 of
     * each on the card); null: its own (a horse race every 8 minutes, a greyhound race every 5).
     * The e2e stack races every 90 s, so a journey finds a race in play at once (ADR 0044).
     */
    raceSpacingMs: number | null;
    /**
     * FEED_STALE_MS: how long the provider may stay silent (heartbeats count) before the ingest
     * holds its open markets suspended (ADR 0039); null: the provider's own staleAfterMs, else 10 s.
     */
    staleMs: number | null;
    /** Time between two polls of the provider on the leader. */
    tickMs: number;
    /** Time between attempts of a standby instance to take the feed lock. */
    lockRetryMs: number;
    /**
     * FEED_GBP_INR_RATE: rupees per pound × 100 (e.g. 10500 = ₹105.00); Betfair's sizes are GBP,
     * our markets show paise.
     */
    gbpInrRateHundredths: number;
    /** FEED_PROVIDER=replay: recorded Betfair stream files played as live events (ADR 0037). */
    replay: {
      /** FEED_REPLAY_FILES: files or folders (absolute); default the recordings in api/feed-data/betfair. */
      files: string[];
      /** FEED_REPLAY_SPEED: 1 = real time, n = n times faster, 'max' = a batch of messages per poll (tests). */
      speed: number | 'max';
      /** FEED_REPLAY_LOOP: start the replay again after it ends (the demo always has a live match). */
      loop: boolean;
      /** FEED_REPLAY_RETENTION_MS: a finished replay stays on offer (closed, with its result) this long before its next cycle. */
      retentionMs: number;
    };
  };
  /**
   * Betfair (ADR 0038): the Exchange Stream API and the Betting API behind FEED_PROVIDER=betfair.
   * Always read; the credentials are required (and checked) only when that is the provider.
   */
  betfair: BetfairConfig;
  casino: {
    /** Run the live casino tables (on one instance only: an advisory lock decides which). */
    enabled: boolean;
    /** Betting window of the tables this instance creates (an existing table keeps its own). */
    bettingSeconds: number;
    /** Time between two steps of the tables on the leader. */
    tickMs: number;
    lockRetryMs: number;
    /** Rounds per PF-1 seed chain. */
    chainLength: number;
    /** The deal is shown this long per card (capped by dealMsMax) before the round settles. */
    dealMsPerCard: number;
    dealMsMax: number;
    /** The result stays this long before the next round opens. */
    resultMs: number;
    /** CASINO_RESUME_MAX_MS: a new leader resumes an open round whose close is overdue by at most this; past it the round is voided. */
    resumeMaxMs: number;
  };
  redis: {
    /**
     * REDIS_URL (redis://host:port/db): unset, this one process holds the throttles, challenges,
     * idle-session times and market-data seqs in memory; set, they live in Redis and socket.io
     * uses its Redis adapter, so several instances behind a load balancer act as one (ADR 0022).
     */
    url: string | null;
    /** REDIS_KEY_PREFIX: every key and channel starts with it (parallel test runs use their own). */
    keyPrefix: string;
  };
  marketData: {
    /** Deltas of a match are batched and sent at most this often; 0 sends only on flushNow() (benchmarks). */
    batchMs: number;
  };
  betting: {
    /** Bet batches in the database at once (ADR 0008); bets arriving meanwhile wait and go in the next batch. */
    batchInFlight: number;
    /** Bets in one batch at most. */
    batchMax: number;
    /** A batch running longer (waiting on a lock) no longer holds up the next one. */
    batchStallMs: number;
  };
  /** Self-registration (ADR 0017): OTP by SMS, the proof-of-work captcha, the new players' agent. */
  registration: {
    /**
     * OTP_SECRET: key of the OTP HMACs and (derived) of the captcha signatures; null derives one
     * from the JWT secret (required in production, generated once in DATA_DIR elsewhere).
     */
    otpSecret: string | null;
    /** SMS_PROVIDER: where text messages go; `outbox` writes them to sms_outbox (demo), `http` to a real gateway. */
    smsProvider: 'outbox' | 'http';
    /** The gateway's settings (SMS_HTTP_*, SMS_SENDER_ID, SMS_DLT_*), with SMS_PROVIDER=http; else null. */
    smsHttp: HttpSmsConfig | null;
    /** The gateway's delivery reports (SMS_DLR_*), with SMS_PROVIDER=http and SMS_DLR_TOKEN set; else null (the route answers 404). */
    smsDeliveryReports: SmsDeliveryReportConfig | null;
    /** REGISTRATION_PARENT: username of the DL new players are created under; null closes registration. */
    parentUsername: string | null;
    /** REGISTRATION_DEMO_CHIPS: play chips (rupees) a new player gets in demo mode. */
    demoChipsRupees: number;
    /** CAPTCHA_MAX_NUMBER: the proof-of-work's search space (work ≈ half of it, in SHA-256s). */
    captchaMaxNumber: number;
  };
  /** International casino (issue 19, ADR 0020): CW-1 providers and their wallet. */
  casinoInt: {
    /** CASINO_INT_LAUNCH_TOKEN_TTL_SEC: how long a launch token waits for the provider's authenticate. */
    launchTokenTtlMs: number;
    /** CASINO_INT_SESSION_TTL_SEC: how long a game session takes debits after its launch. */
    sessionTtlMs: number;
    /** CASINO_INT_PROVIDER_TIMEOUT_MS: a provider call (launch, report) gives up after this. */
    providerTimeoutMs: number;
    /** CASINO_INT_RECONCILE_ENABLED: run the daily reconciliation job (one instance: advisory lock). */
    reconcileEnabled: boolean;
    reconcileTickMs: number;
    /**
     * The demo provider Backlay Studio (STUDIO_URL, STUDIO_PARTNER_ID, STUDIO_SECRET ≥ 32
     * characters), registered at start; null when STUDIO_SECRET is unset.
     */
    studio: { url: string; partnerId: string; secret: string } | null;
  };
}

export interface BetfairConfig {
  /** BETFAIR_APP_KEY (a secret): the application key of every stream and Betting API request. */
  appKey: string | null;
  /** BETFAIR_SESSION_TOKEN (a secret): a session token got elsewhere; it cannot be renewed here. */
  sessionToken: string | null;
  /** BETFAIR_USERNAME / BETFAIR_PASSWORD (a secret): log in (and again when the session is refused). */
  username: string | null;
  password: string | null;
  /** BETFAIR_CERT_FILE / BETFAIR_KEY_FILE: the client certificate of the non-interactive login (both or neither). */
  certFile: string | null;
  keyFile: string | null;
  /** BETFAIR_IDENTITY_URL: the login host (identitysso-cert with a certificate, identitysso without). */
  identityUrl: string;
  /** BETFAIR_BETTING_URL: the Betting API's JSON-RPC endpoint (listMarketCatalogue, listEvents). */
  bettingUrl: string;
  /** BETFAIR_STREAM_HOST / BETFAIR_STREAM_PORT. */
  streamHost: string;
  streamPort: number;
  /** BETFAIR_HEARTBEAT_MS (500–5000): the server's heartbeat; silence for 3 × this reconnects. */
  heartbeatMs: number;
  /** BETFAIR_CONFLATE_MS (0–120000): Betfair merges changes over this window (0: none). */
  conflateMs: number;
  /** The market filter: BETFAIR_EVENT_TYPES (ids), BETFAIR_MARKET_TYPES, BETFAIR_COUNTRIES (ISO codes; empty: all). */
  eventTypeIds: string[];
  marketTypes: string[];
  countryCodes: string[];
}

/** A configuration problem found at boot; lists every bad variable at once. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const FEED_PROVIDERS: readonly FeedProviderName[] = ['simulator', 'replay', 'betfair'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'test', 'production'];

const DAY_SEC = 24 * 60 * 60;
const HOUR_SEC = 60 * 60;
const OWASP_ARGON2: Argon2Cost = { memoryCostKib: 19_456, timeCost: 2, parallelism: 1 };

/** Reads typed values from the environment and collects every problem. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) {
      this.problems.push(`${name} must be an integer, got "${value}"`);
      return fallback;
    }
    const n = Number(value);
    if (n < min || n > max) {
      this.problems.push(`${name} must be between ${min} and ${max}, got ${n}`);
      return fallback;
    }
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(value)) return true;
    if (['false', '0', 'no', 'off'].includes(value)) return false;
    this.problems.push(`${name} must be true or false, got "${value}"`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
    return fallback;
  }
}

function parseOrigins(reader: EnvReader, name: string, fallback: string): string[] {
  const origins = reader
    .string(name, fallback)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const origin of origins) {
    let ok = false;
    try {
      const url = new URL(origin);
      ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
    } catch {
      ok = false;
    }
    if (!ok) reader.problems.push(`${name}: "${origin}" is not an origin like http://127.0.0.1:8080`);
  }
  return origins;
}

/** TRUST_PROXY: unset (false), a hop count 1–10, or a comma-separated list of IP addresses and CIDRs. */
function trustProxy(reader: EnvReader): false | number | string[] {
  const value = reader.raw('TRUST_PROXY');
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return reader.int('TRUST_PROXY', 1, 1, 10);
  const entries = value.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      reader.problems.push(`TRUST_PROXY: "${entry}" is neither a hop count nor an IP address or CIDR like 10.0.0.0/8`);
    }
  }
  return entries;
}

/** A comma list whose every entry matches `pattern` (described by `what`). */
function listOf(reader: EnvReader, name: string, fallback: string, pattern: RegExp, what: string): string[] {
  const entries = reader.string(name, fallback).split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  for (const entry of entries) if (!pattern.test(entry)) reader.problems.push(`${name}: "${entry}" is not ${what}`);
  return entries;
}

/** An https URL (the Betfair endpoints: credentials never travel in clear). */
function httpsUrl(reader: EnvReader, name: string, fallback: string): string {
  const value = reader.string(name, fallback);
  let ok = false;
  try {
    ok = new URL(value).protocol === 'https:';
  } catch {
    ok = false;
  }
  if (!ok) reader.problems.push(`${name} must be an https:// URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** Fast2SMS's DLT route, the default body of SMS_PROVIDER=http (http-sender.ts fills the placeholders). */
export const FAST2SMS_DLT_BODY = '{"route":"dlt","sender_id":"{{senderId}}","message":"{{templateId}}","variables_values":"{{code}}|","flash":0,"numbers":"{{phone}}"}';

/**
 * A real SMS gateway's settings (SMS_PROVIDER=http, issue 34): its URL (https; a loopback http
 * address outside production, for a local fake), the API key (a secret) and the header it goes in,
 * the DLT sender id and template id (required), the JSON body template, and which field of the
 * answer says it was accepted and which holds the gateway's message id.
 */
function smsHttpConfig(r: EnvReader, isProduction: boolean): HttpSmsConfig {
  const url = r.string('SMS_HTTP_URL', 'https://www.fast2sms.com/dev/bulkV2');
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  const loopback = parsed !== null && parsed.protocol === 'http:' && (parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost');
  if (parsed === null || !(parsed.protocol === 'https:' || (loopback && !isProduction))) {
    r.problems.push(`SMS_HTTP_URL must be an https:// URL (http://127.0.0.1 only outside production), got "${url}"`);
  }
  const apiKey = r.raw('SMS_HTTP_API_KEY') ?? '';
  if (apiKey === '') r.problems.push('SMS_HTTP_API_KEY is required with SMS_PROVIDER=http (the gateway\'s API key)');
  const authHeader = r.string('SMS_HTTP_AUTH_HEADER', 'authorization').toLowerCase();
  if (!/^[a-z][a-z0-9-]{0,63}$/.test(authHeader)) r.problems.push(`SMS_HTTP_AUTH_HEADER must be a header name, got "${authHeader}"`);
  const senderId = r.raw('SMS_SENDER_ID') ?? '';
  if (!/^[A-Z]{6}$/.test(senderId)) r.problems.push(`SMS_SENDER_ID must be the DLT header, six capital letters, got "${senderId}"`);
  const templateId = r.raw('SMS_DLT_TEMPLATE_ID') ?? '';
  if (!/^[0-9A-Za-z]{1,40}$/.test(templateId)) r.problems.push('SMS_DLT_TEMPLATE_ID is required with SMS_PROVIDER=http (the registered template of the OTP message)');
  const entityId = r.string('SMS_DLT_ENTITY_ID', '');
  const bodyText = r.string('SMS_HTTP_BODY', FAST2SMS_DLT_BODY);
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    r.problems.push('SMS_HTTP_BODY must be a JSON template (its strings may hold {{phone}}, {{msisdn}}, {{code}}, {{message}}, {{senderId}}, {{templateId}}, {{entityId}})');
  }
  if (!bodyText.includes('{{code}}') && !bodyText.includes('{{message}}')) r.problems.push('SMS_HTTP_BODY must carry the code: {{code}} (a DLT variable) or {{message}}');
  return {
    url,
    apiKey,
    authHeader,
    body,
    senderId,
    templateId,
    entityId,
    okField: r.string('SMS_HTTP_OK_FIELD', 'return'),
    okValue: r.string('SMS_HTTP_OK_VALUE', 'true'),
    idField: r.string('SMS_HTTP_ID_FIELD', 'request_id'),
    timeoutMs: r.int('SMS_HTTP_TIMEOUT_MS', 10_000, 100, 60_000),
    attempts: r.int('SMS_HTTP_ATTEMPTS', 3, 1, 5),
    retryBaseMs: r.int('SMS_HTTP_RETRY_MS', 2_000, 10, 60_000),
  };
}

/** A comma list of status words, lower-cased; empty words dropped. */
function statusWords(text: string): string[] {
  return text
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== '');
}

/**
 * The gateway's delivery reports (issue 34): off (null) until SMS_DLR_TOKEN is set, the secret the
 * gateway's webhook URL carries (`?token=` or the x-sms-dlr-token header). Which field of a report
 * holds the gateway's message id and which its status, and the status words that mean delivered
 * and undelivered (compared without case; any other word is a step on the way and changes nothing).
 */
function smsDeliveryReportConfig(r: EnvReader): SmsDeliveryReportConfig | null {
  const token = r.raw('SMS_DLR_TOKEN') ?? '';
  if (token === '') return null;
  if (token.length < 24) r.problems.push('SMS_DLR_TOKEN must be at least 24 characters (e.g. openssl rand -hex 16)');
  const delivered = statusWords(r.string('SMS_DLR_DELIVERED', 'delivered,delivrd'));
  const undelivered = statusWords(r.string('SMS_DLR_UNDELIVERED', 'failed,undelivered,undeliv,rejected,rejectd,expired,blocked,ndnc'));
  if (delivered.length === 0 || undelivered.length === 0) r.problems.push('SMS_DLR_DELIVERED and SMS_DLR_UNDELIVERED each need at least one status word');
  if (delivered.some((word) => undelivered.includes(word))) r.problems.push('SMS_DLR_DELIVERED and SMS_DLR_UNDELIVERED share a status word');
  return {
    token,
    idField: r.string('SMS_DLR_ID_FIELD', 'request_id'),
    statusField: r.string('SMS_DLR_STATUS_FIELD', 'status'),
    delivered,
    undelivered,
  };
}

/** Betfair's settings (ADR 0038); the credentials are checked when FEED_PROVIDER=betfair. */
function betfairConfig(r: EnvReader, chosen: boolean, isProduction: boolean): BetfairConfig {
  const certFile = r.raw('BETFAIR_CERT_FILE') ?? null;
  const keyFile = r.raw('BETFAIR_KEY_FILE') ?? null;
  const config: BetfairConfig = {
    appKey: r.raw('BETFAIR_APP_KEY') ?? null,
    sessionToken: r.raw('BETFAIR_SESSION_TOKEN') ?? null,
    username: r.raw('BETFAIR_USERNAME') ?? null,
    password: r.raw('BETFAIR_PASSWORD') ?? null,
    certFile,
    keyFile,
    identityUrl: httpsUrl(r, 'BETFAIR_IDENTITY_URL', certFile !== null ? 'https://identitysso-cert.betfair.com' : 'https://identitysso.betfair.com'),
    bettingUrl: httpsUrl(r, 'BETFAIR_BETTING_URL', 'https://api.betfair.com/exchange/betting/json-rpc/v1'),
    streamHost: r.string('BETFAIR_STREAM_HOST', 'stream-api.betfair.com'),
    streamPort: r.int('BETFAIR_STREAM_PORT', 443, 1, 65_535),
    heartbeatMs: r.int('BETFAIR_HEARTBEAT_MS', 5_000, 500, 5_000),
    conflateMs: r.int('BETFAIR_CONFLATE_MS', 0, 0, 120_000),
    eventTypeIds: listOf(r, 'BETFAIR_EVENT_TYPES', '4', /^\d{1,9}$/, 'an event type id such as 4 (cricket)'),
    marketTypes: listOf(r, 'BETFAIR_MARKET_TYPES', 'MATCH_ODDS', /^[A-Z][A-Z0-9_]{0,63}$/, 'a market type such as MATCH_ODDS'),
    countryCodes: listOf(r, 'BETFAIR_COUNTRIES', '', /^[A-Z]{2}$/, 'a two-letter country code such as GB'),
  };
  if (!/^[A-Za-z0-9.-]{1,253}$/.test(config.streamHost)) r.problems.push(`BETFAIR_STREAM_HOST must be a host name, got "${config.streamHost}"`);
  if ((certFile === null) !== (keyFile === null)) r.problems.push('BETFAIR_CERT_FILE and BETFAIR_KEY_FILE go together (the certificate login needs both)');
  for (const [name, file] of [['BETFAIR_CERT_FILE', certFile], ['BETFAIR_KEY_FILE', keyFile]] as const) {
    if (chosen && file !== null && !existsSync(file)) r.problems.push(`${name}: no file at ${file}`);
  }
  if (!chosen) return config;
  if (config.appKey === null) r.problems.push('BETFAIR_APP_KEY is required with FEED_PROVIDER=betfair');
  const login = config.username !== null && config.password !== null;
  if (config.sessionToken === null && !login) {
    r.problems.push('FEED_PROVIDER=betfair needs BETFAIR_SESSION_TOKEN, or BETFAIR_USERNAME and BETFAIR_PASSWORD (with BETFAIR_CERT_FILE and BETFAIR_KEY_FILE for the certificate login)');
  }
  // Betfair's sizes are pounds: production converts them at a rate the operator chose, never the default.
  if (isProduction && r.raw('FEED_GBP_INR_RATE') === undefined) r.problems.push('FEED_GBP_INR_RATE is required in production with FEED_PROVIDER=betfair: Betfair\'s sizes are pounds, ours paise');
  return config;
}

/** FEED_PROVIDER: one provider or a comma list of distinct ones; default the simulator. */
function feedProviderList(reader: EnvReader): FeedProviderName[] {
  const names = list(reader, 'FEED_PROVIDER');
  if (names.length === 0) return ['simulator'];
  const known = names.filter((name): name is FeedProviderName => (FEED_PROVIDERS as readonly string[]).includes(name));
  for (const name of names) if (!known.includes(name as FeedProviderName)) reader.problems.push(`FEED_PROVIDER must be one of ${FEED_PROVIDERS.join(', ')} (or a comma list of them), got "${name}"`);
  if (new Set(known).size !== known.length) reader.problems.push('FEED_PROVIDER names a provider twice');
  return known.length > 0 ? [...new Set(known)] : ['simulator'];
}

/** FEED_REPLAY_*: the files (each must exist; relative to the working directory), the speed, the loop and the retention. */
function replayConfig(reader: EnvReader): Config['feed']['replay'] {
  const files = list(reader, 'FEED_REPLAY_FILES').map((f) => path.resolve(f));
  for (const file of files) if (!existsSync(file)) reader.problems.push(`FEED_REPLAY_FILES: ${file} does not exist`);
  const speedText = reader.raw('FEED_REPLAY_SPEED') ?? '1';
  let speed: number | 'max' = 1;
  if (speedText.toLowerCase() === 'max') speed = 'max';
  else if (/^\d{1,5}(\.\d{1,3})?$/.test(speedText) && Number(speedText) > 0) speed = Number(speedText);
  else reader.problems.push(`FEED_REPLAY_SPEED must be a positive number (1 = real time) or max, got "${speedText}"`);
  return {
    files: files.length > 0 ? files : [path.resolve(__dirname, '..', 'feed-data', 'betfair')],
    speed,
    loop: reader.bool('FEED_REPLAY_LOOP', true),
    retentionMs: reader.int('FEED_REPLAY_RETENTION_MS', 300_000, 1_000, 86_400_000),
  };
}

/** A comma-separated list (secrets: base64 has no comma), empty when unset. */
function list(reader: EnvReader, name: string): string[] {
  return (reader.raw(name) ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither), VAPID_SUBJECT. */
function pushConfig(reader: EnvReader, nodeEnv: NodeEnv): Config['push'] {
  const publicKey = reader.raw('VAPID_PUBLIC_KEY') ?? '';
  const privateKey = reader.raw('VAPID_PRIVATE_KEY') ?? '';
  let vapid: Config['push']['vapid'] = null;
  if (publicKey !== '' || privateKey !== '') {
    if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
      reader.problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, base64url P-256 keys (65 and 32 bytes)');
    } else vapid = { publicKey, privateKey };
  }
  const subject = reader.string('VAPID_SUBJECT', 'mailto:support@backlay.example');
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) reader.problems.push('VAPID_SUBJECT must be a mailto: or https:// address');
  return { vapid, subject, allowLoopbackHttp: nodeEnv !== 'production' };
}

/** METRICS_TOKEN: unset, or at least 16 characters (a scraper's secret, not a password to guess). */
function metricsToken(reader: EnvReader): string | null {
  const token = reader.raw('METRICS_TOKEN');
  if (token === undefined || token === '') return null;
  if (token.length < 16) reader.problems.push('METRICS_TOKEN must be at least 16 characters');
  return token;
}

function parseDatabaseUrl(reader: EnvReader): string | null {
  const url = reader.raw('DATABASE_URL');
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
      reader.problems.push('DATABASE_URL must start with postgres:// or postgresql://');
    }
  } catch {
    reader.problems.push('DATABASE_URL is not a valid URL');
  }
  return url;
}

function parseRedisUrl(reader: EnvReader): string | null {
  const url = reader.raw('REDIS_URL');
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') reader.problems.push('REDIS_URL must start with redis:// or rediss://');
  } catch {
    reader.problems.push('REDIS_URL is not a valid URL');
  }
  return url;
}

/**
 * Validates the environment and returns the configuration. Throws ConfigError listing every
 * problem. `env` defaults to process.env; nothing else in the API reads process.env.
 */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const r = new EnvReader(env);
  const nodeEnv = r.oneOf('NODE_ENV', NODE_ENVS, 'development');
  const isProduction = nodeEnv === 'production';
  const repoRoot = path.resolve(__dirname, '..', '..');
  const dataDir = path.resolve(r.string('DATA_DIR', path.join(repoRoot, 'data')));

  const demo = r.bool('DEMO', !isProduction);
  const smsProvider = r.oneOf('SMS_PROVIDER', ['outbox', 'http'] as const, 'outbox');
  if (isProduction && demo) r.problems.push('DEMO cannot be true in production: demo data is never seeded there');

  const jwtSecret = r.raw('JWT_SECRET') ?? null;
  if (isProduction && jwtSecret === null) r.problems.push('JWT_SECRET is required in production');
  if (jwtSecret !== null && jwtSecret.length < 32) r.problems.push('JWT_SECRET must be at least 32 characters');

  const jwtPreviousSecrets = list(r, 'JWT_PREVIOUS_SECRETS');
  if (jwtPreviousSecrets.some((s) => s.length < 32)) r.problems.push('JWT_PREVIOUS_SECRETS: each secret must be at least 32 characters');

  const totpEncryptionKey = r.raw('TOTP_ENCRYPTION_KEY') ?? null;
  if (isProduction && totpEncryptionKey === null) {
    r.problems.push('TOTP_ENCRYPTION_KEY is required in production (e.g. openssl rand -base64 48): two-factor secrets must not depend on JWT_SECRET');
  }
  if (totpEncryptionKey !== null && totpEncryptionKey.length < 32) r.problems.push('TOTP_ENCRYPTION_KEY must be at least 32 characters');
  if (totpEncryptionKey !== null && totpEncryptionKey === jwtSecret) r.problems.push('TOTP_ENCRYPTION_KEY must differ from JWT_SECRET');
  const totpPreviousKeys = list(r, 'TOTP_PREVIOUS_KEYS');
  if (totpPreviousKeys.some((s) => s.length < 32)) r.problems.push('TOTP_PREVIOUS_KEYS: each key must be at least 32 characters');

  const otpSecret = r.raw('OTP_SECRET') ?? null;
  if (isProduction && otpSecret === null) r.problems.push('OTP_SECRET is required in production (so that rotating JWT_SECRET leaves the OTP and captcha keys alone)');
  if (otpSecret !== null && otpSecret.length < 32) r.problems.push('OTP_SECRET must be at least 32 characters');

  // Tests step the ingest by hand; everywhere else it runs (on one instance).
  const feedEnabled = r.bool('FEED_ENABLED', nodeEnv !== 'test');
  // Production never defaults to made-up odds: the operator names the feed, or turns it off.
  const feedProviders = isProduction && r.raw('FEED_PROVIDER') === undefined ? [] : feedProviderList(r);
  const feedProvider = feedProviders[0] ?? null;
  if (feedProvider === null && feedEnabled) {
    r.problems.push('FEED_PROVIDER is required in production: FEED_PROVIDER=simulator for simulated matches and odds, or FEED_ENABLED=false to run without a feed');
  }
  // Betfair's recorded data is licensed for tests and demos, never for a live product.
  if (isProduction && feedProviders.includes('replay')) r.problems.push('FEED_PROVIDER=replay plays recorded Betfair data, for tests and demos only: not in production');
  const replay = replayConfig(r);
  const gbpInrRate = r.raw('FEED_GBP_INR_RATE');
  const gbpInrRateHundredths = gbpInrRate === undefined ? 10_500 : parseRateHundredths(gbpInrRate);
  if (gbpInrRateHundredths === null) r.problems.push(`FEED_GBP_INR_RATE must be rupees per pound with at most two decimals (e.g. 105.50), got "${gbpInrRate}"`);

  const argon2: Argon2Cost = {
    memoryCostKib: r.int('ARGON2_MEMORY_KIB', OWASP_ARGON2.memoryCostKib, 64, 4_194_304),
    timeCost: r.int('ARGON2_TIME_COST', OWASP_ARGON2.timeCost, 1, 20),
    parallelism: 1,
  };
  if (isProduction && (argon2.memoryCostKib < OWASP_ARGON2.memoryCostKib || argon2.timeCost < OWASP_ARGON2.timeCost)) {
    r.problems.push('ARGON2_MEMORY_KIB and ARGON2_TIME_COST cannot go below 19456 and 2 in production');
  }

  const config: Config = {
    nodeEnv,
    isProduction,
    server: {
      host: r.string('API_HOST', '127.0.0.1'),
      port: r.int('API_PORT', 8090, 0, 65_535),
      bodyLimitBytes: 100 * 1024,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      trustProxy: trustProxy(r),
    },
    log: { level: r.oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info') },
    paths: {
      repoRoot,
      dataDir,
      migrationsDir: path.resolve(__dirname, '..', 'migrations'),
      sqlFunctionsDir: path.resolve(__dirname, '..', 'sql', 'functions'),
      uploadsDir: path.resolve(r.string('UPLOADS_DIR', path.join(dataDir, 'uploads'))),
    },
    database: {
      url: parseDatabaseUrl(r),
      poolMax: r.int('DB_POOL_MAX', 16, 2, 200),
      poolWaitMs: r.int('DB_POOL_WAIT_MS', 5_000, 100, 600_000),
      statementTimeoutMs: r.int('DB_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000),
      lockTimeoutMs: r.int('DB_LOCK_TIMEOUT_MS', 5_000, 100, 600_000),
      migrateAtStart: r.bool('MIGRATE_AT_START', true),
      migrationsWaitMs: r.int('MIGRATIONS_WAIT_SEC', 300, 0, 3_600) * 1000,
      embedded: {
        port: r.int('EMBEDDED_PG_PORT', 54_329, 1024, 65_535),
        dataDir: path.join(dataDir, 'pg'),
        user: 'backlay',
        database: 'backlay',
      },
    },
    demo,
    docs: { enabled: r.bool('API_DOCS', true) },
    metrics: { token: metricsToken(r) },
    push: pushConfig(r, nodeEnv),
    auth: {
      jwtSecret,
      jwtPreviousSecrets,
      totpEncryptionKey,
      totpPreviousKeys,
      // docs/rules/test-plan.md T10: access tokens live at most 15 minutes. Tests may go down to 2 s (an open
      // socket's expiry, test/realtime-token-expiry.test.ts); elsewhere at least 30 s.
      accessTokenTtlSec: r.int('ACCESS_TOKEN_TTL_SEC', 600, nodeEnv === 'test' ? 2 : 30, 900),
      // docs/rules/test-plan.md T10: refresh absolute lifetime ≤ 30 days for players, ≤ 12 h for the admin area.
      refreshTtlSec: {
        player: r.int('REFRESH_TTL_PLAYER_SEC', 30 * DAY_SEC, 60, 30 * DAY_SEC),
        admin: r.int('REFRESH_TTL_ADMIN_SEC', 12 * HOUR_SEC, 60, 12 * HOUR_SEC),
      },
      refreshGraceMs: 2_000,
      // docs/rules/product.md §4: players 20 h (72,000,000 ms, as the front end's inactivity timer); agents 30 min.
      idleTimeoutMs: {
        player: r.int('IDLE_TIMEOUT_PLAYER_MS', 72_000_000, 60_000, 30 * DAY_SEC * 1000),
        admin: r.int('IDLE_TIMEOUT_ADMIN_MS', 30 * 60_000, 60_000, 12 * HOUR_SEC * 1000),
      },
      argon2,
      throttle: {
        player: { maxFailures: 10, lockMs: 15 * 60_000 },
        admin: { maxFailures: 5, lockMs: 15 * 60_000 },
        // Six digits: as few guesses as an admin login gets.
        transactionPassword: { maxFailures: 5, lockMs: 15 * 60_000 },
      },
    },
    realtime: {
      allowedOrigins: parseOrigins(r, 'ALLOWED_ORIGINS', 'http://127.0.0.1:8080'),
      // Browsers always send Origin; only non-browser clients (tests, scripts) omit it.
      allowMissingOrigin: r.bool('SOCKET_ALLOW_MISSING_ORIGIN', !isProduction),
      maxHttpBufferSize: 64 * 1024,
      eventsPerSecond: 20,
    },
    settings: { cacheTtlMs: 5_000 },
    payments: {
      requestsPerDay: r.int('PAYMENT_REQUESTS_PER_DAY', 20, 1, 100_000),
      accountsAddedPerDay: r.int('PAYMENT_ACCOUNTS_PER_DAY', 10, 1, 100_000),
    },
    feed: {
      provider: feedProvider,
      providers: feedProviders,
      enabled: feedEnabled && feedProvider !== null,
      seed: r.int('FEED_SEED', 20_260_101, 0, 2_147_483_647),
      raceSpacingMs: r.raw('FEED_RACE_SPACING_MS') === undefined ? null : r.int('FEED_RACE_SPACING_MS', 300_000, 60_000, 3_600_000),
      tickMs: r.int('FEED_TICK_MS', 500, 50, 60_000),
      staleMs: r.raw('FEED_STALE_MS') === undefined ? null : r.int('FEED_STALE_MS', 10_000, 1_000, 600_000),
      lockRetryMs: 5_000,
      gbpInrRateHundredths: gbpInrRateHundredths ?? 10_500,
      replay,
    },
    betfair: betfairConfig(r, feedProviders.includes('betfair'), isProduction),
    casino: {
      // Tests step the engine by hand; everywhere else it runs (on one instance).
      enabled: r.bool('CASINO_ENABLED', nodeEnv !== 'test'),
      bettingSeconds: r.int('CASINO_BETTING_SECONDS', 20, 3, 300),
      tickMs: r.int('CASINO_TICK_MS', 250, 20, 10_000),
      lockRetryMs: 5_000,
      chainLength: r.int('CASINO_CHAIN_LENGTH', 10_000, 1, 1_000_000),
      dealMsPerCard: r.int('CASINO_DEAL_MS_PER_CARD', 700, 0, 10_000),
      dealMsMax: r.int('CASINO_DEAL_MS_MAX', 8_000, 0, 60_000),
      resultMs: r.int('CASINO_RESULT_MS', 5_000, 0, 60_000),
      resumeMaxMs: r.int('CASINO_RESUME_MAX_MS', 60_000, 0, 3_600_000),
    },
    redis: { url: parseRedisUrl(r), keyPrefix: r.string('REDIS_KEY_PREFIX', 'backlay:') },
    marketData: { batchMs: MARKET_DATA_BATCH_MS },
    betting: {
      batchInFlight: r.int('BET_BATCH_IN_FLIGHT', 2, 1, 200),
      batchMax: r.int('BET_BATCH_MAX', 32, 1, 1000),
      batchStallMs: r.int('BET_BATCH_STALL_MS', 50, 1, 60_000),
    },
    registration: {
      otpSecret,
      smsProvider,
      smsHttp: smsProvider === 'http' ? smsHttpConfig(r, isProduction) : null,
      smsDeliveryReports: smsProvider === 'http' ? smsDeliveryReportConfig(r) : null,
      parentUsername: r.raw('REGISTRATION_PARENT') ?? (demo ? 'demo-dl' : null),
      demoChipsRupees: r.int('REGISTRATION_DEMO_CHIPS', 10_000, 0, 10_000_000),
      captchaMaxNumber: r.int('CAPTCHA_MAX_NUMBER', 100_000, 1_000, 10_000_000),
    },
    casinoInt: {
      launchTokenTtlMs: r.int('CASINO_INT_LAUNCH_TOKEN_TTL_SEC', 120, 10, 3_600) * 1000,
      sessionTtlMs: r.int('CASINO_INT_SESSION_TTL_SEC', 4 * 3_600, 60, 86_400) * 1000,
      providerTimeoutMs: r.int('CASINO_INT_PROVIDER_TIMEOUT_MS', 5_000, 100, 60_000),
      reconcileEnabled: r.bool('CASINO_INT_RECONCILE_ENABLED', nodeEnv !== 'test'),
      reconcileTickMs: 3_600_000,
      studio: studioConfig(r),
    },
  };

  // The embedded PostgreSQL is for development: in a container its data would die with it.
  if (isProduction && config.database.url === null) r.problems.push('DATABASE_URL is required in production (the embedded PostgreSQL is for development only)');

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return deepFreeze(config);
}

/** The demo provider's settings (issue 19 shared agreements), or null without STUDIO_SECRET. */
function studioConfig(r: EnvReader): { url: string; partnerId: string; secret: string } | null {
  const secret = r.raw('STUDIO_SECRET');
  if (secret === undefined) return null;
  if (secret.length < 32) r.problems.push('STUDIO_SECRET must be at least 32 characters');
  const url = r.string('STUDIO_URL', 'http://127.0.0.1:8095');
  if (!/^https?:\/\/[^\s]+$/.test(url)) r.problems.push(`STUDIO_URL must be an http(s) URL, got "${url}"`);
  const partnerId = r.string('STUDIO_PARTNER_ID', 'backlay-studio');
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(partnerId)) r.problems.push('STUDIO_PARTNER_ID must be 1 to 64 letters, digits, ".", "_" or "-"');
  return { url, partnerId, secret };
}

/**
 * The JWT secret: JWT_SECRET when set, otherwise a random secret generated on first start and
 * kept in DATA_DIR/jwt-secret (mode 600), so tokens survive restarts in development.
 */
export function resolveJwtSecret(config: Readonly<Config>): string {
  if (config.auth.jwtSecret !== null) return config.auth.jwtSecret;
  const file = path.join(config.paths.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(config.paths.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
