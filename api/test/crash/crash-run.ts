/**
 * The crash run (issue 21, docs/rules/test-plan.md T3 "crash windows" and T7; ADR 0022): two real API processes
 * on one PostgreSQL database and one Redis, many players sending sports bets, live-casino bets
 * and their agents' chip transfers, each request with its Idempotency-Key, alternating between
 * the two instances — while a killer SIGKILLs a random instance at random moments and restarts it.
 *
 * A request that fails with a network error (or a 5xx) is sent again with the same key to the
 * other instance, a few times. After the load, what never got an answer is sent once more with
 * its key, and every request that got a 2xx is replayed once with its key. Then, with both
 * instances stopped, the database is checked:
 *   - every request answered 2xx created its row (bet, chip-transfer journal) exactly once, and it
 *     is the row the answer named; its replay answered the same status and the same body;
 *   - every request refused (4xx) created nothing; no bet or chip journal exists without a request
 *     answered 2xx (nothing half-written: a bet has its position, a journal balances);
 *   - the ledger invariants hold (assertLedgerInvariants: L1–L17, bets and positions).
 *
 * Used by api/test/crash.test.ts (CI: 5 kills) and api/bench/crash.mjs (`pnpm bench:crash`: 50).
 * The verdict depends only on these invariants, never on timing: the kill moments are random.
 */
import { IDEMPOTENCY_HEADER, type CasinoGamesResponse, type CasinoRoundView, type LoginResponse } from '@backlay/shared/contracts';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { freePort } from '../admin-db';
import { createChain, createMatch, createPlayer, type Chain, type Player, type TestMatch } from '../bet-reports-helper';
import { assertLedgerInvariants, TEST_JWT_SECRET, TEST_ORIGIN, TEST_TXN_PASSWORD, type TestContext } from '../helper';

export interface CrashRunOptions {
  /** api/ (the driver builds src/main.ts into dist/crash-main.js there and runs it twice). */
  apiDir: string;
  /** SIGKILLs (each followed by a restart of the killed instance). */
  kills: number;
  /**
   * After the kills, a rolling deploy under load: each instance in turn stopped with SIGTERM and
   * started again (ADR 0035: the casino engine hands its open rounds over, none is voided).
   */
  rollingRestart?: boolean;
  /** Concurrent players (default 20), split between two agent chains. */
  players?: number;
  /** Random pause between an instance being ready again and the next kill (ms, default 300–2,000). */
  pauseMs?: [number, number];
  /** Redis of the two instances (default redis://127.0.0.1:6379/5; a key prefix of this run, removed at the end). */
  redisUrl?: string;
  /** Seed of the players' choices (default random; printed with the figures). */
  seed?: number;
  log?: (line: string) => void;
}

export type OpKind = 'sports' | 'casino' | 'chips';

interface Attempt {
  instance: number;
  /** Epoch ms the send started. */
  at: number;
  status: number | null;
  error: string | null;
}

interface Answer {
  status: number;
  body: string;
}

interface Op {
  id: number;
  kind: OpKind;
  actorId: string;
  key: string;
  url: string;
  token: () => string;
  payload: Record<string, unknown>;
  attempts: Attempt[];
  /** The first HTTP answer that was not a 5xx (null: none yet). */
  answer: Answer | null;
  /** The answer of the replay after the run (2xx ops only). */
  replay: Answer | null;
}

export interface CrashFigures {
  seed: number;
  players: number;
  /** Requests (operations with their own key), by kind. */
  requests: Record<OpKind | 'total', number>;
  /** Requests answered 2xx, by kind. */
  ok: Record<OpKind | 'total', number>;
  /** Requests refused with a 4xx, by error code. */
  refused: Record<string, number>;
  /** HTTP sends in all (first sends and retries). */
  sends: number;
  /** Sends that were retries with the same key (after a network error or a 5xx). */
  retries: number;
  /** Sends that failed without an HTTP answer, by error code (ECONNREFUSED: the instance was down). */
  networkErrors: Record<string, number>;
  serverErrors: number;
  /** Requests that got their 2xx only on a retry. */
  okAfterRetry: number;
  /**
   * The crash window (docs/rules/test-plan.md T3): requests whose effect was committed by a send whose answer was
   * lost (the row is older than the send that got the 2xx), answered by the retry from the row.
   */
  committedAnswerLost: number;
  /** Requests still unanswered when the load stopped (sent again afterwards with the same key). */
  unansweredAtStop: number;
  kills: number;
  restarts: number;
  /** SIGTERM + start of an instance (the rolling restart). */
  gracefulRestarts: number;
  /** Requests in flight on the killed instance at the moments of the kills. */
  inFlightAtKills: number;
  /** Kill → the restarted instance answers /api/health (ms). */
  recoverMs: { median: number; max: number };
  loadSeconds: number;
  betsPerSecond: number;
  requestsPerSecond: number;
  /**
   * Casino rounds by status, and casino bets settled (the engine moves between instances; a
   * round still open when its leader died or stopped is resumed by the next one, or voided with
   * its bets refunded only when its close was missed by more than CASINO_RESUME_MAX_MS: ADR 0035).
   */
  casinoRounds: Record<string, number>;
  casinoBetsSettled: number;
}

export interface CrashReport {
  figures: CrashFigures;
  /** Every broken invariant, in words (empty: the run passed). */
  problems: string[];
}

const MAX_SENDS = 6;
const REQUEST_TIMEOUT_MS = 15_000;
const HEALTH_TIMEOUT_MS = 60_000;
const TOKEN_REFRESH_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** mulberry32: the players' choices repeat with the seed (the kill moments do not). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[(sorted.length - 1) >> 1] ?? 0);
};

/** One API instance: a child process on a fixed port, killed and restarted by the run. */
class Instance {
  child: ChildProcess | null = null;
  inFlight = 0;
  private tail: string[] = [];

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly mainFile: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and waits until /api/health answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [this.mainFile], {
      env: { ...this.env, API_PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.tail.push(...chunk.toString().split('\n').filter((l) => l !== ''));
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const started = performance.now();
    while (performance.now() - started < HEALTH_TIMEOUT_MS) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      try {
        if ((await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
      } catch {
        /* starting */
      }
      await sleep(50);
    }
    throw new Error(`instance ${this.index} did not start (exit ${child.exitCode ?? child.signalCode}):\n${this.tail.join('\n')}`);
  }

  /** SIGKILL, as a crash: no goodbye to the pool, the sockets, the locks or Redis. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM (graceful) at the end of the run. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child === null || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Builds src/main.ts with the API's own build (api/build.mjs) into dist/crash-main.js. */
function buildMain(apiDir: string): string {
  execFileSync(process.execPath, [path.join(apiDir, 'build.mjs'), '--outfile', 'dist/crash-main.js'], { cwd: apiDir, stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(apiDir, 'dist', 'crash-main.js');
}

interface Actor {
  login: LoginResponse;
}

export async function runCrash(t: TestContext, options: CrashRunOptions): Promise<CrashReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const seed = options.seed ?? randomBytes(4).readUInt32LE(0);
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const playerCount = options.players ?? 20;
  const [pauseMin, pauseMax] = options.pauseMs ?? [300, 2_000];
  const problems: string[] = [];

  // Fixtures, through the test helpers: two agent chains whose DLs hold chips, their players
  // (funded, signed in), one in-play match with a runner market and a bookmaker.
  const chains: Chain[] = [await createChain(t), await createChain(t)];
  for (const chain of chains) await t.fund(chain.agents.dl.id, 100_000_000n);
  const players: Array<{ player: Player; chain: Chain }> = [];
  for (let i = 0; i < playerCount; i += 1) {
    const chain = chains[i % 2] as Chain;
    players.push({ player: await createPlayer(t, chain.agents.dl.id, 10_000_000n), chain });
  }
  const match: TestMatch = await createMatch(t, {
    markets: [
      { type: 'match_odds', runners: { '11': [190, 192], '12': [210, 214] } },
      { name: 'Bookmaker', type: 'bookmaker', runners: { '21': [90, 95], '22': [80, 85] } },
    ],
  });
  // [selection, back, lay] as the player sends them: decimal odds; bookmaker rates per rupee.
  const sportsBets: Array<{ marketId: string; selections: Array<[string, number, number]> }> = [
    { marketId: match.marketIds[0] as string, selections: [['11', 1.9, 1.92], ['12', 2.1, 2.14]] },
    { marketId: match.marketIds[1] as string, selections: [['21', 0.9, 0.95], ['22', 0.8, 0.85]] },
  ];

  // Access tokens live at most 15 min: a long run renews them through the refresh route.
  // createChain/createPlayer keep only the token; a new login (the one session) has both.
  const sessions = new Map<string, Actor>();
  for (const { player, chain } of players) {
    sessions.set(player.user.id, { login: await t.login(player.user) });
    if (!sessions.has(chain.agents.dl.id)) sessions.set(chain.agents.dl.id, { login: await t.login(chain.agents.dl) });
  }
  const tokenOf = (userId: string) => () => (sessions.get(userId) as Actor).login.token;
  let refreshing: NodeJS.Timeout | null = null;
  const refreshAll = async () => {
    for (const actor of sessions.values()) {
      const response = await t.request({ method: 'POST', url: '/api/refresh-token', payload: { token: actor.login.refreshToken } });
      if (response.statusCode !== 200) throw new Error(`refresh failed: ${response.statusCode} ${response.body}`);
      actor.login = { ...actor.login, ...(response.json() as { data: Partial<LoginResponse> }).data };
    }
  };

  // The two instances.
  const mainFile = buildMain(options.apiDir);
  const redisUrl = options.redisUrl ?? process.env.CRASH_REDIS_URL ?? 'redis://127.0.0.1:6379/5';
  const prefix = `backlay-crash-${randomBytes(6).toString('hex')}:`;
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'backlay-crash-uploads-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    TZ: 'UTC',
    DATABASE_URL: t.config.database.url ?? '',
    DB_POOL_MAX: '8',
    JWT_SECRET: TEST_JWT_SECRET,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    API_HOST: '127.0.0.1',
    ALLOWED_ORIGINS: TEST_ORIGIN,
    DEMO: 'false',
    LOG_LEVEL: 'error',
    UPLOADS_DIR: uploadsDir,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    FEED_ENABLED: 'false',
    CASINO_INT_RECONCILE_ENABLED: 'false',
    // The live casino runs (one leader; it moves when the leader dies): short rounds.
    CASINO_ENABLED: 'true',
    CASINO_BETTING_SECONDS: '8',
    CASINO_DEAL_MS_MAX: '1500',
    CASINO_RESULT_MS: '500',
    CASINO_CHAIN_LENGTH: '200',
  };
  const instances = [
    new Instance(0, await freePort(), mainFile, env),
    new Instance(1, await freePort(), mainFile, env),
  ];
  // One after the other: the first re-applies the SQL functions, the second finds them.
  for (const instance of instances) await instance.start();

  const ops: Op[] = [];
  let stopping = false;
  const loadStarted = performance.now();

  /** Sends `op` until an answer that is not a 5xx, alternating instances after a failure. */
  const send = async (op: Op, firstInstance: number, maxSends = MAX_SENDS): Promise<void> => {
    let instanceIndex = firstInstance;
    for (let n = 0; n < maxSends && op.answer === null; n += 1) {
      const instance = instances[instanceIndex] as Instance;
      const attempt: Attempt = { instance: instanceIndex, at: Date.now(), status: null, error: null };
      op.attempts.push(attempt);
      instance.inFlight += 1;
      try {
        const response = await fetch(`${instance.url}${op.url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${op.token()}`, [IDEMPOTENCY_HEADER]: op.key },
          body: JSON.stringify(op.payload),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        attempt.status = response.status;
        if (response.status < 500) op.answer = { status: response.status, body: text };
        else attempt.error = text.slice(0, 300);
      } catch (error) {
        attempt.error = String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      } finally {
        instance.inFlight -= 1;
      }
      if (op.answer === null) {
        instanceIndex = 1 - instanceIndex;
        await sleep(50 * (n + 1));
      }
    }
  };

  let opCounter = 0;
  const newOp = (kind: OpKind, actorId: string, url: string, payload: Record<string, unknown>): Op => {
    opCounter += 1;
    const op: Op = {
      id: opCounter,
      kind,
      actorId,
      key: `crash-${kind}-${opCounter}-${randomBytes(6).toString('hex')}`,
      url,
      token: tokenOf(actorId),
      payload,
      attempts: [],
      answer: null,
      replay: null,
    };
    ops.push(op);
    return op;
  };

  /** A GET on a live instance (no key: a read), null when both fail. */
  const read = async <T>(url: string, token: string, first: number): Promise<T | null> => {
    for (const index of [first, 1 - first]) {
      try {
        const response = await fetch(`${(instances[index] as Instance).url}${url}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        if (response.ok) return ((await response.json()) as { data: T }).data;
      } catch {
        /* the other instance */
      }
    }
    return null;
  };

  let casinoTables: string[] = [];
  const player = async (index: number) => {
    const { player: me, chain } = players[index] as { player: Player; chain: Chain };
    let turn = index;
    while (!stopping) {
      turn += 1;
      const first = turn % 2;
      const roll = random();
      if (roll < 0.4) {
        const market = pick(sportsBets);
        const [selectionId, back, lay] = pick(market.selections);
        const side = random() < 0.5 ? 'BACK' : 'LAY';
        await send(
          newOp('sports', me.user.id, '/api/placebet', {
            matchId: match.matchId,
            marketId: market.marketId,
            selectionId,
            side,
            odds: side === 'BACK' ? back : lay,
            stake: between(100, 1_000),
          }),
          first,
        );
      } else if (roll < 0.7) {
        if (casinoTables.length === 0) {
          const games = await read<CasinoGamesResponse>('/api/get-casino-games', tokenOf(me.user.id)(), first);
          casinoTables = (games?.data ?? []).flatMap((g) => (g.match_id === -1 ? [] : [String(g.match_id)]));
          if (casinoTables.length === 0) {
            await sleep(200);
            continue;
          }
        }
        const round = await read<CasinoRoundView | null>(`/api/casino-market/${pick(casinoTables)}`, tokenOf(me.user.id)(), first);
        const market = round?.status === 'OPEN' && round.secondsLeft >= 1 ? pick(round.markets.filter((m) => !m.suspended)) : undefined;
        const runner = market === undefined ? undefined : pick(market.runners.filter((r) => r.back !== null));
        if (round == null || market === undefined || runner === undefined || runner.back === null) {
          await sleep(100);
          continue;
        }
        await send(
          newOp('casino', me.user.id, '/api/placebet', {
            matchId: round.matchId,
            marketId: market.marketId,
            selectionId: runner.selectionId,
            side: 'BACK',
            odds: runner.back,
            stake: between(market.minStake, Math.min(market.maxStake, market.minStake * 5)),
          }),
          first,
        );
      } else {
        const deposit = random() < 0.55;
        await send(
          newOp('chips', chain.agents.dl.id, deposit ? '/api/deposit-chips' : '/api/withdraw-chips', {
            username: me.user.username,
            amount: between(1, 500),
            remark: `crash ${deposit ? 'deposit' : 'withdraw'}`,
            transactionPassword: TEST_TXN_PASSWORD,
          }),
          first,
        );
      }
    }
  };

  const okOf = (kind: OpKind) => ops.filter((op) => op.kind === kind && op.answer !== null && op.answer.status < 300).length;
  const recoverMs: number[] = [];
  let kills = 0;
  let restarts = 0;
  let inFlightAtKills = 0;
  let loadSeconds = 0;
  try {
    refreshing = setInterval(() => void refreshAll().catch((error) => problems.push(`token refresh: ${String(error)}`)), TOKEN_REFRESH_MS);
    const load = Promise.all(players.map((_, i) => player(i).catch((error) => problems.push(`player ${i} stopped: ${String(error)}`))));
    // Warm-up: every kind of request has been accepted once (the casino engine opened a round).
    const warmStarted = performance.now();
    while (!(okOf('sports') > 0 && okOf('casino') > 0 && okOf('chips') > 0)) {
      if (performance.now() - warmStarted > 60_000) throw new Error(`warm-up: no 2xx of every kind in 60 s (${JSON.stringify({ sports: okOf('sports'), casino: okOf('casino'), chips: okOf('chips') })})`);
      await sleep(100);
    }
    for (let k = 0; k < options.kills; k += 1) {
      await sleep(pauseMin + Math.random() * (pauseMax - pauseMin));
      const victim = instances[Math.floor(Math.random() * instances.length)] as Instance;
      const killedAt = performance.now();
      const inFlight = victim.inFlight;
      inFlightAtKills += inFlight;
      await victim.kill();
      kills += 1;
      await victim.start();
      restarts += 1;
      recoverMs.push(performance.now() - killedAt);
      log(`kill ${kills}/${options.kills}: instance ${victim.index}, ${inFlight} in flight then, back in ${Math.round(recoverMs.at(-1) ?? 0)} ms (${ops.length} requests so far)`);
    }
    let gracefulRestarts = 0;
    for (const instance of options.rollingRestart === true ? instances : []) {
      await sleep(pauseMin);
      await instance.stop();
      await instance.start();
      gracefulRestarts += 1;
      log(`rolling restart: instance ${instance.index} stopped (SIGTERM) and back (${ops.length} requests so far)`);
    }
    await sleep(pauseMin);
    stopping = true;
    await load;
    loadSeconds = (performance.now() - loadStarted) / 1000;
    if (refreshing !== null) clearInterval(refreshing);

    // What never got an answer: once more with its key, both instances up.
    const unansweredAtStop = ops.filter((op) => op.answer === null).length;
    for (const op of ops.filter((o) => o.answer === null)) await send(op, op.id % 2, 4);
    for (const op of ops.filter((o) => o.answer === null)) problems.push(`${op.kind} ${op.key}: no answer after ${op.attempts.length} sends (${op.attempts.map((a) => a.error ?? a.status).join(', ')})`);

    // Every 2xx once more with its key (on the instance that did not answer first): the same answer.
    const acknowledged = ops.filter((op) => op.answer !== null && op.answer.status < 300);
    for (let i = 0; i < acknowledged.length; i += 16) {
      await Promise.all(
        acknowledged.slice(i, i + 16).map(async (op) => {
          const copy: Op = { ...op, attempts: [], answer: null };
          await send(copy, 1 - ((op.attempts.at(-1)?.instance ?? 0) as number), 4);
          op.replay = copy.answer;
        }),
      );
    }
    for (const instance of instances) await instance.stop();

    const checked = await checkDatabase(t, ops);
    problems.push(...checked.problems);
    try {
      await assertLedgerInvariants(t.db);
    } catch (error) {
      problems.push(`ledger invariants: ${(error as Error).message}`);
    }

    const count = (kind: OpKind | 'total', filter: (op: Op) => boolean) => ops.filter((op) => (kind === 'total' || op.kind === kind) && filter(op)).length;
    const isOk = (op: Op) => op.answer !== null && op.answer.status < 300;
    const refused: Record<string, number> = {};
    for (const op of ops) {
      if (op.answer === null || op.answer.status < 300) continue;
      const code = (safeJson(op.answer.body) as { data?: { code?: string } } | null)?.data?.code ?? String(op.answer.status);
      refused[`${op.kind} ${code}`] = (refused[`${op.kind} ${code}`] ?? 0) + 1;
    }
    const attempts = ops.flatMap((op) => op.attempts);
    const rounds = await t.db.query<{ status: string; n: string }>(`SELECT status, count(*)::text AS n FROM casino_rounds GROUP BY status ORDER BY status`);
    const casinoBets = await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM bets WHERE market_type = 'casino' AND status = 'settled'`);
    const networkErrors: Record<string, number> = {};
    for (const a of attempts) if (a.status === null) networkErrors[a.error ?? '?'] = (networkErrors[a.error ?? '?'] ?? 0) + 1;
    const kinds: OpKind[] = ['sports', 'casino', 'chips'];
    const byKind = (filter: (op: Op) => boolean) =>
      Object.fromEntries([...kinds.map((k) => [k, count(k, filter)]), ['total', count('total', filter)]]) as Record<OpKind | 'total', number>;
    const bets = count('sports', isOk) + count('casino', isOk);
    const figures: CrashFigures = {
      seed,
      players: playerCount,
      requests: byKind(() => true),
      ok: byKind(isOk),
      refused,
      sends: attempts.length,
      retries: attempts.length - ops.length,
      networkErrors,
      serverErrors: attempts.filter((a) => a.status !== null && a.status >= 500).length,
      okAfterRetry: ops.filter((op) => isOk(op) && op.attempts.length > 1).length,
      committedAnswerLost: ops.filter((op) => {
        const created = checked.createdAt.get(`${op.actorId} ${op.key}`);
        const answered = op.attempts.at(-1);
        return isOk(op) && op.attempts.length > 1 && created !== undefined && answered !== undefined && created < answered.at;
      }).length,
      unansweredAtStop,
      kills,
      restarts,
      gracefulRestarts,
      inFlightAtKills,
      recoverMs: { median: Math.round(median(recoverMs)), max: Math.round(Math.max(0, ...recoverMs)) },
      loadSeconds: Math.round(loadSeconds * 10) / 10,
      betsPerSecond: Math.round((bets / loadSeconds) * 10) / 10,
      requestsPerSecond: Math.round((ops.length / loadSeconds) * 10) / 10,
      casinoRounds: Object.fromEntries(rounds.rows.map((r) => [r.status, Number(r.n)])),
      casinoBetsSettled: Number(casinoBets.rows[0]?.n ?? 0),
    };
    return { figures, problems };
  } finally {
    stopping = true;
    if (refreshing !== null) clearInterval(refreshing);
    for (const instance of instances) await instance.stop().catch(() => undefined);
    rmSync(uploadsDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } catch {
      /* nothing to clean */
    } finally {
      redis.disconnect();
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The database after the run, against what each request was answered. */
async function checkDatabase(t: TestContext, ops: Op[]): Promise<{ problems: string[]; createdAt: Map<string, number> }> {
  const problems: string[] = [];
  const createdAt = new Map<string, number>();
  const bets = await t.db.query<{ id: string; user_id: string; idempotency_key: string; market_id: string; has_position: boolean; created_ms: string }>(
    `SELECT b.id, b.user_id, b.idempotency_key, b.market_id, (extract(epoch FROM b.created_at) * 1000)::bigint::text AS created_ms,
            EXISTS (SELECT 1 FROM positions p WHERE p.user_id = b.user_id AND p.market_id = b.market_id) AS has_position
       FROM bets b WHERE b.idempotency_key LIKE 'crash-%'`,
  );
  const journals = await t.db.query<{ id: string; actor_id: string; idempotency_key: string; entries: string; total: string; created_ms: string }>(
    `SELECT j.id, j.actor_id, j.idempotency_key, (extract(epoch FROM j.created_at) * 1000)::bigint::text AS created_ms, count(e.id)::text AS entries, coalesce(sum(e.amount_minor), 0)::text AS total
       FROM journals j LEFT JOIN entries e ON e.journal_id = j.id
      WHERE j.idempotency_key LIKE 'crash-%' GROUP BY j.id`,
  );
  const rowsByKey = new Map<string, string[]>();
  for (const row of bets.rows) {
    const key = `${row.user_id} ${row.idempotency_key}`;
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row.id]);
    createdAt.set(key, Number(row.created_ms));
    if (!row.has_position) problems.push(`bet ${row.id} (${row.idempotency_key}) has no position`);
  }
  for (const row of journals.rows) {
    const key = `${row.actor_id} ${row.idempotency_key}`;
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row.id]);
    createdAt.set(key, Number(row.created_ms));
    if (row.entries !== '2' || row.total !== '0') problems.push(`chip journal ${row.id} (${row.idempotency_key}) has ${row.entries} entries summing to ${row.total}`);
  }
  const known = new Set<string>();
  for (const op of ops) {
    const key = `${op.actorId} ${op.key}`;
    known.add(key);
    const rows = rowsByKey.get(key) ?? [];
    if (op.answer === null) continue; // reported as unanswered
    if (op.answer.status >= 300) {
      if (rows.length !== 0) problems.push(`${op.kind} ${op.key}: answered ${op.answer.status} ${op.answer.body.slice(0, 160)} but ${rows.length} row(s) exist`);
      continue;
    }
    const data = (safeJson(op.answer.body) as { data?: { bet?: { betId?: string }; journalId?: string } } | null)?.data;
    const named = op.kind === 'chips' ? data?.journalId : data?.bet?.betId;
    if (rows.length !== 1) problems.push(`${op.kind} ${op.key}: answered ${op.answer.status} but ${rows.length} row(s) exist`);
    else if (rows[0] !== named) problems.push(`${op.kind} ${op.key}: answered with ${named} but the row is ${rows[0]}`);
    if (op.replay === null) problems.push(`${op.kind} ${op.key}: the replay got no answer`);
    else if (op.replay.status !== op.answer.status || op.replay.body !== op.answer.body) {
      problems.push(`${op.kind} ${op.key}: the replay answered ${op.replay.status} ${op.replay.body.slice(0, 300)}; first ${op.answer.status} ${op.answer.body.slice(0, 300)}`);
    }
  }
  for (const key of rowsByKey.keys()) if (!known.has(key)) problems.push(`a row with no request of this run: ${key}`);
  return { problems, createdAt };
}
