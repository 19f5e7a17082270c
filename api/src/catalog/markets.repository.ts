/**
 * SQL of markets (with their runners and prices), fancies and scores. The feed ingest upserts
 * the feed's columns in batches (one statement per table); admins change only `active`,
 * `admin_suspended` and the limits. A result, once stored, never changes and a closed market
 * never reopens: settlement (step 4) reads the result from here. `feed_result` follows the feed's
 * latest word (a correction) and is what a settled result is checked against (migration 0019).
 */
import type { FeedMarketCounts } from '@backlay/shared/contracts';
import type { FeedFancy, FeedMarket, FeedScore } from '../feed/feed-provider';
import type { Queryable } from '../db/database';
import type { FancyRow, LimitsRow, MarketRow, RunnerRow, ScoreRow } from './market-view';

interface RawLimits {
  minStakeMinor: string;
  maxStakeMinor: string;
  maxProfitMinor: string;
  betDelaySec: number;
}

interface RawRunner extends Omit<RunnerRow, 'backSizesMinor' | 'laySizesMinor'> {
  backSizesMinor: string[];
  laySizesMinor: string[];
}

interface RawMarket extends Omit<MarketRow, keyof LimitsRow | 'version' | 'runners'>, RawLimits {
  version: string;
  runners: RawRunner[];
}

interface RawFancy extends Omit<FancyRow, keyof LimitsRow | 'version'>, RawLimits {
  version: string;
}

function limits(row: RawLimits): LimitsRow {
  return {
    minStakeMinor: BigInt(row.minStakeMinor),
    maxStakeMinor: BigInt(row.maxStakeMinor),
    maxProfitMinor: BigInt(row.maxProfitMinor),
    betDelaySec: row.betDelaySec,
  };
}

function toMarketRow(raw: RawMarket): MarketRow {
  return {
    ...raw,
    ...limits(raw),
    version: BigInt(raw.version),
    runners: raw.runners.map((r) => ({
      ...r,
      backSizesMinor: r.backSizesMinor.map((s) => BigInt(s)),
      laySizesMinor: r.laySizesMinor.map((s) => BigInt(s)),
    })),
  };
}

function toFancyRow(raw: RawFancy): FancyRow {
  return { ...raw, ...limits(raw), version: BigInt(raw.version) };
}

const LIMIT_COLUMNS = (t: string) => `${t}.min_stake_minor::text AS "minStakeMinor", ${t}.max_stake_minor::text AS "maxStakeMinor",
  ${t}.max_profit_minor::text AS "maxProfitMinor", ${t}.bet_delay_sec AS "betDelaySec"`;

/** The result of the market's live settlement (settlements_one_live: at most one row), or null. */
const SETTLED_COLUMN = (t: string) => `(SELECT s.result FROM settlements s WHERE s.market_id = ${t}.id AND s.reversed_at IS NULL) AS settled`;

const MARKET_SELECT = `SELECT m.id, m.event_id AS "eventId", m.name, m.market_type AS "marketType", m.sort_order AS "sortOrder",
  m.feed_status AS "feedStatus", m.in_play AS "inPlay", m.number_of_winners AS "numberOfWinners", m.active, m.admin_suspended AS "adminSuspended", m.result,
  m.version::text AS version, ${LIMIT_COLUMNS('m')}, ${SETTLED_COLUMN('m')},
  coalesce((SELECT json_agg(json_build_object(
      'selectionId', r.selection_id, 'name', r.name, 'sortOrder', r.sort_order, 'clothNumber', r.cloth_number, 'status', r.status,
      'adjustmentFactor', r.adjustment_factor::float8,
      'backPrices', r.back_prices, 'backSizesMinor', r.back_sizes_minor::text[],
      'layPrices', r.lay_prices, 'laySizesMinor', r.lay_sizes_minor::text[]) ORDER BY r.sort_order)
    FROM runners r WHERE r.market_id = m.id), '[]'::json) AS runners
  FROM markets m`;

const FANCY_SELECT = `SELECT f.id, f.event_id AS "eventId", f.name, f.gtype, f.sort_order AS "sortOrder", f.feed_status AS "feedStatus",
  f.active, f.admin_suspended AS "adminSuspended", f.no_run AS "noRun", f.no_rate AS "noRate", f.yes_run AS "yesRun",
  f.yes_rate AS "yesRate", f.result, f.version::text AS version, ${LIMIT_COLUMNS('f')}, ${SETTLED_COLUMN('f')}
  FROM fancies f`;

// ---- the feed's writes ----

/**
 * The status and hold columns of an update (ADR 0039): a held market or fancy stays suspended
 * while the message is no newer than its hold, and a close always applies.
 */
const STILL_HELD = (t: string) => `(${t}.hold_reason IS NOT NULL AND EXCLUDED.fed_at <= ${t}.held_at)`;
const CLOSING = (t: string) => `(${t}.feed_status = 'closed' OR EXCLUDED.feed_status = 'closed')`;
const HOLD_ON_UPSERT = (t: string) => `
       feed_status = CASE WHEN ${CLOSING(t)} THEN 'closed' WHEN ${STILL_HELD(t)} THEN 'suspended' ELSE EXCLUDED.feed_status END,
       hold_reason = CASE WHEN ${CLOSING(t)} THEN NULL WHEN ${STILL_HELD(t)} THEN ${t}.hold_reason END,
       held_at = CASE WHEN ${CLOSING(t)} THEN NULL WHEN ${STILL_HELD(t)} THEN ${t}.held_at END`;

/**
 * A runner's race-card number as stored: a whole number 1-99 (runners.cloth_number's CHECK), else
 * none. A provider's odd value is dropped rather than failing the whole batch of runners.
 */
export function clothNumberOf(value: number | undefined): number | null {
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 99 ? value : null;
}

/** What a message was received at: the provider's word, else the poll's time. */
const fedMs = (item: { receivedAtMs?: number }, polledAtMs: number): number => item.receivedAtMs ?? polledAtMs;

/**
 * Holds markets that turn in play on their pre-match prices (ADR 0039): the feed calls the market
 * in play while its stored prices are the same as the message's, so they are the old ones. Held
 * as of the message, the upsert that follows keeps them suspended, and the next message reopens
 * them. A market whose turning message brings new prices (the simulator's) is not held.
 */
async function holdTurningInPlay(q: Queryable, markets: readonly FeedMarket[], polledAtMs: number): Promise<void> {
  const turning = markets.filter((m) => m.inPlay && m.status === 'open');
  if (turning.length === 0) return;
  await q.query(
    `UPDATE markets m SET feed_status = 'suspended', hold_reason = 'in_play', held_at = greatest(m.held_at, to_timestamp(x.fed_ms / 1000.0)),
            version = m.version + 1, updated_at = now()
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, fed_ms bigint, ladder jsonb)
     WHERE m.id = x.id AND NOT m.in_play AND m.feed_status <> 'closed'
       AND x.ladder = (SELECT coalesce(jsonb_agg(jsonb_build_array(r.selection_id, r.back_prices, r.lay_prices) ORDER BY r.selection_id COLLATE "C"), '[]'::jsonb)
                       FROM runners r WHERE r.market_id = m.id)`,
    [
      JSON.stringify(
        turning.map((m) => ({
          id: m.marketId,
          fed_ms: fedMs(m, polledAtMs),
          ladder: [...m.runners]
            .sort((a, b) => (a.selectionId < b.selectionId ? -1 : a.selectionId > b.selectionId ? 1 : 0))
            .map((r) => [r.selectionId, r.back.map((l) => l.price), r.lay.map((l) => l.price)]),
        })),
      ),
    ],
  );
}

/**
 * Inserts or updates markets and their runners; new markets take their sport's default limits.
 * The sport's bet delay is the match odds' (and every exchange market's) delay; bookmaker markets
 * and fancies start with none, as the Indian exchanges run them: their prices are the house's
 * own, paused by the feed while a ball is live, so a delay only makes a bet meet the next ball.
 * An admin can set any market's or fancy's delay afterwards. A provider's own delay (Betfair's
 * `betDelay`, e.g. 5 s once in play) is a floor: each write raises the market's delay to it and
 * never lowers it, so an admin may add to the provider's delay but never take from it.
 *
 * The ingest's holds (ADR 0039): a market turning in play on its pre-match prices is held
 * suspended (holdTurningInPlay); a held market reopens only on a message received after its hold
 * began (`receivedAtMs`, else `polledAtMs`: HOLD_ON_UPSERT). A close always applies.
 *
 * A runner removed or reinstated re-prices the market's open positions in the same transaction
 * (ADR 0046, repriceRunnerPositions); returns the users whose exposure that changed.
 */
export async function upsertMarkets(q: Queryable, markets: readonly FeedMarket[], polledAtMs = Date.now()): Promise<string[]> {
  if (markets.length === 0) return [];
  await holdTurningInPlay(q, markets, polledAtMs);
  await q.query(
    `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, in_play, result, feed_result, resulted_at,
                          min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec, fed_at, number_of_winners, feed_placed)
     SELECT m.id, m.event_id, m.name, m.market_type, m.sort_order, m.feed_status, m.in_play, m.result, m.result,
            CASE WHEN m.result IS NULL THEN NULL ELSE now() END,
            s.min_stake_minor, s.max_stake_minor, s.max_profit_minor,
            GREATEST(CASE WHEN m.market_type = 'bookmaker' THEN 0 ELSE s.bet_delay_sec END, coalesce(m.feed_delay, 0)),
            to_timestamp(m.fed_ms / 1000.0), m.winners, CASE WHEN m.feed_status = 'closed' THEN m.placed END
     FROM jsonb_to_recordset($1::jsonb)
       AS m(id text, event_id text, name text, market_type text, sort_order int, feed_status text, in_play boolean, result text,
            fed_ms bigint, feed_delay int, winners int, placed text[])
     JOIN events e ON e.id = m.event_id JOIN sports s ON s.sport_id = e.sport_id
     ON CONFLICT (id) DO UPDATE SET
       name = EXCLUDED.name, sort_order = EXCLUDED.sort_order, in_play = EXCLUDED.in_play,
       number_of_winners = EXCLUDED.number_of_winners,
       fed_at = greatest(markets.fed_at, EXCLUDED.fed_at),
       ${HOLD_ON_UPSERT('markets')},
       result = coalesce(markets.result, EXCLUDED.result),
       feed_result = coalesce(EXCLUDED.result, markets.feed_result),
       feed_placed = coalesce(EXCLUDED.feed_placed, markets.feed_placed),
       resulted_at = coalesce(markets.resulted_at, EXCLUDED.resulted_at),
       version = markets.version + 1, updated_at = now()`,
    [
      JSON.stringify(
        markets.map((m) => ({
          id: m.marketId,
          event_id: m.eventId,
          name: m.name,
          market_type: m.type,
          sort_order: m.sortOrder,
          feed_status: m.status,
          in_play: m.inPlay,
          result: m.result,
          fed_ms: fedMs(m, polledAtMs),
          feed_delay: m.betDelaySec ?? null,
          winners: m.numberOfWinners ?? 1,
          placed: m.placed === undefined ? null : [...m.placed].sort(),
        })),
      ),
    ],
  );
  // The provider's delay as a floor of markets already stored (the insert above applied it to new ones).
  const delays = markets.filter((m) => (m.betDelaySec ?? 0) > 0).map((m) => ({ id: m.marketId, delay: m.betDelaySec }));
  if (delays.length > 0) {
    await q.query(
      `UPDATE markets SET bet_delay_sec = d.delay FROM jsonb_to_recordset($1::jsonb) AS d(id text, delay int)
       WHERE markets.id = d.id AND markets.bet_delay_sec < d.delay`,
      [JSON.stringify(delays)],
    );
  }
  const runners = markets.flatMap((m) =>
    m.runners.map((r) => ({
      market_id: m.marketId,
      selection_id: r.selectionId,
      name: r.name,
      sort_order: r.sortOrder,
      cloth: clothNumberOf(r.clothNumber),
      status: r.status,
      back_prices: r.back.map((l) => l.price),
      back_sizes: r.back.map((l) => l.sizeMinor),
      lay_prices: r.lay.map((l) => l.price),
      lay_sizes: r.lay.map((l) => l.sizeMinor),
      factor: r.status === 'removed' ? (r.adjustmentFactor ?? null) : null,
      // Never later than we saw it removed (a replay at max speed re-times removals into the future).
      removed_ms: r.status === 'removed' ? Math.min(r.removedAtMs ?? polledAtMs, polledAtMs) : null,
    })),
  );
  if (runners.length === 0) return [];
  // The runners, and the markets where one was removed or reinstated or its factor changed (or a
  // runner was added): `was` reads the rows as they were before this statement (one snapshot).
  const { rows: repriced } = await q.query<{ marketId: string }>(
    `WITH feed AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(market_id text, selection_id text, name text, sort_order int, cloth int, status text,
         back_prices int[], back_sizes bigint[], lay_prices int[], lay_sizes bigint[], factor numeric, removed_ms bigint)),
     was AS (
       SELECT r.market_id, r.selection_id, r.status, r.adjustment_factor FROM runners r
       JOIN feed f ON f.market_id = r.market_id AND f.selection_id = r.selection_id),
     written AS (
     INSERT INTO runners (market_id, selection_id, name, sort_order, cloth_number, status, back_prices, back_sizes_minor, lay_prices,
                          lay_sizes_minor, adjustment_factor, removed_at)
     SELECT r.market_id, r.selection_id, r.name, r.sort_order, r.cloth, r.status, r.back_prices, r.back_sizes, r.lay_prices, r.lay_sizes,
            r.factor, to_timestamp(r.removed_ms / 1000.0)
     FROM feed r
     ON CONFLICT (market_id, selection_id) DO UPDATE SET
       name = EXCLUDED.name, sort_order = EXCLUDED.sort_order,
       -- The race card's number: a message without it (a price update) keeps the one stored.
       cloth_number = coalesce(EXCLUDED.cloth_number, runners.cloth_number),
       status = CASE WHEN runners.status IN ('winner', 'loser') THEN runners.status ELSE EXCLUDED.status END,
       -- A non-runner keeps the factor and the time of its first removal (docs/racing-rules.md R-3).
       adjustment_factor = CASE WHEN runners.status IN ('winner', 'loser') THEN runners.adjustment_factor
                                WHEN EXCLUDED.status = 'removed' THEN coalesce(EXCLUDED.adjustment_factor, runners.adjustment_factor) END,
       removed_at = CASE WHEN runners.status IN ('winner', 'loser') THEN runners.removed_at
                         WHEN EXCLUDED.status = 'removed' THEN coalesce(runners.removed_at, EXCLUDED.removed_at) END,
       back_prices = EXCLUDED.back_prices, back_sizes_minor = EXCLUDED.back_sizes_minor,
       lay_prices = EXCLUDED.lay_prices, lay_sizes_minor = EXCLUDED.lay_sizes_minor
     RETURNING market_id, selection_id, status, adjustment_factor)
     SELECT DISTINCT w.market_id AS "marketId" FROM written w
     LEFT JOIN was ON was.market_id = w.market_id AND was.selection_id = w.selection_id
     WHERE was.market_id IS NULL OR (was.status = 'removed') <> (w.status = 'removed')
        OR (w.status = 'removed' AND was.adjustment_factor IS DISTINCT FROM w.adjustment_factor)`,
    [JSON.stringify(runners)],
  );
  return repriceRunnerPositions(
    q,
    repriced.map((r) => r.marketId),
  );
}

/** The wallets of `userIds` (balance and exposure), for the balance events after a re-pricing. */
export async function walletsOf(q: Queryable, userIds: readonly string[]): Promise<Array<{ userId: string; balanceMinor: bigint; exposureMinor: bigint }>> {
  if (userIds.length === 0) return [];
  const { rows } = await q.query<{ userId: string; balance: string; exposure: string }>(
    'SELECT user_id AS "userId", balance_minor::text AS balance, exposure_minor::text AS exposure FROM ledger_accounts WHERE user_id = ANY($1::uuid[])',
    [userIds],
  );
  return rows.map((r) => ({ userId: r.userId, balanceMinor: BigInt(r.balance), exposureMinor: BigInt(r.exposure) }));
}

/**
 * Re-prices every open position of `marketIds` (ADR 0046: a runner removed or reinstated; the
 * ingest calls it in the transaction that wrote the runner): the non-runners' bets void, the bets
 * matched before a removal at their reduced price, each wallet's exposure following. Returns the
 * users whose exposure changed.
 */
export async function repriceRunnerPositions(q: Queryable, marketIds: readonly string[]): Promise<string[]> {
  if (marketIds.length === 0) return [];
  const { rows } = await q.query<{ userId: string }>('SELECT user_id AS "userId" FROM reprice_runner_positions($1::text[])', [
    [...marketIds].sort(),
  ]);
  return rows.map((r) => r.userId);
}

export async function upsertFancies(q: Queryable, fancies: readonly FeedFancy[], polledAtMs = Date.now()): Promise<void> {
  if (fancies.length === 0) return;
  await q.query(
    `INSERT INTO fancies (id, event_id, name, gtype, sort_order, feed_status, no_run, no_rate, yes_run, yes_rate, result, feed_result,
                          resulted_at, min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec, fed_at)
     SELECT f.id, f.event_id, f.name, f.gtype, f.sort_order, f.feed_status, f.no_run, f.no_rate, f.yes_run, f.yes_rate, f.result,
            CASE WHEN f.feed_status = 'closed' THEN f.result END,
            CASE WHEN f.result IS NULL THEN NULL ELSE now() END,
            s.min_stake_minor, s.max_stake_minor, s.max_profit_minor, 0, to_timestamp(f.fed_ms / 1000.0)
     FROM jsonb_to_recordset($1::jsonb) AS f(id text, event_id text, name text, gtype text, sort_order int, feed_status text,
       no_run int, no_rate int, yes_run int, yes_rate int, result int, fed_ms bigint)
     JOIN events e ON e.id = f.event_id JOIN sports s ON s.sport_id = e.sport_id
     ON CONFLICT (id) DO UPDATE SET
       name = EXCLUDED.name, gtype = EXCLUDED.gtype, sort_order = EXCLUDED.sort_order,
       fed_at = greatest(fancies.fed_at, EXCLUDED.fed_at),
       ${HOLD_ON_UPSERT('fancies')},
       no_run = CASE WHEN fancies.feed_status = 'closed' THEN fancies.no_run ELSE EXCLUDED.no_run END,
       no_rate = CASE WHEN fancies.feed_status = 'closed' THEN fancies.no_rate ELSE EXCLUDED.no_rate END,
       yes_run = CASE WHEN fancies.feed_status = 'closed' THEN fancies.yes_run ELSE EXCLUDED.yes_run END,
       yes_rate = CASE WHEN fancies.feed_status = 'closed' THEN fancies.yes_rate ELSE EXCLUDED.yes_rate END,
       result = CASE WHEN fancies.feed_status = 'closed' THEN fancies.result ELSE EXCLUDED.result END,
       feed_result = CASE WHEN EXCLUDED.feed_status = 'closed' THEN EXCLUDED.result ELSE fancies.feed_result END,
       resulted_at = coalesce(fancies.resulted_at, EXCLUDED.resulted_at),
       version = fancies.version + 1, updated_at = now()`,
    [
      JSON.stringify(
        fancies.map((f) => ({
          id: f.fancyId,
          event_id: f.eventId,
          name: f.name,
          gtype: f.gtype,
          sort_order: f.sortOrder,
          feed_status: f.status,
          no_run: f.noRun,
          no_rate: f.noRate,
          yes_run: f.yesRun,
          yes_rate: f.yesRate,
          result: f.result,
          fed_ms: fedMs(f, polledAtMs),
        })),
      ),
    ],
  );
}

export async function upsertScores(q: Queryable, scores: readonly FeedScore[]): Promise<void> {
  if (scores.length === 0) return;
  await q.query(
    `INSERT INTO scores (event_id, home, away, summary, detail, in_play, ball_running, updated_at)
     SELECT s.event_id, s.home, s.away, s.summary, s.detail, s.in_play, s.ball_running, to_timestamp(s.updated_ms / 1000.0)
     FROM jsonb_to_recordset($1::jsonb) AS s(event_id text, home text, away text, summary text, detail text[], in_play boolean,
       ball_running boolean, updated_ms bigint)
     ON CONFLICT (event_id) DO UPDATE SET
       home = EXCLUDED.home, away = EXCLUDED.away, summary = EXCLUDED.summary, detail = EXCLUDED.detail,
       in_play = EXCLUDED.in_play, ball_running = EXCLUDED.ball_running, updated_at = EXCLUDED.updated_at`,
    [
      JSON.stringify(
        scores.map((s) => ({
          event_id: s.eventId,
          home: s.home,
          away: s.away,
          summary: s.summary,
          detail: s.detail,
          in_play: s.inPlay,
          ball_running: s.ballRunning,
          updated_ms: s.updatedAtMs,
        })),
      ),
    ],
  );
}

/**
 * Closes what is still open on events the provider dropped: markets are voided, fancies close
 * without a result (void). Returns the ids it closed.
 */
export async function voidOpenMarketsOf(q: Queryable, eventIds: readonly string[]): Promise<{ marketIds: string[]; fancyIds: string[] }> {
  if (eventIds.length === 0) return { marketIds: [], fancyIds: [] };
  const markets = await q.query<{ id: string }>(
    `UPDATE markets SET feed_status = 'closed', result = 'void', feed_result = 'void', resulted_at = now(), hold_reason = NULL, held_at = NULL,
            version = version + 1, updated_at = now()
     WHERE event_id = ANY($1::text[]) AND feed_status <> 'closed' RETURNING id`,
    [eventIds],
  );
  const fancies = await q.query<{ id: string }>(
    `UPDATE fancies SET feed_status = 'closed', resulted_at = now(), hold_reason = NULL, held_at = NULL, version = version + 1, updated_at = now()
     WHERE event_id = ANY($1::text[]) AND feed_status <> 'closed' RETURNING id`,
    [eventIds],
  );
  return { marketIds: markets.rows.map((r) => r.id), fancyIds: fancies.rows.map((r) => r.id) };
}

/**
 * Holds every open market and fancy of the feed suspended as 'stale' from `heldAtMs` (ADR 0039:
 * the provider went silent, lost its connection or reconnected); a market held for turning in
 * play becomes stale too. Casino markets are the engine's, not the feed's. Returns what it held.
 */
export async function holdStale(q: Queryable, heldAtMs: number, eventIds: readonly string[] | null = null): Promise<{ marketIds: string[]; fancyIds: string[] }> {
  // eventIds: only the markets of these events (a stale part of several providers, ADR 0047); null: every one.
  const markets = await q.query<{ id: string }>(
    `UPDATE markets SET feed_status = 'suspended', hold_reason = 'stale', held_at = to_timestamp($1 / 1000.0),
            version = version + 1, updated_at = now()
     WHERE market_type <> 'casino' AND ((feed_status = 'open' AND hold_reason IS NULL) OR hold_reason = 'in_play')
       AND ($2::text[] IS NULL OR event_id = ANY($2::text[])) RETURNING id`,
    [heldAtMs, eventIds],
  );
  const fancies = await q.query<{ id: string }>(
    `UPDATE fancies SET feed_status = 'suspended', hold_reason = 'stale', held_at = to_timestamp($1 / 1000.0),
            version = version + 1, updated_at = now()
     WHERE feed_status = 'open' AND hold_reason IS NULL AND ($2::text[] IS NULL OR event_id = ANY($2::text[])) RETURNING id`,
    [heldAtMs, eventIds],
  );
  return { marketIds: markets.rows.map((r) => r.id), fancyIds: fancies.rows.map((r) => r.id) };
}

/** The feed's markets and fancies (not casino markets) by stored status, with the ingest's holds and admins' suspensions. */
export async function feedMarketCounts(q: Queryable): Promise<FeedMarketCounts> {
  const { rows } = await q.query<FeedMarketCounts>(
    `SELECT count(*) FILTER (WHERE feed_status = 'open')::int AS open,
            count(*) FILTER (WHERE feed_status = 'suspended')::int AS suspended,
            count(*) FILTER (WHERE feed_status = 'ball_running')::int AS "ballRunning",
            count(*) FILTER (WHERE feed_status = 'closed')::int AS closed,
            count(*) FILTER (WHERE hold_reason = 'stale')::int AS "heldStale",
            count(*) FILTER (WHERE hold_reason = 'in_play')::int AS "heldInPlay",
            count(*) FILTER (WHERE admin_suspended AND feed_status <> 'closed')::int AS "adminSuspended"
     FROM (SELECT feed_status, hold_reason, admin_suspended FROM markets WHERE market_type <> 'casino'
           UNION ALL SELECT feed_status, hold_reason, admin_suspended FROM fancies) AS feed`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('feedMarketCounts: no row');
  return row;
}

// ---- reads ----

export async function marketsByIds(q: Queryable, ids: readonly string[]): Promise<MarketRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<RawMarket>(`${MARKET_SELECT} WHERE m.id = ANY($1::text[]) ORDER BY m.event_id, m.sort_order`, [ids]);
  return rows.map(toMarketRow);
}

/** Markets of an event in display order; `activeOnly` for players. */
export async function marketsOfEvent(q: Queryable, eventId: string, activeOnly: boolean): Promise<MarketRow[]> {
  const { rows } = await q.query<RawMarket>(`${MARKET_SELECT} WHERE m.event_id = $1 AND (m.active OR NOT $2) ORDER BY m.sort_order, m.id`, [
    eventId,
    activeOnly,
  ]);
  return rows.map(toMarketRow);
}

/** The active match odds market of each event (list screens). */
export async function activeMatchOddsOf(q: Queryable, eventIds: readonly string[]): Promise<MarketRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await q.query<RawMarket>(
    `${MARKET_SELECT} WHERE m.event_id = ANY($1::text[]) AND m.market_type = 'match_odds' AND m.active ORDER BY m.event_id, m.sort_order`,
    [eventIds],
  );
  return rows.map(toMarketRow);
}

export async function findMarket(q: Queryable, marketId: string, options: { lock?: boolean } = {}): Promise<MarketRow | null> {
  if (options.lock === true) await q.query('SELECT 1 FROM markets WHERE id = $1 FOR UPDATE', [marketId]);
  const [row] = await marketsByIds(q, [marketId]);
  return row ?? null;
}

export async function fanciesByIds(q: Queryable, ids: readonly string[]): Promise<FancyRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<RawFancy>(`${FANCY_SELECT} WHERE f.id = ANY($1::text[]) ORDER BY f.event_id, f.sort_order`, [ids]);
  return rows.map(toFancyRow);
}

export interface FancyFilter {
  activeOnly: boolean;
  /** null: every kind. */
  gtype: string | null;
  /** Leave out closed fancies. */
  openOnly: boolean;
}

export async function fanciesOfEvent(q: Queryable, eventId: string, filter: FancyFilter): Promise<FancyRow[]> {
  const { rows } = await q.query<RawFancy>(
    `${FANCY_SELECT} WHERE f.event_id = $1 AND (f.active OR NOT $2) AND ($3::text IS NULL OR f.gtype = $3)
       AND (f.feed_status <> 'closed' OR NOT $4)
     ORDER BY f.sort_order, f.id`,
    [eventId, filter.activeOnly, filter.gtype, filter.openOnly],
  );
  return rows.map(toFancyRow);
}

export async function findFancy(q: Queryable, fancyId: string, options: { lock?: boolean } = {}): Promise<FancyRow | null> {
  const { rows } = await q.query<RawFancy>(`${FANCY_SELECT} WHERE f.id = $1${options.lock === true ? ' FOR UPDATE' : ''}`, [fancyId]);
  const row = rows[0];
  return row === undefined ? null : toFancyRow(row);
}

const SCORE_SELECT = `SELECT sc.event_id AS "eventId", e.sport_id AS "sportId", sc.home, sc.away, sc.summary, sc.detail,
  sc.in_play AS "inPlay", sc.ball_running AS "ballRunning", sc.updated_at AS "updatedAt"
  FROM scores sc JOIN events e ON e.id = sc.event_id`;

export async function scoresByEventIds(q: Queryable, eventIds: readonly string[]): Promise<ScoreRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await q.query<ScoreRow>(`${SCORE_SELECT} WHERE sc.event_id = ANY($1::text[])`, [eventIds]);
  return rows;
}

export async function scoreOf(q: Queryable, eventId: string): Promise<ScoreRow | null> {
  const [row] = await scoresByEventIds(q, [eventId]);
  return row ?? null;
}

// ---- admin writes ----

/** Switches every market and fancy of an event on (save-match with syncData); returns the ids switched. */
export async function activateAllOf(q: Queryable, eventId: string): Promise<{ marketIds: string[]; fancyIds: string[] }> {
  const markets = await q.query<{ id: string }>('UPDATE markets SET active = true WHERE event_id = $1 AND NOT active RETURNING id', [eventId]);
  const fancies = await q.query<{ id: string }>('UPDATE fancies SET active = true WHERE event_id = $1 AND NOT active RETURNING id', [eventId]);
  return { marketIds: markets.rows.map((r) => r.id), fancyIds: fancies.rows.map((r) => r.id) };
}

/** Ids of every market and fancy of an event. */
export async function idsOfEvent(q: Queryable, eventId: string): Promise<{ marketIds: string[]; fancyIds: string[] }> {
  const markets = await q.query<{ id: string }>('SELECT id FROM markets WHERE event_id = $1', [eventId]);
  const fancies = await q.query<{ id: string }>('SELECT id FROM fancies WHERE event_id = $1', [eventId]);
  return { marketIds: markets.rows.map((r) => r.id), fancyIds: fancies.rows.map((r) => r.id) };
}

export interface AdminSwitches extends LimitsRow {
  active: boolean;
  adminSuspended: boolean;
}

export async function updateMarketSwitches(q: Queryable, marketId: string, s: AdminSwitches): Promise<void> {
  await q.query(
    `UPDATE markets SET active = $2, admin_suspended = $3, min_stake_minor = $4, max_stake_minor = $5, max_profit_minor = $6,
            bet_delay_sec = $7, updated_at = now()
     WHERE id = $1`,
    [marketId, s.active, s.adminSuspended, s.minStakeMinor.toString(), s.maxStakeMinor.toString(), s.maxProfitMinor.toString(), s.betDelaySec],
  );
}

export async function updateFancySwitches(q: Queryable, fancyId: string, s: AdminSwitches): Promise<void> {
  await q.query(
    `UPDATE fancies SET active = $2, admin_suspended = $3, min_stake_minor = $4, max_stake_minor = $5, max_profit_minor = $6,
            bet_delay_sec = $7, updated_at = now()
     WHERE id = $1`,
    [fancyId, s.active, s.adminSuspended, s.minStakeMinor.toString(), s.maxStakeMinor.toString(), s.maxProfitMinor.toString(), s.betDelaySec],
  );
}
