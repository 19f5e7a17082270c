/**
 * The order of a bet's refusals is the contract (ADR 0053): this file walks them against the live
 * functions (`place_runner_bet` and `place_fancy_bet_checked`, called as the service calls them,
 * with a session; the batch functions call these per bet). Each line of WALK sets up one
 * condition on an otherwise good bet (every earlier check passes) and ends with the answer; PAIRS
 * sets up two conditions at once, the answer the one that wins. Every pair of neighbours in WALK
 * is a line of PAIRS, so moving a check changes an answer; the answers are the contract's error
 * codes, so renaming one changes an answer too. FANCY_WALK and FANCY_PAIRS do the same for a fancy.
 *
 * An answer is the outcome, and for a code two checks share, the check (the facts tell them
 * apart, as the functions' comment says): `NOT_FOUND:market` / `NOT_FOUND:selection`,
 * `MARKET_SUSPENDED:status` / `MARKET_SUSPENDED:settled`, `STAKE_OUT_OF_RANGE:stake` /
 * `STAKE_OUT_OF_RANGE:profit`, `BETTING_LOCKED:account` / `BETTING_LOCKED:market`.
 */
import { createHash } from 'node:crypto';
import { buildTestApp, createTestFancy, createTestMarket, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One condition (or two, merged) on the good bet: what differs from it. */
interface Setup {
  /** The caller: a player (default) or an agent of the chain. */
  caller?: 'agent';
  /** The session of the call: the caller's live one (default), ended, or no such session. */
  session?: 'ended' | 'unknown';
  user?: { locked?: true; mustChangePassword?: true; exposureLimitRupees?: number };
  /** The caller's agent locked its betting, or its betting on this market. */
  agentLock?: 'betting' | 'market';
  /** An earlier bet with the call's Idempotency-Key: the same request, or another one. */
  earlier?: 'same request' | 'another request';
  rg?: { exclusion?: 'self_exclusion' | 'time_out' | 'both'; stakeLimitRupees?: number; lossLimitRupees?: number };
  market?: { suspended?: true; settled?: true; minStakeRupees?: number; maxStakeRupees?: number; maxProfitRupees?: number; betDelaySec?: number };
  /** The bet asked: another match, another selection, another side or price (hundredths); a fancy's line and rate. */
  bet?: { match?: 'another'; selection?: 'Z'; side?: 'LAY'; price?: number; line?: number; rate?: number };
  balanceRupees?: number;
}

type Line = [condition: string, setup: Setup, answer: string];

/**
 * The good bet: BACK A at 2.00 (live back 2.00, lay 2.02), or on a fancy YES 46 @ 90 (live YES
 * 46 @ 90, NO 45 @ 100); a ₹100 stake, a ₹1,000 balance, wide limits.
 */
const STAKE_RUPEES = 100;
type Kind = 'runner' | 'fancy';

const WALK: Line[] = [
  ['the session is unknown', { session: 'unknown' }, 'TOKEN_INVALID'],
  ['the account is locked', { user: { locked: true } }, 'ACCOUNT_LOCKED'],
  ['the session has ended', { session: 'ended' }, 'SESSION_ENDED'],
  ['the password must be changed first', { user: { mustChangePassword: true } }, 'CHANGE_PASSWORD_REQUIRED'],
  ['the caller is an agent', { caller: 'agent' }, 'FORBIDDEN'],
  ['the key was used for another request', { earlier: 'another request' }, 'IDEMPOTENCY_MISMATCH'],
  ['the player self-excluded', { rg: { exclusion: 'self_exclusion' } }, 'SELF_EXCLUDED'],
  ['the player is on a time-out', { rg: { exclusion: 'time_out' } }, 'TIME_OUT'],
  ['the market is not on this match', { bet: { match: 'another' } }, 'NOT_FOUND:market'],
  ['the market is suspended', { market: { suspended: true } }, 'MARKET_SUSPENDED:status'],
  ['the selection is not in the market', { bet: { selection: 'Z' } }, 'NOT_FOUND:selection'],
  ['the price moved (asked 2.02, live back 2.00)', { bet: { price: 202 } }, 'ODDS_CHANGED'],
  ['the price asked is 1.00', { bet: { price: 100 } }, 'VALIDATION'],
  ['the stake is below the minimum', { market: { minStakeRupees: 200 } }, 'STAKE_OUT_OF_RANGE:stake'],
  ['the profit is above the maximum', { market: { maxProfitRupees: 50 } }, 'STAKE_OUT_OF_RANGE:profit'],
  ['the agent locked betting', { agentLock: 'betting' }, 'BETTING_LOCKED:account'],
  ['the market has a bet delay not waited yet', { market: { betDelaySec: 3 } }, 'DELAY'],
  ['the market has a live settlement', { market: { settled: true } }, 'MARKET_SUSPENDED:settled'],
  ['the agent locked betting on this market', { agentLock: 'market' }, 'BETTING_LOCKED:market'],
  ['the bet can lose more than the stake limit', { rg: { stakeLimitRupees: 50 } }, 'STAKE_LIMIT'],
  ['the exposure would pass the loss limit', { rg: { lossLimitRupees: 50 } }, 'LOSS_LIMIT'],
  ['the exposure would pass the exposure limit', { user: { exposureLimitRupees: 50 } }, 'EXPOSURE_LIMIT'],
  ['the balance is short', { balanceRupees: 50 }, 'INSUFFICIENT_FUNDS'],
];

/** Two setups at once (the second's fields over the first's). */
function both(a: Setup, b: Setup): Setup {
  const merged: Record<string, unknown> = { ...a, ...b };
  for (const key of ['user', 'rg', 'market', 'bet'] as const) {
    if (a[key] !== undefined || b[key] !== undefined) merged[key] = { ...a[key], ...b[key] };
  }
  return merged as Setup;
}

/** Each neighbour pair of a walk, both conditions holding: the earlier one wins. */
function neighbours(walk: readonly Line[]): Line[] {
  return walk.slice(1).map(([condition, setup], i) => {
    const [firstCondition, firstSetup, firstAnswer] = walk[i] as Line;
    return [`${firstCondition} + ${condition}`, both(firstSetup, setup), firstAnswer];
  });
}

const PAIRS: Line[] = [
  // Neighbours whose setups touch the same field: written out.
  ...neighbours(WALK).filter(([condition]) => !condition.startsWith('the player self-excluded + the player is on a time-out')
    && !condition.startsWith('the price moved')),
  ['the player self-excluded and is on a time-out', { rg: { exclusion: 'both' } }, 'SELF_EXCLUDED'],
  ['the price moved (asked lay 1.00, live lay 2.02) + the price asked is 1.00', { bet: { side: 'LAY', price: 100 } }, 'ODDS_CHANGED'],
  ['the stake is above the maximum + the profit too', { market: { maxStakeRupees: 50, maxProfitRupees: 50 } }, 'STAKE_OUT_OF_RANGE:stake'],
  // A repeat answers its first call's answer, whatever happened since (docs/rules/test-plan.md T3) — but not to a dead session.
  ['the key placed this bet already + the market is suspended', { earlier: 'same request', market: { suspended: true } }, 'REPLAY'],
  ['the key placed this bet already + the player self-excluded since', { earlier: 'same request', rg: { exclusion: 'self_exclusion' } }, 'REPLAY'],
  ['the session has ended + the key placed this bet already', { session: 'ended', earlier: 'same request' }, 'SESSION_ENDED'],
  // An exclusion outranks every check before the wallet lock, the delay included (ADR 0019)…
  ['the player is on a time-out + the market has a bet delay', { rg: { exclusion: 'time_out' }, market: { betDelaySec: 3 } }, 'TIME_OUT'],
  ['the player is on a time-out + the agent locked betting', { rg: { exclusion: 'time_out' }, agentLock: 'betting' }, 'TIME_OUT'],
  // …and the checks under the wallet lock too: an exclusion is the answer whatever the market's state.
  ['the player self-excluded + the market has a live settlement', { rg: { exclusion: 'self_exclusion' }, market: { settled: true } }, 'SELF_EXCLUDED'],
  ['the player self-excluded + the agent locked betting on this market', { rg: { exclusion: 'self_exclusion' }, agentLock: 'market' }, 'SELF_EXCLUDED'],
  ['the player is on a time-out + the market has a live settlement', { rg: { exclusion: 'time_out' }, market: { settled: true } }, 'TIME_OUT'],
  // A limit is checked only on a bet that passed everything before the wallet lock.
  ['the bet can lose more than the stake limit + the market is suspended', { rg: { stakeLimitRupees: 50 }, market: { suspended: true } }, 'MARKET_SUSPENDED:status'],
  ['the session has ended + the player self-excluded', { session: 'ended', rg: { exclusion: 'self_exclusion' } }, 'SESSION_ENDED'],
];

/**
 * The fancy's walk (place_fancy_bet_checked): the runner's without the selection and the 1.00
 * floor; the price moves by its line or its rate.
 */
const FANCY_WALK: Line[] = WALK.flatMap((line): Line[] => {
  const [condition] = line;
  if (condition.startsWith('the selection') || condition.startsWith('the price asked')) return [];
  if (condition.startsWith('the price moved')) {
    return [
      ['the line moved (asked YES 45, live YES 46)', { bet: { line: 45 } }, 'ODDS_CHANGED'],
      ['the rate moved (asked 95, live 90)', { bet: { rate: 95 } }, 'ODDS_CHANGED'],
    ];
  }
  return [line];
});

const FANCY_PAIRS: Line[] = [
  ...neighbours(FANCY_WALK).filter(([condition]) => !condition.startsWith('the player self-excluded + the player is on a time-out')),
  ['the player is on a time-out + the market has a bet delay', { rg: { exclusion: 'time_out' }, market: { betDelaySec: 3 } }, 'TIME_OUT'],
  ['the player self-excluded + the market has a live settlement', { rg: { exclusion: 'self_exclusion' }, market: { settled: true } }, 'SELF_EXCLUDED'],
  ['the key placed this bet already + the market is suspended', { earlier: 'same request', market: { suspended: true } }, 'REPLAY'],
];

const paise = (rupees: number) => BigInt(rupees) * 100n;
/** A request's hash as the service makes it (hex SHA-256). */
const hashOf = (request: string) => createHash('sha256').update(request).digest('hex');
let keys = 0;

/** Builds the good bet with `setup` applied, calls place_runner_bet once, and answers as the header says. */
async function answerOf(setup: Setup, kind: Kind = 'runner'): Promise<string> {
  const player = await t.createUser({ role: 'user' });
  const callerId = setup.caller === 'agent' ? (player.parentId as string) : player.id;
  /** The caller's agent: the one whose locks the setup sets. */
  const agentId = (await t.db.query<{ parent_id: string }>('SELECT parent_id FROM users WHERE id = $1', [callerId])).rows[0]?.parent_id;
  await t.fund(callerId, BigInt(setup.balanceRupees ?? 1_000));
  const runnerMarket = await createTestMarket(t, { A: [200, 202], B: [200, 202] });
  const m =
    kind === 'runner'
      ? { matchId: runnerMarket.matchId, marketId: runnerMarket.marketId, table: 'markets', type: 'match_odds' }
      : { matchId: runnerMarket.matchId, marketId: (await createTestFancy(t, runnerMarket.matchId, { noRun: 45, noRate: 100, yesRun: 46, yesRate: 90 })).fancyId, table: 'fancies', type: 'fancy' };
  keys += 1;
  const key = `precedence-${keys}`;

  const matchId = setup.bet?.match === 'another' ? `${m.matchId}-other` : m.matchId;
  const bet =
    kind === 'runner'
      ? ['place_runner_bet', m.marketId, setup.bet?.selection ?? 'A', setup.bet?.side ?? 'BACK', setup.bet?.price ?? 200]
      : ['place_fancy_bet_checked', m.marketId, 'YES', setup.bet?.line ?? 46, setup.bet?.rate ?? 90];
  const call = (hash: string, overrides: { session?: string | null; area?: string | null; waited?: boolean } = {}) =>
    t.db.query<{ outcome: string; detail: { marketName: string | null; marketStatus: string | null; profit: string | null; betLock: string | null } | null }>(
      // A runner bet's 13th argument, the odds acceptance: NULL, the player's stored one ('better' by default).
      `SELECT outcome, detail FROM ${String(bet[0])}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12${kind === 'runner' ? ', NULL' : ''})`,
      [
        callerId, key, hash, matchId, ...bet.slice(1), paise(STAKE_RUPEES).toString(), overrides.waited ?? false,
        overrides.session === undefined ? null : overrides.session, overrides.area === undefined ? null : overrides.area,
      ],
    );

  // The earlier bet, placed while everything was good (no session: the service's direct call).
  if (setup.earlier !== undefined) {
    const first = await call(hashOf(setup.earlier === 'same request' ? 'the request' : 'another request'));
    if (first.rows[0]?.outcome !== 'ACCEPTED') throw new Error(`the earlier bet was not accepted: ${JSON.stringify(first.rows[0])}`);
  }

  if (setup.user?.locked === true) await t.db.query(`UPDATE users SET status = 'locked' WHERE id = $1`, [callerId]);
  if (setup.user?.mustChangePassword === true) await t.db.query('UPDATE users SET must_change_password = true WHERE id = $1', [callerId]);
  if (setup.user?.exposureLimitRupees !== undefined) {
    await t.db.query('UPDATE users SET exposure_limit_minor = $2 WHERE id = $1', [callerId, paise(setup.user.exposureLimitRupees).toString()]);
  }
  if (setup.agentLock === 'betting') await t.db.query('UPDATE users SET bet_lock = true WHERE id = $1', [agentId]);
  if (setup.agentLock === 'market') {
    await t.db.query('INSERT INTO market_bet_locks (user_id, market_id, locked_by) VALUES ($1, $2, $1)', [agentId, m.marketId]);
  }
  const rg = setup.rg ?? {};
  for (const kind of rg.exclusion === 'both' ? ['self_exclusion', 'time_out'] : rg.exclusion === undefined ? [] : [rg.exclusion]) {
    await t.db.query(`INSERT INTO rg_exclusions (user_id, kind, ends_at) VALUES ($1, $2, now() + interval '1 day')`, [callerId, kind]);
  }
  if (rg.stakeLimitRupees !== undefined) {
    await t.db.query(`INSERT INTO rg_limits (user_id, limit_type, amount_minor) VALUES ($1, 'stake', $2)`, [callerId, paise(rg.stakeLimitRupees).toString()]);
  }
  if (rg.lossLimitRupees !== undefined) {
    await t.db.query(`INSERT INTO rg_limits (user_id, limit_type, amount_minor) VALUES ($1, 'loss_day', $2)`, [callerId, paise(rg.lossLimitRupees).toString()]);
  }
  if (Object.keys(rg).length > 0) await t.db.query('UPDATE ledger_accounts SET rg_active = true WHERE user_id = $1', [callerId]);

  const market = setup.market ?? {};
  await t.db.query(
    `UPDATE ${m.table} SET admin_suspended = $2, min_stake_minor = coalesce($3, min_stake_minor), max_stake_minor = coalesce($4, max_stake_minor),
                        max_profit_minor = coalesce($5, max_profit_minor), bet_delay_sec = $6 WHERE id = $1`,
    [
      m.marketId, market.suspended === true,
      market.minStakeRupees === undefined ? null : paise(market.minStakeRupees).toString(),
      market.maxStakeRupees === undefined ? null : paise(market.maxStakeRupees).toString(),
      market.maxProfitRupees === undefined ? null : paise(market.maxProfitRupees).toString(),
      market.betDelaySec ?? 0,
    ],
  );
  if (market.settled === true) {
    await t.db.query(
      `INSERT INTO settlements (market_id, market_type, match_id, version, result, source, bets, users, users_pnl_minor, commission_minor)
       VALUES ($1, $3, $2, 1, '{"type":"VOID"}', 'admin', 0, 0, 0, 0)`,
      [m.marketId, m.matchId, m.type],
    );
  }

  // The session: the caller's own, in its area (a player's or an agent's), live unless the setup says otherwise.
  const area = setup.caller === 'agent' ? 'admin' : 'player';
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO sessions (user_id, area, expires_at, ended_at, ended_reason)
     VALUES ($1, $2, now() + interval '1 hour', CASE WHEN $3 THEN now() END, CASE WHEN $3 THEN 'replaced' END) RETURNING id`,
    [callerId, area, setup.session === 'ended'],
  );
  const sessionId = setup.session === 'unknown' ? '00000000-0000-4000-8000-000000000000' : (rows[0] as { id: string }).id;

  const answer = (await call(hashOf('the request'), { session: sessionId, area })).rows[0];
  if (answer === undefined) throw new Error(`${String(bet[0])} returned no row`);
  const d = answer.detail;
  switch (answer.outcome) {
    case 'NOT_FOUND':
      return `NOT_FOUND:${d?.marketName === null ? 'market' : 'selection'}`;
    case 'MARKET_SUSPENDED':
      return `MARKET_SUSPENDED:${d?.marketStatus === 'settled' ? 'settled' : 'status'}`;
    case 'STAKE_OUT_OF_RANGE':
      return `STAKE_OUT_OF_RANGE:${d?.profit === null ? 'stake' : 'profit'}`;
    case 'BETTING_LOCKED':
      return `BETTING_LOCKED:${d?.betLock ?? 'none'}`;
    default:
      return answer.outcome;
  }
}

describe('place_runner_bet (match odds, bookmaker, casino)', () => {
  it('the good bet is accepted (so each line below refuses for its own condition)', async () => {
    expect(await answerOf({})).toBe('ACCEPTED');
  });

  describe('one condition, every earlier check passing', () => {
    it.each(WALK.map(([condition, setup, answer]) => [condition, answer, setup] as const))('%s → %s', async (_condition, answer, setup) => {
      expect(await answerOf(setup)).toBe(answer);
    });
  });

  describe('two conditions at once: the earlier check wins', () => {
    it.each(PAIRS.map(([condition, setup, answer]) => [condition, answer, setup] as const))('%s → %s', async (_condition, answer, setup) => {
      expect(await answerOf(setup)).toBe(answer);
    });
  });
});

describe('place_fancy_bet_checked', () => {
  it('the good bet is accepted', async () => {
    expect(await answerOf({}, 'fancy')).toBe('ACCEPTED');
  });

  describe('one condition, every earlier check passing', () => {
    it.each(FANCY_WALK.map(([condition, setup, answer]) => [condition, answer, setup] as const))('%s → %s', async (_condition, answer, setup) => {
      expect(await answerOf(setup, 'fancy')).toBe(answer);
    });
  });

  describe('two conditions at once: the earlier check wins', () => {
    it.each(FANCY_PAIRS.map(([condition, setup, answer]) => [condition, answer, setup] as const))('%s → %s', async (_condition, answer, setup) => {
      expect(await answerOf(setup, 'fancy')).toBe(answer);
    });
  });
});
