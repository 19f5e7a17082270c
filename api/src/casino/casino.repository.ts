/**
 * All SQL of the live casino: tables, seed chains, rounds and the markets a round opens. Bets,
 * positions and settlement are NOT here: a round's markets are ordinary `markets`/`runners` rows
 * of type 'casino', so placement (place_runner_bet) and settlement (settle_market) are the
 * sports path's, called through their own domains.
 */
import type { Queryable } from '../db/database';

export interface TableRow {
  matchId: string;
  gameCode: string;
  title: string;
  categoryId: number;
  config: Record<string, unknown>;
  bettingSeconds: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxProfitMinor: bigint;
  enabled: boolean;
  sortOrder: number;
}

/** A table to create: everything but the admin's switch (a new table starts enabled). */
export type TableSeed = Omit<TableRow, 'enabled'>;

export type RoundStatus = 'OPEN' | 'CLOSED' | 'SETTLED' | 'VOID';

/** What the engine's tick needs of a round: everything but the deal and its outcomes. */
export type RoundHead = Omit<RoundRow, 'cards' | 'hands' | 'win' | 'rdesc' | 'outcomes' | 'voidReason'>;

export interface RoundRow {
  id: string;
  matchId: string;
  gameCode: string;
  chainId: string;
  nonce: number;
  config: Record<string, unknown>;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  status: RoundStatus;
  openedAt: Date;
  closesAt: Date;
  closedAt: Date | null;
  settleAt: Date | null;
  settledAt: Date | null;
  cards: string[] | null;
  hands: Record<string, string[]> | null;
  win: string | null;
  rdesc: string | null;
  outcomes: Record<string, Record<string, { rule: string; profit?: number }>> | null;
  voidReason: string | null;
}

export interface ChainRow {
  id: string;
  matchId: string;
  length: number;
  secret: string;
  commitment: string;
  salt: string | null;
  used: number;
}

export interface RoundMarketRow {
  marketId: string;
  name: string;
  sortOrder: number;
  feedStatus: string;
  adminSuspended: boolean;
  minStakeMinor: string;
  maxStakeMinor: string;
  runners: Array<{ selectionId: string; name: string; back: number | null; lay: number | null }>;
}

const TABLE_COLUMNS = `t.match_id AS "matchId", t.game_code AS "gameCode", t.title, t.category_id AS "categoryId", t.config,
  t.betting_seconds AS "bettingSeconds", t.min_stake_minor AS "minStakeMinor", t.max_stake_minor AS "maxStakeMinor",
  t.max_profit_minor AS "maxProfitMinor", t.enabled, t.sort_order AS "sortOrder"`;

const ROUND_HEAD_COLUMNS = `r.id::text AS id, r.match_id AS "matchId", r.game_code AS "gameCode", r.chain_id::text AS "chainId", r.nonce,
  r.config, r.server_seed AS "serverSeed", r.server_seed_hash AS "serverSeedHash", r.client_seed AS "clientSeed", r.status,
  r.opened_at AS "openedAt", r.closes_at AS "closesAt", r.closed_at AS "closedAt", r.settle_at AS "settleAt",
  r.settled_at AS "settledAt"`;

const ROUND_COLUMNS = `${ROUND_HEAD_COLUMNS}, r.cards, r.hands, r.win, r.rdesc, r.outcomes, r.void_reason AS "voidReason"`;

interface TableRaw extends Omit<TableRow, 'minStakeMinor' | 'maxStakeMinor' | 'maxProfitMinor'> {
  minStakeMinor: string;
  maxStakeMinor: string;
  maxProfitMinor: string;
}

const toTable = (row: TableRaw): TableRow => ({
  ...row,
  minStakeMinor: BigInt(row.minStakeMinor),
  maxStakeMinor: BigInt(row.maxStakeMinor),
  maxProfitMinor: BigInt(row.maxProfitMinor),
});

/**
 * Creates the tables the operator runs that do not exist yet (an events row of kind 'casino' and
 * its casino_tables row). An existing table keeps its settings: the admin's switch and limits win.
 */
export async function ensureTables(q: Queryable, seeds: readonly TableSeed[]): Promise<void> {
  for (const seed of seeds) {
    await q.query(
      `INSERT INTO events (id, kind, sport_id, name, open_date, status, in_play, imported, active)
       VALUES ($1, 'casino', NULL, $2, now(), 'inplay', true, false, true)
       ON CONFLICT (id) DO NOTHING`,
      [seed.matchId, seed.title],
    );
    await q.query(
      `INSERT INTO casino_tables (match_id, game_code, title, category_id, config, betting_seconds, min_stake_minor,
                                  max_stake_minor, max_profit_minor, sort_order)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)
       ON CONFLICT (match_id) DO NOTHING`,
      [
        seed.matchId,
        seed.gameCode,
        seed.title,
        seed.categoryId,
        JSON.stringify(seed.config),
        seed.bettingSeconds,
        seed.minStakeMinor.toString(),
        seed.maxStakeMinor.toString(),
        seed.maxProfitMinor.toString(),
        seed.sortOrder,
      ],
    );
  }
}

/**
 * Every table (or the tables `matchIds`) with the head of its newest round (any status), in one
 * statement: the engine's view of the tables with something due (a live round is its newest one;
 * between rounds the newest is the one just settled). The deal and its outcomes stay in the
 * database (Lottery's are 1,110 runners): the tick that settles reads them (roundOutcomes).
 */
export async function tablesWithNewestRound(
  q: Queryable,
  matchIds: readonly string[] | null = null,
): Promise<Array<{ table: TableRow; round: RoundHead | null }>> {
  const { rows } = await q.query<TableRaw & { round: (Omit<RoundHead, DateKeys> & Record<DateKeys, string | null>) | null }>(
    `SELECT ${TABLE_COLUMNS},
            (SELECT row_to_json(x) FROM (SELECT ${ROUND_HEAD_COLUMNS} FROM casino_rounds r
                                         WHERE r.match_id = t.match_id ORDER BY r.id DESC LIMIT 1) x) AS round
     FROM casino_tables t WHERE $1::text[] IS NULL OR t.match_id = ANY($1::text[]) ORDER BY t.sort_order, t.match_id`,
    [matchIds],
  );
  return rows.map(({ round, ...table }) => ({ table: toTable(table), round: round === null ? null : reviveRound(round) }));
}

/** The stored outcomes of a dealt round (null before its deal). */
export async function roundOutcomes(q: Queryable, roundId: string): Promise<RoundRow['outcomes']> {
  const { rows } = await q.query<{ outcomes: RoundRow['outcomes'] }>('SELECT outcomes FROM casino_rounds WHERE id = $1', [roundId]);
  return rows[0]?.outcomes ?? null;
}

type DateKeys = 'openedAt' | 'closesAt' | 'closedAt' | 'settleAt' | 'settledAt';

/** A round head read through row_to_json: its times come as text. */
function reviveRound(raw: Omit<RoundHead, DateKeys> & Record<DateKeys, string | null>): RoundHead {
  const at = (value: string | null) => (value === null ? null : new Date(value));
  return {
    ...raw,
    openedAt: new Date(raw.openedAt ?? 0),
    closesAt: new Date(raw.closesAt ?? 0),
    closedAt: at(raw.closedAt),
    settleAt: at(raw.settleAt),
    settledAt: at(raw.settledAt),
  };
}

export async function findTable(q: Queryable, matchId: string, options: { lock?: boolean } = {}): Promise<TableRow | null> {
  const { rows } = await q.query<TableRaw>(
    `SELECT ${TABLE_COLUMNS} FROM casino_tables t WHERE t.match_id = $1${options.lock === true ? ' FOR UPDATE' : ''}`,
    [matchId],
  );
  return rows[0] === undefined ? null : toTable(rows[0]);
}

export async function findTableByCode(q: Queryable, gameCode: string): Promise<TableRow | null> {
  const { rows } = await q.query<TableRaw>(`SELECT ${TABLE_COLUMNS} FROM casino_tables t WHERE t.game_code = $1`, [gameCode]);
  return rows[0] === undefined ? null : toTable(rows[0]);
}

export async function setEnabled(q: Queryable, matchId: string, enabled: boolean, actorId: string | null): Promise<void> {
  await q.query(`UPDATE casino_tables SET enabled = $2, updated_by = $3, updated_at = now() WHERE match_id = $1`, [matchId, enabled, actorId]);
}

// ---- chains ----

/** The table's chain with seeds left (rounds 1 … length − 1), locked (one round opens at a time per table). */
export async function usableChain(q: Queryable, matchId: string): Promise<ChainRow | null> {
  const { rows } = await q.query<ChainRow>(
    `SELECT id::text, match_id AS "matchId", length, secret, commitment, salt, used
     FROM casino_chains WHERE match_id = $1 AND used < length - 1 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [matchId],
  );
  return rows[0] ?? null;
}

/** The chain whose commitment the table shows: the newest. */
export async function latestChain(q: Queryable, matchId: string): Promise<ChainRow | null> {
  const { rows } = await q.query<ChainRow>(
    `SELECT id::text, match_id AS "matchId", length, secret, commitment, salt, used
     FROM casino_chains WHERE match_id = $1 ORDER BY id DESC LIMIT 1`,
    [matchId],
  );
  return rows[0] ?? null;
}

export async function insertChain(q: Queryable, matchId: string, length: number, secret: string, commitment: string): Promise<ChainRow> {
  const { rows } = await q.query<ChainRow>(
    `INSERT INTO casino_chains (match_id, length, secret, commitment) VALUES ($1, $2, $3, $4)
     RETURNING id::text, match_id AS "matchId", length, secret, commitment, salt, used`,
    [matchId, length, secret, commitment],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('casino chain insert returned nothing');
  return row;
}

/** Fixes the chain's salt (once, after its commitment) and counts one more round on it. */
export async function useChain(q: Queryable, chainId: string, salt: string): Promise<void> {
  await q.query(
    `UPDATE casino_chains SET used = used + 1,
       salt = coalesce(salt, $2), salt_fixed_at = coalesce(salt_fixed_at, clock_timestamp())
     WHERE id = $1`,
    [chainId, salt],
  );
}

// ---- rounds ----

export async function liveRound(q: Queryable, matchId: string, options: { lock?: boolean } = {}): Promise<RoundRow | null> {
  const { rows } = await q.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM casino_rounds r WHERE r.match_id = $1 AND r.status IN ('OPEN', 'CLOSED')${options.lock === true ? ' FOR UPDATE' : ''}`,
    [matchId],
  );
  return rows[0] ?? null;
}

/** The table's newest round, whatever its status. */
export async function lastRound(q: Queryable, matchId: string): Promise<RoundRow | null> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM casino_rounds r WHERE r.match_id = $1 ORDER BY r.id DESC LIMIT 1`, [matchId]);
  return rows[0] ?? null;
}

export async function findRound(q: Queryable, roundId: string): Promise<RoundRow | null> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM casino_rounds r WHERE r.id = $1`, [roundId]);
  return rows[0] ?? null;
}

/** Every live round of every table (the engine's work list). */
export async function liveRounds(q: Queryable): Promise<RoundRow[]> {
  const { rows } = await q.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM casino_rounds r WHERE r.status IN ('OPEN', 'CLOSED') ORDER BY r.id`);
  return rows;
}

export interface NewRound {
  matchId: string;
  gameCode: string;
  chainId: string;
  nonce: number;
  config: Record<string, unknown>;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  openedAt: Date;
  closesAt: Date;
}

export async function insertRound(q: Queryable, round: NewRound): Promise<RoundRow> {
  const { rows } = await q.query<RoundRow>(
    `INSERT INTO casino_rounds AS r (match_id, game_code, chain_id, nonce, config, server_seed, server_seed_hash, client_seed,
                                     status, opened_at, closes_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, 'OPEN', $9, $10)
     RETURNING ${ROUND_COLUMNS}`,
    [
      round.matchId,
      round.gameCode,
      round.chainId,
      round.nonce,
      JSON.stringify(round.config),
      round.serverSeed,
      round.serverSeedHash,
      round.clientSeed,
      round.openedAt,
      round.closesAt,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('casino round insert returned nothing');
  return row;
}

export interface NewRoundMarket {
  marketId: string;
  name: string;
  sortOrder: number;
  runners: Array<{ selectionId: string; name: string; back: number | null; lay: number | null }>;
}

/**
 * The round's markets, open for bets until `closesAt` (placement refuses a bet from then on, even
 * before the engine suspends them), and their runners with their fixed prices (hundredths).
 */
export async function insertRoundMarkets(
  q: Queryable,
  matchId: string,
  table: Pick<TableRow, 'minStakeMinor' | 'maxStakeMinor' | 'maxProfitMinor'>,
  closesAt: Date,
  markets: readonly NewRoundMarket[],
): Promise<void> {
  await q.query(
    `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, in_play, active, admin_suspended,
                          min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec, bets_close_at)
     SELECT m.id, $1, m.name, 'casino', m.sort_order, 'open', true, true, false, $2, $3, $4, 0, $8
     FROM unnest($5::text[], $6::text[], $7::int[]) AS m (id, name, sort_order)`,
    [
      matchId,
      table.minStakeMinor.toString(),
      table.maxStakeMinor.toString(),
      table.maxProfitMinor.toString(),
      markets.map((m) => m.marketId),
      markets.map((m) => m.name),
      markets.map((m) => m.sortOrder),
      closesAt,
    ],
  );
  const runners = markets.flatMap((m) => m.runners.map((r, i) => ({ marketId: m.marketId, ...r, sortOrder: i + 1 })));
  await q.query(
    `INSERT INTO runners (market_id, selection_id, name, sort_order, status, back_prices, back_sizes_minor, lay_prices, lay_sizes_minor)
     SELECT r.market_id, r.selection_id, r.name, r.sort_order, 'active',
            CASE WHEN r.back IS NULL THEN '{}'::int[] ELSE ARRAY[r.back] END,
            CASE WHEN r.back IS NULL THEN '{}'::bigint[] ELSE ARRAY[0::bigint] END,
            CASE WHEN r.lay IS NULL THEN '{}'::int[] ELSE ARRAY[r.lay] END,
            CASE WHEN r.lay IS NULL THEN '{}'::bigint[] ELSE ARRAY[0::bigint] END
     FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[])
          AS r (market_id, selection_id, name, sort_order, back, lay)`,
    [
      runners.map((r) => r.marketId),
      runners.map((r) => r.selectionId),
      runners.map((r) => r.name),
      runners.map((r) => r.sortOrder),
      runners.map((r) => r.back),
      runners.map((r) => r.lay),
    ],
  );
}

/** The round's markets as stored (what placement checks), in order, with runners. */
export async function roundMarkets(q: Queryable, marketIds: readonly string[]): Promise<RoundMarketRow[]> {
  const { rows } = await q.query<RoundMarketRow>(
    `SELECT m.id AS "marketId", m.name, m.sort_order AS "sortOrder", m.feed_status AS "feedStatus", m.admin_suspended AS "adminSuspended",
            m.min_stake_minor::text AS "minStakeMinor", m.max_stake_minor::text AS "maxStakeMinor",
            coalesce((SELECT json_agg(json_build_object('selectionId', r.selection_id, 'name', r.name,
                                                        'back', r.back_prices[1], 'lay', r.lay_prices[1]) ORDER BY r.sort_order)
                      FROM runners r WHERE r.market_id = m.id), '[]'::json) AS runners
     FROM markets m WHERE m.id = ANY ($1::text[]) ORDER BY m.sort_order, m.id`,
    [marketIds],
  );
  return rows;
}

/**
 * Locks the round's markets FOR UPDATE: bets in flight (which hold them FOR KEY SHARE) finish
 * first, and every later bet sees what this transaction writes (docs/rules/casino-fairness.md §4.2: the server's
 * bet-close is authoritative).
 */
export async function lockMarkets(q: Queryable, marketIds: readonly string[]): Promise<void> {
  await q.query(`SELECT 1 FROM markets WHERE id = ANY ($1::text[]) ORDER BY id FOR UPDATE`, [marketIds]);
}

/** Whether any of the markets has an open bet (a round nobody bet on needs no settlement row). */
export async function anyOpenBets(q: Queryable, marketIds: readonly string[]): Promise<boolean> {
  const { rows } = await q.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bets b WHERE b.market_id = ANY ($1::text[]) AND b.status = 'open') AS any`,
    [marketIds],
  );
  return rows[0]?.any === true;
}

/** Suspends the markets at once (a table being disabled), after bets in flight on them. */
export async function suspendMarkets(q: Queryable, marketIds: readonly string[]): Promise<void> {
  await lockMarkets(q, marketIds);
  await q.query(`UPDATE markets SET admin_suspended = true, version = version + 1, updated_at = now() WHERE id = ANY ($1::text[])`, [marketIds]);
}

export async function setMarketsStatus(q: Queryable, marketIds: readonly string[], status: 'suspended' | 'closed'): Promise<void> {
  await q.query(`UPDATE markets SET feed_status = $2, version = version + 1, updated_at = now() WHERE id = ANY ($1::text[])`, [marketIds, status]);
}

export interface Deal {
  cards: string[];
  hands: Record<string, string[]>;
  win: string;
  rdesc: string;
  outcomes: Record<string, Record<string, { rule: string; profit?: number }>>;
}

export async function closeRound(q: Queryable, roundId: string, deal: Deal, closedAt: Date, settleAt: Date): Promise<void> {
  await q.query(
    `UPDATE casino_rounds SET status = 'CLOSED', closed_at = $2, settle_at = $3, cards = $4::text[], hands = $5::jsonb,
       win = $6, rdesc = $7, outcomes = $8::jsonb
     WHERE id = $1 AND status = 'OPEN'`,
    [roundId, closedAt, settleAt, deal.cards, JSON.stringify(deal.hands), deal.win, deal.rdesc, JSON.stringify(deal.outcomes)],
  );
}

export async function finishRound(q: Queryable, roundId: string, settledAt: Date): Promise<void> {
  await q.query(`UPDATE casino_rounds SET status = 'SETTLED', settled_at = $2 WHERE id = $1 AND status = 'CLOSED'`, [roundId, settledAt]);
}

export async function voidRound(q: Queryable, roundId: string, reason: string, at: Date): Promise<void> {
  await q.query(`UPDATE casino_rounds SET status = 'VOID', settled_at = $2, void_reason = $3 WHERE id = $1 AND status IN ('OPEN', 'CLOSED')`, [
    roundId,
    at,
    reason,
  ]);
}

// ---- results ----

/** Settled and voided rounds of a table, newest first, optionally of one UTC day or one round id. */
export async function doneRounds(
  q: Queryable,
  matchId: string,
  filter: { date: string | null; roundId: string | null; limit: number; offset: number },
): Promise<{ rows: RoundRow[]; total: number }> {
  const where = `r.match_id = $1 AND r.status IN ('SETTLED', 'VOID')
    AND ($2::date IS NULL OR (r.settled_at >= $2::date AND r.settled_at < $2::date + 1))
    AND ($3::bigint IS NULL OR r.id = $3::bigint)`;
  const params = [matchId, filter.date, filter.roundId];
  const { rows } = await q.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM casino_rounds r WHERE ${where} ORDER BY r.id DESC LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  const { rows: count } = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM casino_rounds r WHERE ${where}`, params);
  return { rows, total: count[0]?.total ?? 0 };
}

/** The last settled rounds' winners, newest first (the results strip and the table's statistics). */
export async function lastResults(q: Queryable, matchId: string, limit: number): Promise<Array<{ roundId: string; win: string }>> {
  const { rows } = await q.query<{ roundId: string; win: string }>(
    `SELECT r.id::text AS "roundId", r.win FROM casino_rounds r
     WHERE r.match_id = $1 AND r.status = 'SETTLED' ORDER BY r.id DESC LIMIT $2`,
    [matchId, limit],
  );
  return rows;
}

// ---- bets and reports ----

export interface CasinoBetRow {
  betId: string;
  userId: string;
  username: string;
  matchId: string;
  gameCode: string;
  marketId: string;
  marketName: string;
  selectionId: string;
  selectionName: string;
  side: 'BACK' | 'LAY';
  oddsHundredths: number;
  stakeMinor: string;
  status: 'open' | 'settled' | 'voided';
  pnlMinor: string | null;
  placedAt: Date;
}

/** The round of a casino bet: its market id is `c<roundId>.<code>` (casino-engine roundMarketId). */
const BET_ROUND_ID = `split_part(substr(b.market_id, 2), '.', 1)`;

/**
 * The bet's round is VOID: the engine settled it VOID (stake back, P&L 0, status 'settled' in
 * `bets`), so the lists read it 'voided' and the reports count it nowhere.
 */
const ROUND_VOIDED = `EXISTS (SELECT 1 FROM casino_rounds vr WHERE vr.id = ${BET_ROUND_ID}::bigint AND vr.status = 'VOID')`;

const BET_COLUMNS = `b.id::text AS "betId", b.user_id AS "userId", u.username, b.match_id AS "matchId", t.game_code AS "gameCode",
  b.market_id AS "marketId", m.name AS "marketName", b.selection_id AS "selectionId", coalesce(rn.name, b.selection_id) AS "selectionName",
  b.side, b.odds_hundredths AS "oddsHundredths", b.stake_minor::text AS "stakeMinor",
  CASE WHEN b.status = 'settled' AND ${ROUND_VOIDED} THEN 'voided' ELSE b.status END AS status, b.pnl_minor::text AS "pnlMinor",
  b.created_at AS "placedAt"`;

const BET_JOINS = `JOIN users u ON u.id = b.user_id
  JOIN casino_tables t ON t.match_id = b.match_id
  LEFT JOIN markets m ON m.id = b.market_id
  LEFT JOIN runners rn ON rn.market_id = b.market_id AND rn.selection_id = b.selection_id`;

/** A page of a player's casino bets on a table, of the given markets (a round) or all: open ones first, then newest. */
export async function playerBets(
  q: Queryable,
  userId: string,
  matchId: string,
  marketIds: readonly string[] | null,
  paging: { page: number; pageSize: number },
): Promise<{ rows: CasinoBetRow[]; total: number }> {
  const where = `b.user_id = $1 AND b.match_id = $2 AND b.market_type = 'casino' AND ($3::text[] IS NULL OR b.market_id = ANY ($3::text[]))`;
  const { rows } = await q.query<CasinoBetRow>(
    `SELECT ${BET_COLUMNS} FROM bets b ${BET_JOINS}
     WHERE ${where}
     ORDER BY (b.status = 'open') DESC, b.created_at DESC, b.id LIMIT $4 OFFSET $5`,
    [userId, matchId, marketIds, paging.pageSize, (paging.page - 1) * paging.pageSize],
  );
  const { rows: count } = await q.query<{ total: number }>(`SELECT count(*)::int AS total FROM bets b WHERE ${where}`, [userId, matchId, marketIds]);
  return { rows, total: count[0]?.total ?? 0 };
}

/** The bets of the agent's downline on the given markets (a round), newest first. */
export async function downlineBets(q: Queryable, agentId: string, marketIds: readonly string[]): Promise<CasinoBetRow[]> {
  const { rows } = await q.query<CasinoBetRow>(
    `SELECT ${BET_COLUMNS} FROM bets b ${BET_JOINS}
     WHERE b.market_id = ANY ($2::text[]) AND b.status <> 'voided' AND $1::uuid = ANY (u.ancestors)
     ORDER BY b.created_at DESC, b.id`,
    [agentId, marketIds],
  );
  return rows;
}

export interface ReportRow {
  date: string;
  gameCode: string;
  title: string;
  rounds: number;
  bets: number;
  stakeMinor: string;
  pnlMinor: string;
}

/**
 * A player's settled casino bets per UTC day and table: rounds are distinct rounds (a round has
 * several markets); a voided bet, or a bet of a voided round, counts as nothing.
 */
/**
 * The closed rounds of the international casino (migration 0028), shaped like settled table bets
 * for the two reports: game id `{provider}:{code}`, the game's name, the round's debits (less the
 * rolled-back ones) as its stake, and the player's P&L of the round.
 */
const INT_CASINO_ROUNDS = `
  SELECT r.user_id, r.closed_at, r.provider_id || ':' || r.game_code AS game_id, coalesce(g.name, r.game_code) AS title, r.pnl_minor,
         (SELECT count(*) FROM casino_int_transactions d WHERE d.provider_id = r.provider_id AND d.round_id = r.round_id
            AND d.user_id = r.user_id AND d.type = 'debit') AS debits,
         (SELECT coalesce(sum(CASE d.type WHEN 'debit' THEN d.amount_minor WHEN 'rollback' THEN -d.amount_minor ELSE 0 END), 0)
            FROM casino_int_transactions d WHERE d.provider_id = r.provider_id AND d.round_id = r.round_id AND d.user_id = r.user_id) AS stake_minor
  FROM casino_int_rounds r LEFT JOIN casino_int_games g ON g.provider_id = r.provider_id AND g.code = r.game_code
  WHERE r.status = 'closed'`;

export async function playerReport(q: Queryable, userId: string, from: string, to: string): Promise<ReportRow[]> {
  const { rows } = await q.query<ReportRow>(
    `SELECT to_char(b.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, t.game_code AS "gameCode", t.title,
            count(DISTINCT ${BET_ROUND_ID})::int AS rounds, count(*)::int AS bets,
            sum(b.stake_minor)::text AS "stakeMinor", sum(b.pnl_minor)::text AS "pnlMinor"
     FROM bets b JOIN casino_tables t ON t.match_id = b.match_id
     WHERE b.user_id = $1 AND b.market_type = 'casino' AND b.status = 'settled' AND NOT ${ROUND_VOIDED}
       AND b.settled_at >= $2::date AND b.settled_at < $3::date + 1
     GROUP BY 1, 2, 3
     UNION ALL
     SELECT to_char(r.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), r.game_id, r.title,
            count(*)::int, sum(r.debits)::int, sum(r.stake_minor)::text, sum(r.pnl_minor)::text
     FROM (${INT_CASINO_ROUNDS}) r
     WHERE r.user_id = $1 AND r.closed_at >= $2::date AND r.closed_at < $3::date + 1
     GROUP BY 1, 2, 3
     ORDER BY 1 DESC, 2`,
    [userId, from, to],
  );
  return rows;
}

export interface GameReportRow {
  gameCode: string;
  title: string;
  childId: string;
  childUsername: string;
  bets: number;
  stakeMinor: string;
  pnlMinor: string;
}

/**
 * Settled casino bets of the agent's downline per table and per direct child of the agent (the
 * child is the player itself, or the agent on the path between them); a voided round's count nowhere.
 */
export async function gameReport(q: Queryable, agentId: string, from: string, to: string, siteId: string): Promise<GameReportRow[]> {
  const { rows } = await q.query<GameReportRow>(
    `SELECT t.game_code AS "gameCode", t.title, c.id::text AS "childId", c.username AS "childUsername",
            count(*)::int AS bets, sum(b.stake_minor)::text AS "stakeMinor", sum(b.pnl_minor)::text AS "pnlMinor"
     FROM bets b
     JOIN casino_tables t ON t.match_id = b.match_id
     JOIN users u ON u.id = b.user_id
     JOIN users c ON c.parent_id = $1::uuid AND c.site_id = $4 AND (c.id = u.id OR c.id = ANY (u.ancestors))
     WHERE b.market_type = 'casino' AND b.status = 'settled' AND NOT ${ROUND_VOIDED}
       AND b.settled_at >= $2::date AND b.settled_at < $3::date + 1
     GROUP BY 1, 2, 3, 4
     UNION ALL
     SELECT r.game_id, r.title, c.id::text, c.username, sum(r.debits)::int, sum(r.stake_minor)::text, sum(r.pnl_minor)::text
     FROM (${INT_CASINO_ROUNDS}) r
     JOIN users u ON u.id = r.user_id
     JOIN users c ON c.parent_id = $1::uuid AND c.site_id = $4 AND (c.id = u.id OR c.id = ANY (u.ancestors))
     WHERE r.closed_at >= $2::date AND r.closed_at < $3::date + 1
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 4`,
    [agentId, from, to, siteId],
  );
  return rows;
}

/** The username of an account (the name of a report's file). */
export async function usernameOf(q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [userId]);
  return rows[0]?.username ?? userId;
}
