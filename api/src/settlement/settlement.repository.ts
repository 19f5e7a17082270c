/**
 * All SQL of results and settlement: the calls of settle_market / rollback_settlement
 * (migration 0011), the feed's pending results, the results lists, and the reads and writes of a
 * void (bets → voided, positions rebuilt, wallet exposure).
 */
import type { BetMarketType, DeclaredResult } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';
import type { StoredPnl } from '../betting/positions';

export type SettleOutcome = 'SETTLED' | 'ALREADY_SETTLED' | 'DIFFERENT_RESULT' | 'SKIPPED' | 'NOT_FOUND';

export interface SettleRow {
  outcome: SettleOutcome;
  settlementId: string | null;
  version: number | null;
  journalId: string | null;
  bets: number;
  users: number;
  usersPnlMinor: bigint;
  commissionMinor: bigint;
}

/**
 * A casino round's result (docs/rules/casino-games.md §1.0.3), settled as ONE settlement of every market of the
 * round: per market code, per runner, how a back bet settles (a lay is its negation). The
 * settlement's key is the round's (`c<roundId>`) and its markets are `<key>.<code>`, one per code
 * here; settle_market checks every runner with an open bet has an outcome.
 */
export interface CasinoRoundResult {
  type: 'CASINO_ROUND';
  /** The round id, for the journal's words ("Settlement of 20-20 Dragon Tiger round 42"). */
  round: string;
  outcomes: Readonly<Record<string, Readonly<Record<string, { rule: string; profit?: number }>>>>;
}

/** settle_market(p_market, p_result, p_source, p_actor): one market (or casino round), set-based, in the caller's transaction. */
export async function settleMarket(
  q: Queryable,
  marketId: string,
  result: DeclaredResult | CasinoRoundResult,
  source: 'feed' | 'admin' | 'casino',
  actorId: string | null,
): Promise<SettleRow> {
  const { rows } = await q.query<{
    outcome: SettleOutcome;
    settlementId: string | null;
    version: number | null;
    journalId: string | null;
    bets: number;
    users: number;
    usersPnl: string;
    commission: string;
  }>(
    `SELECT outcome, settlement_id AS "settlementId", settlement_version AS version, journal_id AS "journalId",
            bet_count AS bets, user_count AS users, users_pnl::text AS "usersPnl", commission_total::text AS commission
     FROM settle_market($1, $2::jsonb, $3, $4)`,
    [marketId, JSON.stringify(result), source, actorId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('settle_market returned no row');
  return { ...row, usersPnlMinor: BigInt(row.usersPnl), commissionMinor: BigInt(row.commission) };
}

export type RollbackOutcome = 'ROLLED_BACK' | 'NOT_SETTLED' | 'UNDERFUNDED' | 'NOT_FOUND';

export interface RollbackRow {
  outcome: RollbackOutcome;
  settlementId: string | null;
  version: number | null;
  journalId: string | null;
  /** UNDERFUNDED: the usernames whose wallet would go below zero. */
  underfunded: string[] | null;
}

/** rollback_settlement(p_market, p_actor) in the caller's transaction. */
export async function rollbackSettlement(q: Queryable, marketId: string, actorId: string | null): Promise<RollbackRow> {
  const { rows } = await q.query<RollbackRow>(
    `SELECT outcome, settlement_id AS "settlementId", settlement_version AS version, journal_id AS "journalId", underfunded
     FROM rollback_settlement($1, $2)`,
    [marketId, actorId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('rollback_settlement returned no row');
  return row;
}

export interface SettlementRecord {
  id: string;
  marketId: string;
  version: number;
  result: DeclaredResult;
  source: 'feed' | 'admin';
  journalId: string | null;
  bets: number;
  users: number;
  usersPnlMinor: bigint;
  commissionMinor: bigint;
  createdAt: Date;
}

export async function findSettlement(q: Queryable, settlementId: string): Promise<SettlementRecord | null> {
  const { rows } = await q.query<Omit<SettlementRecord, 'usersPnlMinor' | 'commissionMinor'> & { usersPnl: string; commission: string }>(
    `SELECT id, market_id AS "marketId", version, result, source, journal_id AS "journalId", bets, users,
            users_pnl_minor::text AS "usersPnl", commission_minor::text AS commission, created_at AS "createdAt"
     FROM settlements WHERE id = $1`,
    [settlementId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const { usersPnl, commission, ...rest } = row;
  return { ...rest, usersPnlMinor: BigInt(usersPnl), commissionMinor: BigInt(commission) };
}

/** The players with a position on the market (whose wallets a settlement or rollback touches). */
/** The players of a settlement (every player who had a bet in it). */
export async function usersOfSettlement(q: Queryable, settlementId: string): Promise<string[]> {
  const { rows } = await q.query<{ userId: string }>('SELECT user_id AS "userId" FROM settlement_users WHERE settlement_id = $1', [settlementId]);
  return rows.map((r) => r.userId);
}

export async function usersWithPositions(q: Queryable, marketId: string): Promise<string[]> {
  const { rows } = await q.query<{ userId: string }>('SELECT user_id AS "userId" FROM positions WHERE market_id = $1', [marketId]);
  return rows.map((r) => r.userId);
}

export interface WalletFigures {
  userId: string;
  balanceMinor: bigint;
  exposureMinor: bigint;
}

export async function walletsOf(q: Queryable, userIds: readonly string[]): Promise<WalletFigures[]> {
  if (userIds.length === 0) return [];
  const { rows } = await q.query<{ userId: string; balance: string; exposure: string }>(
    `SELECT user_id AS "userId", balance_minor::text AS balance, exposure_minor::text AS exposure
     FROM ledger_accounts WHERE user_id = ANY($1::uuid[])`,
    [userIds],
  );
  return rows.map((r) => ({ userId: r.userId, balanceMinor: BigInt(r.balance), exposureMinor: BigInt(r.exposure) }));
}

/** Markets and fancies with a feed result, open bets and no settlement row at all (live or rolled back). */
export async function feedResultsToSettle(
  q: Queryable,
): Promise<Array<{ marketId: string; kind: 'market' | 'fancy'; marketResult: string | null; marketPlaced: string[] | null; fancyStatus: string | null; fancyRuns: number | null }>> {
  const { rows } = await q.query<{
    marketId: string;
    kind: 'market' | 'fancy';
    marketResult: string | null;
    marketPlaced: string[] | null;
    fancyStatus: string | null;
    fancyRuns: number | null;
  }>(
    `WITH open_markets AS (SELECT DISTINCT market_id FROM bets WHERE status = 'open')
     SELECT o.market_id AS "marketId", CASE WHEN m.id IS NULL THEN 'fancy' ELSE 'market' END AS kind,
            m.feed_result AS "marketResult", m.feed_placed AS "marketPlaced", f.feed_status AS "fancyStatus", f.feed_result AS "fancyRuns"
     FROM open_markets o
     LEFT JOIN markets m ON m.id = o.market_id
     LEFT JOIN fancies f ON f.id = o.market_id
     WHERE (m.feed_result IS NOT NULL OR m.feed_placed IS NOT NULL OR f.feed_status = 'closed')
       AND NOT EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = o.market_id)
     ORDER BY o.market_id`,
  );
  return rows;
}

/**
 * Whether `id` names a live-casino market (a market of a casino event) or a casino round's key
 * (`c<roundId>`, ADR 0016): the result routes refuse both (ADR 0032).
 */
export async function isCasinoMarket(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query<{ casino: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = $1 AND e.kind = 'casino')
            OR CASE WHEN $1 ~ '^c[0-9]{1,18}$' THEN EXISTS (SELECT 1 FROM casino_rounds r WHERE r.id = substr($1, 2)::bigint) ELSE false END
            AS casino`,
    [id],
  );
  return rows[0]?.casino === true;
}

/** The feed's stored result of a market or fancy (null: no such market). */
export async function feedResultOf(
  q: Queryable,
  marketId: string,
): Promise<{ kind: 'market' | 'fancy'; marketResult: string | null; marketPlaced: string[] | null; fancyStatus: string | null; fancyRuns: number | null } | null> {
  const market = await q.query<{ marketResult: string | null; marketPlaced: string[] | null }>(
    'SELECT feed_result AS "marketResult", feed_placed AS "marketPlaced" FROM markets WHERE id = $1',
    [marketId],
  );
  const m = market.rows[0];
  if (m !== undefined) return { kind: 'market', marketResult: m.marketResult, marketPlaced: m.marketPlaced, fancyStatus: null, fancyRuns: null };
  const fancy = await q.query<{ fancyStatus: string; fancyRuns: number | null }>(
    'SELECT feed_status AS "fancyStatus", feed_result AS "fancyRuns" FROM fancies WHERE id = $1',
    [marketId],
  );
  const f = fancy.rows[0];
  return f === undefined ? null : { kind: 'fancy', marketResult: null, marketPlaced: null, ...f };
}

export interface ResultRow {
  marketId: string;
  marketType: BetMarketType;
  matchId: string;
  matchName: string;
  sportId: number;
  marketName: string;
  numberOfWinners: number;
  runners: Array<{ selectionId: string; name: string; clothNumber: number | null }>;
  openBets: number;
  marketResult: string | null;
  /** A racing PLACE market's placed runners from the feed (null: none yet). */
  marketPlaced: string[] | null;
  fancyStatus: string | null;
  fancyRuns: number | null;
  settlement: { version: number; result: DeclaredResult; settledAt: Date; source: 'feed' | 'admin' } | null;
}

const RESULT_COLUMNS = `
  coalesce(m.market_type, 'fancy') AS "marketType", e.id AS "matchId", e.name AS "matchName", e.sport_id AS "sportId",
  coalesce(m.name, f.name) AS "marketName", coalesce(m.number_of_winners, 1) AS "numberOfWinners",
  coalesce((SELECT json_agg(json_build_object('selectionId', r.selection_id, 'name', r.name, 'clothNumber', r.cloth_number) ORDER BY r.sort_order)
            FROM runners r WHERE r.market_id = m.id AND r.status <> 'removed'), '[]'::json) AS runners,
  m.feed_result AS "marketResult", m.feed_placed AS "marketPlaced", f.feed_status AS "fancyStatus", f.feed_result AS "fancyRuns"`;

/** Markets and fancies with open bets and no live settlement, by match start. */
export async function pendingResults(q: Queryable, sportId: number | null): Promise<ResultRow[]> {
  const { rows } = await q.query<Omit<ResultRow, 'settlement'>>(
    `WITH open_markets AS (SELECT market_id, count(*)::int AS n FROM bets WHERE status = 'open' GROUP BY market_id)
     SELECT o.market_id AS "marketId", o.n AS "openBets", ${RESULT_COLUMNS}
     FROM open_markets o
     LEFT JOIN markets m ON m.id = o.market_id
     LEFT JOIN fancies f ON f.id = o.market_id
     JOIN events e ON e.id = coalesce(m.event_id, f.event_id)
     WHERE NOT EXISTS (SELECT 1 FROM settlements s WHERE s.market_id = o.market_id AND s.reversed_at IS NULL)
       AND e.kind = 'sport' AND ($1::int IS NULL OR e.sport_id = $1)
     ORDER BY e.open_date, e.id, coalesce(m.sort_order, f.sort_order), o.market_id`,
    [sportId],
  );
  return rows.map((r) => ({ ...r, settlement: null }));
}

/**
 * The feed's result as a DeclaredResult in SQL (null while the feed has none), the same as
 * result-rules.ts feedMarketResult / feedFancyResult, so jsonb equality compares it with a
 * settlement's canonical result.
 */
const FEED_RESULT_JSON = `CASE
    WHEN m.id IS NOT NULL THEN CASE WHEN m.feed_result = 'void' THEN '{"type":"VOID"}'::jsonb
                                    WHEN m.feed_placed IS NOT NULL THEN jsonb_build_object('type', 'PLACED', 'selectionIds', to_jsonb(m.feed_placed))
                                    WHEN m.feed_result IS NULL THEN NULL
                                    ELSE jsonb_build_object('type', 'WINNER', 'selectionId', m.feed_result) END
    WHEN f.feed_status = 'closed' THEN CASE WHEN f.feed_result IS NULL THEN '{"type":"VOID"}'::jsonb
                                            ELSE jsonb_build_object('type', 'RUNS', 'runs', f.feed_result) END
  END`;

type SettlementRowRaw = Omit<ResultRow, 'settlement'> & { version: number; result: DeclaredResult; settledAt: Date; source: 'feed' | 'admin' };

/**
 * Live settlements, newest first: all of them (at most `limit`), or only those whose result
 * differs from the feed's result (`onlyFeedDiffers`).
 */
async function liveSettlements(q: Queryable, sportId: number | null, options: { limit: number | null; onlyFeedDiffers: boolean }): Promise<ResultRow[]> {
  const { rows } = await q.query<SettlementRowRaw>(
    `SELECT s.market_id AS "marketId", s.version, s.result, s.created_at AS "settledAt", s.source,
            (SELECT count(*)::int FROM bets b WHERE b.market_id = s.market_id AND b.status = 'open') AS "openBets", ${RESULT_COLUMNS}
     FROM settlements s
     LEFT JOIN markets m ON m.id = s.market_id
     LEFT JOIN fancies f ON f.id = s.market_id
     JOIN events e ON e.id = s.match_id
     WHERE s.reversed_at IS NULL AND e.kind = 'sport' AND ($1::int IS NULL OR e.sport_id = $1)
       ${options.onlyFeedDiffers ? `AND (${FEED_RESULT_JSON}) IS NOT NULL AND (${FEED_RESULT_JSON}) <> s.result` : ''}
     ORDER BY s.created_at DESC, s.id
     LIMIT $2`,
    [sportId, options.limit],
  );
  return rows.map(({ version, result, settledAt, source, ...rest }) => ({ ...rest, settlement: { version, result, settledAt, source } }));
}

/** Live settlements, newest first (at most `limit`). */
export function settledResults(q: Queryable, sportId: number | null, limit: number): Promise<ResultRow[]> {
  return liveSettlements(q, sportId, { limit, onlyFeedDiffers: false });
}

/** Live settlements whose result differs from the feed's result, newest first. */
export function mismatchedResults(q: Queryable, sportId: number | null): Promise<ResultRow[]> {
  return liveSettlements(q, sportId, { limit: null, onlyFeedDiffers: true });
}

// ---- voids ----

export interface VoidCandidate {
  id: string;
  userId: string;
  marketId: string;
  marketType: BetMarketType;
  status: 'open' | 'settled' | 'voided';
  /** The owner's ancestors, root first. */
  ancestors: string[];
  /** A live-casino bet: it settles with its round only (ADR 0032). */
  casino: boolean;
}

export async function betsForVoid(q: Queryable, betIds: readonly string[], lock = false): Promise<VoidCandidate[]> {
  const { rows } = await q.query<VoidCandidate>(
    `SELECT b.id, b.user_id AS "userId", b.market_id AS "marketId", b.market_type AS "marketType", b.status,
            u.ancestors::text[] AS ancestors, b.market_type = 'casino' AS casino
     FROM bets b JOIN users u ON u.id = b.user_id
     WHERE b.id = ANY($1::uuid[])
     ORDER BY b.id${lock ? ' FOR UPDATE OF b' : ''}`,
    [betIds],
  );
  return rows;
}

/** Locks market and fancy rows (ids sorted) FOR UPDATE: a void never runs beside a settlement of the same market. */
export async function lockMarkets(q: Queryable, marketIds: readonly string[]): Promise<void> {
  const ids = [...new Set(marketIds)].sort();
  await q.query('SELECT 1 FROM markets WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [ids]);
  await q.query('SELECT 1 FROM fancies WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [ids]);
}

/** Locks the wallets of the users in id order; returns their figures and usernames. */
export async function lockWallets(
  q: Queryable,
  userIds: readonly string[],
): Promise<Array<WalletFigures & { accountId: string; username: string }>> {
  const { rows } = await q.query<{ accountId: string; userId: string; username: string; balance: string; exposure: string }>(
    `SELECT a.id AS "accountId", a.user_id AS "userId", u.username, a.balance_minor::text AS balance, a.exposure_minor::text AS exposure
     FROM ledger_accounts a JOIN users u ON u.id = a.user_id
     WHERE a.user_id = ANY($1::uuid[])
     ORDER BY a.id FOR UPDATE OF a`,
    [[...new Set(userIds)]],
  );
  return rows.map((r) => ({ accountId: r.accountId, userId: r.userId, username: r.username, balanceMinor: BigInt(r.balance), exposureMinor: BigInt(r.exposure) }));
}

export async function markVoided(q: Queryable, betIds: readonly string[], reason: string, actorId: string | null): Promise<void> {
  await q.query(
    `UPDATE bets SET status = 'voided', pnl_minor = 0, settled_at = clock_timestamp(), void_reason = $2, voided_by = $3
     WHERE id = ANY($1::uuid[]) AND status = 'open'`,
    [betIds, reason, actorId],
  );
}

export interface OpenBetRow {
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  selectionId: string;
  stakeMinor: number;
  oddsHundredths: number;
  runLine: number | null;
}

/** A position with the open bets it is made of. */
/** How many winners a market has (1; a racing PLACE market more: docs/racing-rules.md R-2). */
export async function numberOfWinners(q: Queryable, marketId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>('SELECT number_of_winners AS n FROM markets WHERE id = $1', [marketId]);
  return rows[0]?.n ?? 1;
}

export async function positionWithOpenBets(
  q: Queryable,
  userId: string,
  marketId: string,
): Promise<{ marketType: BetMarketType; pnl: StoredPnl; exposureMinor: bigint; numberOfWinners: number; bets: OpenBetRow[] } | null> {
  const position = await q.query<{ marketType: BetMarketType; pnl: StoredPnl; exposure: string; numberOfWinners: number }>(
    `SELECT p.market_type AS "marketType", p.pnl, p.exposure_minor::text AS exposure, coalesce(m.number_of_winners, 1) AS "numberOfWinners"
     FROM positions p LEFT JOIN markets m ON m.id = p.market_id WHERE p.user_id = $1 AND p.market_id = $2`,
    [userId, marketId],
  );
  const row = position.rows[0];
  if (row === undefined) return null;
  // A racing market's non-runners (ADR 0046): a bet on one is void, left out; a bet matched before
  // a removal counts at its reduced price (reduced_odds), as reprice_runner_positions stored it.
  const bets = await q.query<OpenBetRow & { stakeMinor: string }>(
    `SELECT b.side, b.selection_id AS "selectionId", b.stake_minor::text AS "stakeMinor",
            CASE WHEN cardinality(rm.gone) = 0 THEN b.odds_hundredths
                 ELSE reduced_odds(b.odds_hundredths, b.created_at, rm.factors, rm.removed_at) END AS "oddsHundredths",
            b.run_line AS "runLine"
     FROM bets b
     CROSS JOIN (SELECT coalesce(array_agg(r.selection_id), '{}') AS gone, coalesce(array_agg(r.adjustment_factor), '{}') AS factors,
                        coalesce(array_agg(r.removed_at), '{}') AS removed_at
                 FROM runners r WHERE r.market_id = $2 AND r.status = 'removed') rm
     WHERE b.user_id = $1 AND b.market_id = $2 AND b.status = 'open' AND NOT (b.selection_id = ANY (rm.gone))
     ORDER BY b.created_at, b.id`,
    [userId, marketId],
  );
  return {
    marketType: row.marketType,
    pnl: row.pnl,
    exposureMinor: BigInt(row.exposure),
    numberOfWinners: row.numberOfWinners,
    bets: bets.rows.map((b) => ({ ...b, stakeMinor: Number(b.stakeMinor) })),
  };
}

export async function updatePosition(q: Queryable, userId: string, marketId: string, pnl: StoredPnl, exposureMinor: bigint): Promise<void> {
  await q.query('UPDATE positions SET pnl = $3::jsonb, exposure_minor = $4, updated_at = now() WHERE user_id = $1 AND market_id = $2', [
    userId,
    marketId,
    JSON.stringify(pnl),
    exposureMinor.toString(),
  ]);
}

export async function setWalletExposure(q: Queryable, accountId: string, exposureMinor: bigint): Promise<void> {
  await q.query('UPDATE ledger_accounts SET exposure_minor = $2 WHERE id = $1', [accountId, exposureMinor.toString()]);
}
