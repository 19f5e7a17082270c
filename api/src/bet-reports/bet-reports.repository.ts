/**
 * All SQL of the read side of bets: bet lists with their names, positions (a player's, or every
 * open one below an agent, with each player's chain of shares), the markets those positions are
 * on, and the P&L of settled markets. Plain rows in and out; the rules live in *-rules.ts.
 */
import type { BetMarketType, BetSortKey, BetStatus, Role } from '@backlay/shared/contracts';
import type { ChainAgent } from '@backlay/shared/domain';
import { orderByClause, type SortRequest } from '../common/sorting';
import type { Queryable } from '../db/database';

/** Whose bets: one user's, or every player below an account. */
export type Scope = { userId: string } | { ancestorId: string };

export interface BetListFilter {
  scope: Scope;
  statuses: readonly BetStatus[];
  sportId?: number;
  matchId?: string;
  betIds?: readonly string[];
  /** Settled (or voided) within [from, toExclusive). */
  settled?: { from: Date; toExclusive: Date };
  /**
   * An ILIKE pattern (wildcards escaped) the player's username, the match's or the market's name
   * must match: one more AND on the scope above, so it never reaches outside it.
   */
  pattern?: string;
}

export interface BetListRow {
  id: string;
  matchId: string;
  marketId: string;
  marketType: BetMarketType;
  selectionId: string;
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  /** The quote in hundredths (bets.price_shown): odds × 100, bookmaker rate in paise, fancy rate in percent. */
  quotedHundredths: number;
  runLine: number | null;
  stakeMinor: bigint;
  status: BetStatus;
  createdAt: Date;
  pnlMinor: bigint | null;
  settledAt: Date | null;
  voidReason: string | null;
  username: string;
  sportId: number;
  matchName: string;
  /** The event's scheduled start (a race's off time). */
  matchOpenDate: Date;
  marketName: string;
  selectionName: string;
  /** The runner's race-card number (racing), else null. */
  clothNumber: number | null;
  /** A cash out's hedge bet (cash_out_bets, ADR 0056). */
  cashOut: boolean;
}

/** The market's name as the lists show it (a fancy's own name), from BET_FROM's joins. */
const MARKET_NAME = `coalesce(CASE WHEN b.market_type = 'fancy' THEN f.name ELSE m.name END, b.market_id)`;
/** The selection's name as the lists show it (a fancy's own name), from BET_FROM's joins. */
const SELECTION_NAME = `coalesce(CASE WHEN b.market_type = 'fancy' THEN f.name ELSE r.name END, b.selection_id)`;

/** A bet with its player, event, market, runner or fancy (each of the left joins at most one row). */
const BET_FROM = `bets b
       JOIN users u ON u.id = b.user_id
       JOIN events e ON e.id = b.match_id
       LEFT JOIN markets m ON b.market_type <> 'fancy' AND m.id = b.market_id
       LEFT JOIN runners r ON b.market_type <> 'fancy' AND r.market_id = b.market_id AND r.selection_id = b.selection_id
       LEFT JOIN fancies f ON b.market_type = 'fancy' AND f.id = b.market_id`;

/**
 * The columns the bet lists sort by (ADR 0068): the only SQL a sort request chooses from. Odds
 * sort by the quote as shown (price_shown: odds, a bookmaker rate or a fancy rate, in hundredths).
 */
const BET_SORT_SQL: Readonly<Record<BetSortKey, string>> = {
  username: 'lower(u.username)',
  matchName: 'lower(e.name)',
  marketName: `lower(${MARKET_NAME})`,
  selectionName: `lower(${SELECTION_NAME})`,
  side: 'b.side',
  odds: 'b.price_shown',
  stake: 'b.stake_minor',
  createdAt: 'b.created_at',
  settledAt: 'b.settled_at',
  pnl: 'b.pnl_minor',
};

/** WHERE clause and parameters of a bet filter (over BET_FROM). */
function betWhere(filter: BetListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // The sports lists: casino bets have their own report (casino-report, game-reports).
  const clauses: string[] = [`e.kind = 'sport'`];
  if ('userId' in filter.scope) clauses.push(`b.user_id = ${add(filter.scope.userId)}::uuid`);
  else clauses.push(`u.ancestors @> ARRAY[${add(filter.scope.ancestorId)}::uuid]`);
  clauses.push(`b.status = ANY (${add(filter.statuses)}::text[])`);
  if (filter.sportId !== undefined) clauses.push(`e.sport_id = ${add(filter.sportId)}`);
  if (filter.matchId !== undefined) clauses.push(`b.match_id = ${add(filter.matchId)}`);
  if (filter.betIds !== undefined) clauses.push(`b.id = ANY (${add(filter.betIds)}::uuid[])`);
  if (filter.settled !== undefined) {
    clauses.push(`b.settled_at >= ${add(filter.settled.from)} AND b.settled_at < ${add(filter.settled.toExclusive)}`);
  }
  if (filter.pattern !== undefined) {
    const p = add(filter.pattern);
    clauses.push(`(u.username ILIKE ${p} OR e.name ILIKE ${p} OR ${MARKET_NAME} ILIKE ${p})`);
  }
  return { where: clauses.join(' AND '), params };
}

type RawBet = Omit<BetListRow, 'stakeMinor' | 'pnlMinor'> & { stakeMinor: string; pnlMinor: string | null };

/**
 * One page of bets with their names, in the order asked for and then newest placed first (ties by
 * id, so pages never overlap; without a sort, newest placed first).
 */
export async function listBetRows(
  q: Queryable,
  filter: BetListFilter,
  page: { limit: number; offset: number; sort?: SortRequest<BetSortKey> | null },
): Promise<BetListRow[]> {
  const { where, params } = betWhere(filter);
  const n = params.length;
  const { rows } = await q.query<RawBet>(
    `SELECT b.id, b.match_id AS "matchId", b.market_id AS "marketId", b.market_type AS "marketType",
            b.selection_id AS "selectionId", b.side, b.price_shown AS "quotedHundredths", b.run_line AS "runLine",
            b.stake_minor::text AS "stakeMinor", b.status, b.created_at AS "createdAt", b.pnl_minor::text AS "pnlMinor",
            b.settled_at AS "settledAt", b.void_reason AS "voidReason", u.username, e.sport_id AS "sportId",
            e.name AS "matchName", e.open_date AS "matchOpenDate", r.cloth_number AS "clothNumber",
            EXISTS (SELECT 1 FROM cash_out_bets l WHERE l.bet_id = b.id) AS "cashOut",
            ${MARKET_NAME} AS "marketName", ${SELECTION_NAME} AS "selectionName"
     FROM ${BET_FROM}
     WHERE ${where}
     ${orderByClause(BET_SORT_SQL, page.sort ?? null, 'b.created_at DESC, b.id')}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.limit, page.offset],
  );
  return rows.map((r) => ({ ...r, stakeMinor: BigInt(r.stakeMinor), pnlMinor: r.pnlMinor === null ? null : BigInt(r.pnlMinor) }));
}

/** One page of bets (listBetRows) and the number of bets the filter matches. */
export async function listBets(
  q: Queryable,
  filter: BetListFilter,
  page: { limit: number; offset: number; sort?: SortRequest<BetSortKey> | null },
): Promise<{ rows: BetListRow[]; total: number }> {
  const { where, params } = betWhere(filter);
  const [rows, count] = await Promise.all([
    listBetRows(q, filter, page),
    q.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${BET_FROM} WHERE ${where}`, params),
  ]);
  return { rows, total: count.rows[0]?.total ?? 0 };
}

export interface PositionRow {
  userId: string;
  marketId: string;
  marketType: BetMarketType;
  matchId: string;
  /** Runner markets: {selectionId: paise}; fancy: {"lines": [...], "zones": [...]}. */
  pnl: unknown;
  exposureMinor: bigint;
  /** The player's path, root first. */
  ancestors: string[];
  /** The player's agents nearest first with their cumulative shares (only when asked for). */
  chain: ChainAgent[] | null;
}

type RawPosition = Omit<PositionRow, 'exposureMinor'> & { exposureMinor: string };
const toPosition = (r: RawPosition): PositionRow => ({ ...r, exposureMinor: BigInt(r.exposureMinor) });

const POSITION_COLUMNS = `p.user_id AS "userId", p.market_id AS "marketId", p.market_type AS "marketType",
  p.match_id AS "matchId", p.pnl, p.exposure_minor::text AS "exposureMinor", u.ancestors`;

/** A player's open positions on one match. */
export async function openPositionsOfUser(q: Queryable, userId: string, matchId: string): Promise<PositionRow[]> {
  const { rows } = await q.query<RawPosition>(
    `SELECT ${POSITION_COLUMNS}, NULL::json AS chain
     FROM positions p JOIN users u ON u.id = p.user_id
     WHERE p.user_id = $1 AND p.match_id = $2 AND p.status = 'open'`,
    [userId, matchId],
  );
  return rows.map(toPosition);
}

/**
 * Every open position of the players below `ancestorId` (optionally on one match), in ONE
 * query; with `withChain` each row carries the player's agents nearest first and their shares.
 */
export async function openPositionsBelow(
  q: Queryable,
  ancestorId: string,
  options: { matchId?: string; withChain: boolean },
): Promise<PositionRow[]> {
  const chain = options.withChain
    ? `(SELECT json_agg(json_build_object('id', a.id, 'shareBps', a.partnership_share_bps) ORDER BY o.pos DESC)
        FROM unnest(u.ancestors) WITH ORDINALITY AS o(agent_id, pos) JOIN users a ON a.id = o.agent_id)`
    : 'NULL::json';
  const { rows } = await q.query<RawPosition>(
    `SELECT ${POSITION_COLUMNS}, ${chain} AS chain
     FROM positions p JOIN users u ON u.id = p.user_id
     WHERE p.status = 'open' AND p.market_type <> 'casino' AND u.ancestors @> ARRAY[$1::uuid] AND ($2::text IS NULL OR p.match_id = $2)`,
    [ancestorId, options.matchId ?? null],
  );
  return rows.map(toPosition);
}

/** Open bets per market of the players below `ancestorId`, on the given markets. */
export async function openBetCountsBelow(q: Queryable, ancestorId: string, marketIds: readonly string[]): Promise<Map<string, number>> {
  if (marketIds.length === 0) return new Map();
  const { rows } = await q.query<{ marketId: string; count: number }>(
    `SELECT b.market_id AS "marketId", count(*)::int AS count
     FROM bets b JOIN users u ON u.id = b.user_id
     WHERE b.status = 'open' AND u.ancestors @> ARRAY[$1::uuid] AND b.market_id = ANY ($2::text[])
     GROUP BY b.market_id`,
    [ancestorId, marketIds],
  );
  return new Map(rows.map((r) => [r.marketId, r.count]));
}

export interface MarketInfo {
  marketId: string;
  marketType: BetMarketType;
  name: string;
  sortOrder: number;
  matchId: string;
  matchName: string;
  matchOpenDate: Date;
  sportId: number;
  /** Runner markets: the runners in sort order (racing: with their race-card numbers); fancy: empty. */
  runners: Array<{ selectionId: string; name: string; status: string; clothNumber: number | null }>;
}

/** The runner markets and fancies with these ids, with their match and runners. */
export async function marketsByIds(q: Queryable, runnerMarketIds: readonly string[], fancyIds: readonly string[]): Promise<MarketInfo[]> {
  if (runnerMarketIds.length === 0 && fancyIds.length === 0) return [];
  const { rows } = await q.query<MarketInfo>(
    `SELECT m.id AS "marketId", m.market_type AS "marketType", m.name, m.sort_order AS "sortOrder", e.id AS "matchId",
            e.name AS "matchName", e.open_date AS "matchOpenDate", e.sport_id AS "sportId",
            coalesce((SELECT json_agg(json_build_object('selectionId', r.selection_id, 'name', r.name, 'status', r.status, 'clothNumber', r.cloth_number)
                               ORDER BY r.sort_order, r.selection_id)
                      FROM runners r WHERE r.market_id = m.id), '[]'::json) AS runners
     FROM markets m JOIN events e ON e.id = m.event_id
     WHERE m.id = ANY ($1::text[])
     UNION ALL
     SELECT f.id, 'fancy', f.name, f.sort_order, e.id, e.name, e.open_date, e.sport_id, '[]'::json
     FROM fancies f JOIN events e ON e.id = f.event_id
     WHERE f.id = ANY ($2::text[])`,
    [runnerMarketIds, fancyIds],
  );
  return rows;
}

export interface AccountRow {
  id: string;
  username: string;
  role: Role;
}

/** The direct children of an account on a site (the Super Admin's Admins are on every site), by username. */
export async function childrenOf(q: Queryable, parentId: string, siteId: string): Promise<AccountRow[]> {
  const { rows } = await q.query<AccountRow>(
    'SELECT id, username, role FROM users WHERE parent_id = $1 AND site_id = $2 ORDER BY lower(username), id',
    [parentId, siteId],
  );
  return rows;
}

export interface PnlFilter {
  from: Date;
  toExclusive: Date;
  sportId?: number;
}

export interface PnlRow {
  key: string;
  sportId: number | null;
  sportName: string | null;
  matchId: string | null;
  matchName: string | null;
  /** The event's scheduled start (a race's off time); null for a child row or a casino round. */
  matchOpenDate: Date | null;
  marketName: string | null;
  role: Role | null;
  grossMinor: bigint;
  commissionMinor: bigint;
  netMinor: bigint;
  ownShareMinor: bigint | null;
  settledAt: Date | null;
}

type RawPnl = Omit<PnlRow, 'grossMinor' | 'commissionMinor' | 'netMinor' | 'ownShareMinor'> & {
  grossMinor: string;
  commissionMinor: string;
  netMinor: string;
  ownShareMinor: string | null;
};

const toPnl = (r: RawPnl): PnlRow => ({
  ...r,
  grossMinor: BigInt(r.grossMinor),
  commissionMinor: BigInt(r.commissionMinor),
  netMinor: BigInt(r.netMinor),
  ownShareMinor: r.ownShareMinor === null ? null : BigInt(r.ownShareMinor),
});

/** The live settlements of the range (reversed ones never count), with names; alias s, e, sp. */
const SETTLEMENT_FROM = `settlements s
  JOIN events e ON e.id = s.match_id
  JOIN sports sp ON sp.sport_id = e.sport_id
  LEFT JOIN markets m ON s.market_type <> 'fancy' AND m.id = s.market_id
  LEFT JOIN fancies f ON s.market_type = 'fancy' AND f.id = s.market_id`;
const SETTLEMENT_WHERE = `s.reversed_at IS NULL AND e.kind = 'sport' AND s.created_at >= $2 AND s.created_at < $3 AND ($4::int IS NULL OR e.sport_id = $4)`;
const MARKET_COLUMNS = `s.market_id AS key, e.sport_id AS "sportId", sp.name AS "sportName", s.match_id AS "matchId",
  e.name AS "matchName", e.open_date AS "matchOpenDate",
  coalesce(CASE WHEN s.market_type = 'fancy' THEN f.name ELSE m.name END, s.market_id) AS "marketName",
  NULL AS role, s.created_at AS "settledAt"`;

/**
 * The international casino (issue 19) in the P&L: a player sees each closed round of its own as one
 * row ("Round 3": the player's round number in that game, never the provider's round id), an agent
 * one row per game and day (UTC, as the date range) of its downline's closed rounds ("4 rounds on
 * 28/11/2026"); no sport (a sport filter leaves them out), no commission, the agent's own share
 * from casino_int_round_shares; alias r (round), g (game).
 */
const INT_CASINO_NAME = 'International Casino';
const INT_ROUND_FROM = `casino_int_rounds r LEFT JOIN casino_int_games g ON g.provider_id = r.provider_id AND g.code = r.game_code`;
const INT_ROUND_WHERE = `r.status = 'closed' AND r.closed_at >= $2 AND r.closed_at < $3 AND $4::int IS NULL`;
const INT_ROUND_COLUMNS = `r.provider_id || ':' || r.round_id AS key, NULL::int AS "sportId", '${INT_CASINO_NAME}' AS "sportName",
  r.provider_id || ':' || r.game_code AS "matchId", coalesce(g.name, r.game_code) AS "matchName", NULL::timestamptz AS "matchOpenDate",
  'Round ' || r.round_no AS "marketName",
  NULL AS role, r.closed_at AS "settledAt"`;

/** A player's own result per settled market (and closed international casino round), newest first. */
export async function playerPnlByMarket(q: Queryable, userId: string, filter: PnlFilter): Promise<PnlRow[]> {
  const { rows } = await q.query<RawPnl>(
    `SELECT ${MARKET_COLUMNS}, su.gross_pnl_minor::text AS "grossMinor", su.commission_minor::text AS "commissionMinor",
            su.net_minor::text AS "netMinor", NULL AS "ownShareMinor"
     FROM ${SETTLEMENT_FROM} JOIN settlement_users su ON su.settlement_id = s.id
     WHERE su.user_id = $1 AND ${SETTLEMENT_WHERE}
     UNION ALL
     SELECT ${INT_ROUND_COLUMNS}, r.pnl_minor::text, '0', r.pnl_minor::text, NULL
     FROM ${INT_ROUND_FROM} WHERE r.user_id = $1 AND ${INT_ROUND_WHERE}
     ORDER BY "settledAt" DESC, key`,
    [userId, filter.from, filter.toExclusive, filter.sportId ?? null],
  );
  return rows.map(toPnl);
}

/**
 * Per settled market with players below `agentId`: their totals and the agent's own share
 * (Σ settlement_agent_shares.amount_minor of the agent in the settlement, ADR 0079), newest first.
 */
export async function agentPnlByMarket(q: Queryable, agentId: string, filter: PnlFilter): Promise<PnlRow[]> {
  const { rows } = await q.query<RawPnl>(
    `SELECT ${MARKET_COLUMNS}, sum(su.gross_pnl_minor)::text AS "grossMinor", sum(su.commission_minor)::text AS "commissionMinor",
            sum(su.net_minor)::text AS "netMinor",
            coalesce((SELECT sum(sh.amount_minor) FROM settlement_agent_shares sh WHERE sh.settlement_id = s.id AND sh.agent_id = $1), 0)::text AS "ownShareMinor"
     FROM ${SETTLEMENT_FROM}
     JOIN settlement_users su ON su.settlement_id = s.id
     JOIN users p ON p.id = su.user_id
     WHERE p.ancestors @> ARRAY[$1::uuid] AND ${SETTLEMENT_WHERE}
     GROUP BY s.id, e.id, sp.sport_id, m.id, f.id
     UNION ALL
     SELECT r.provider_id || ':' || r.game_code || ':' || to_char(d.day, 'YYYY-MM-DD'), NULL::int, '${INT_CASINO_NAME}', r.provider_id || ':' || r.game_code,
            min(coalesce(g.name, r.game_code)), NULL::timestamptz,
            count(*) || CASE WHEN count(*) = 1 THEN ' round on ' ELSE ' rounds on ' END || to_char(d.day, 'DD/MM/YYYY'), NULL, max(r.closed_at),
            sum(r.pnl_minor)::text, '0', sum(r.pnl_minor)::text, coalesce(sum(sh.amount_minor), 0)::text
     FROM ${INT_ROUND_FROM}
     CROSS JOIN LATERAL (SELECT date_trunc('day', r.closed_at AT TIME ZONE 'UTC') AS day) d
     JOIN users p ON p.id = r.user_id
     LEFT JOIN casino_int_round_shares sh ON sh.provider_id = r.provider_id AND sh.round_id = r.round_id AND sh.user_id = r.user_id AND sh.agent_id = $1
     WHERE p.ancestors @> ARRAY[$1::uuid] AND ${INT_ROUND_WHERE}
     GROUP BY r.provider_id, r.game_code, d.day
     ORDER BY "settledAt" DESC, key`,
    [agentId, filter.from, filter.toExclusive, filter.sportId ?? null],
  );
  return rows.map(toPnl);
}

/**
 * Per direct child of `agentId`: the totals of the players in the child's subtree (or of the
 * child itself when it is a player) over the range, and the agent's own share from them.
 */
export async function agentPnlByChild(q: Queryable, agentId: string, filter: PnlFilter): Promise<PnlRow[]> {
  const { rows } = await q.query<RawPnl>(
    `SELECT c.username AS key, NULL::int AS "sportId", NULL AS "sportName", NULL AS "matchId", NULL AS "matchName", NULL::timestamptz AS "matchOpenDate",
            NULL AS "marketName", c.role, max(x.at) AS "settledAt",
            sum(x.gross)::text AS "grossMinor", sum(x.commission)::text AS "commissionMinor",
            sum(x.net)::text AS "netMinor", coalesce(sum(x.share), 0)::text AS "ownShareMinor"
     FROM (
       SELECT coalesce(p.ancestors[array_position(p.ancestors, $1::uuid) + 1], p.id) AS child_id, s.created_at AS at,
              su.gross_pnl_minor AS gross, su.commission_minor AS commission, su.net_minor AS net, NULL::bigint AS share
       FROM ${SETTLEMENT_FROM}
       JOIN settlement_users su ON su.settlement_id = s.id
       JOIN users p ON p.id = su.user_id
       WHERE p.ancestors @> ARRAY[$1::uuid] AND ${SETTLEMENT_WHERE}
       UNION ALL
       SELECT sh.child_id, s.created_at, 0, 0, 0, sh.amount_minor
       FROM ${SETTLEMENT_FROM}
       JOIN settlement_agent_shares sh ON sh.settlement_id = s.id AND sh.agent_id = $1
       WHERE ${SETTLEMENT_WHERE}
       UNION ALL
       SELECT coalesce(p.ancestors[array_position(p.ancestors, $1::uuid) + 1], p.id), r.closed_at, r.pnl_minor, 0, r.pnl_minor, sh.amount_minor
       FROM ${INT_ROUND_FROM}
       JOIN users p ON p.id = r.user_id
       LEFT JOIN casino_int_round_shares sh ON sh.provider_id = r.provider_id AND sh.round_id = r.round_id AND sh.user_id = r.user_id AND sh.agent_id = $1
       WHERE p.ancestors @> ARRAY[$1::uuid] AND ${INT_ROUND_WHERE}
     ) x
     JOIN users c ON c.id = x.child_id
     GROUP BY c.id, c.username, c.role
     ORDER BY lower(c.username), c.id`,
    [agentId, filter.from, filter.toExclusive, filter.sportId ?? null],
  );
  return rows.map(toPnl);
}
