/**
 * The agent dashboard's reads (issue 34): one query per panel, each over the downline of
 * `agentId` (users whose ancestors hold it) and India's calendar days. Money stays in paise
 * (text, read as bigint); the service converts. The figures the Super Admin sees split by site
 * (issue 35) come back per player's site (`users.site_id`) from the same pass: the service adds
 * the sites up into the totals, so the split and the totals agree to the paisa.
 */
import type { Queryable } from '../db/database';

/** India's calendar day of a timestamp column. */
const IST_DAY = (column: string) => `(${column} AT TIME ZONE 'Asia/Kolkata')::date`;

/**
 * A live casino bet whose round the engine settled VOID (stake back, P&L 0, status 'settled'):
 * counted nowhere, as in the game reports. Its market id is `c<roundId>.<code>`.
 */
const CASINO_ROUND_VOIDED = `(b.market_type = 'casino' AND EXISTS (SELECT 1 FROM casino_rounds vr
  WHERE vr.id = split_part(substr(b.market_id, 2), '.', 1)::bigint AND vr.status = 'VOID'))`;

/**
 * An international casino round's debits and stake (debits less rollbacks) from its wallet
 * transactions, in one pass; alias r is the round (a LATERAL subquery).
 */
const ROUND_STAKE = `SELECT count(*) FILTER (WHERE t.type = 'debit') AS debits,
    coalesce(sum(CASE t.type WHEN 'debit' THEN t.amount_minor WHEN 'rollback' THEN -t.amount_minor ELSE 0 END), 0) AS stake
  FROM casino_int_transactions t WHERE t.provider_id = r.provider_id AND t.round_id = r.round_id AND t.user_id = r.user_id`;

export interface DayFigures {
  day: string;
  /** The players' site: one row per day and site. */
  siteId: string;
  turnoverMinor: bigint;
  bets: number;
  ggrMinor: bigint;
  ownShareMinor: bigint;
  activePlayers: number;
}

/**
 * Per IST day from `from` to `to` (inclusive, YYYY-MM-DD) and players' site: turnover and bets placed (sports and
 * live casino, voided bets left out; international casino rounds by their close), GGR and the
 * agent's own share of what settled (live settlements: a reversed one never counts), and the
 * players who bet. Only days with figures come back.
 */
export async function dailyFigures(q: Queryable, agentId: string, from: string, to: string): Promise<DayFigures[]> {
  const { rows } = await q.query<{ day: string; site_id: string; turnover: string; bets: string; ggr: string; share: string; active: string }>(
    `WITH down AS (SELECT id, site_id FROM users WHERE ancestors @> ARRAY[$1::uuid] AND role = 'user'),
     placed AS (
       SELECT ${IST_DAY('b.created_at')} AS day, d.site_id, b.user_id, b.stake_minor AS stake, 1 AS bet
       FROM bets b JOIN down d ON d.id = b.user_id
       WHERE b.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND b.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
         AND b.status <> 'voided' AND NOT ${CASINO_ROUND_VOIDED}
       UNION ALL
       SELECT ${IST_DAY('r.closed_at')}, d.site_id, r.user_id, x.stake, x.debits::int
       FROM casino_int_rounds r JOIN down d ON d.id = r.user_id
       CROSS JOIN LATERAL (${ROUND_STAKE}) x
       WHERE r.status = 'closed' AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
     ),
     settled AS (
       SELECT ${IST_DAY('s.created_at')} AS day, d.site_id, -su.gross_pnl_minor AS ggr, 0 AS share
       FROM settlements s
       JOIN settlement_users su ON su.settlement_id = s.id
       JOIN down d ON d.id = su.user_id
       WHERE s.reversed_at IS NULL AND s.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND s.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
       UNION ALL
       -- The agent's share per child on the path (ADR 0079): the child's site is its players' site
       -- (users_site: below the root, a user's site is its parent's).
       SELECT ${IST_DAY('s.created_at')}, c.site_id, 0, sh.amount_minor
       FROM settlements s
       JOIN settlement_agent_shares sh ON sh.settlement_id = s.id AND sh.agent_id = $1
       JOIN users c ON c.id = sh.child_id
       WHERE s.reversed_at IS NULL AND s.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND s.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
       UNION ALL
       SELECT ${IST_DAY('r.closed_at')}, d.site_id, -r.pnl_minor, coalesce(sh.amount_minor, 0)
       FROM casino_int_rounds r JOIN down d ON d.id = r.user_id
       LEFT JOIN casino_int_round_shares sh ON sh.provider_id = r.provider_id AND sh.round_id = r.round_id AND sh.user_id = r.user_id AND sh.agent_id = $1
       WHERE r.status = 'closed' AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
     ),
     p AS (SELECT day, site_id, sum(stake) AS turnover, sum(bet) AS bets, count(DISTINCT user_id) AS active FROM placed GROUP BY day, site_id),
     g AS (SELECT day, site_id, sum(ggr) AS ggr, sum(share) AS share FROM settled GROUP BY day, site_id)
     SELECT to_char(coalesce(p.day, g.day), 'YYYY-MM-DD') AS day, coalesce(p.site_id, g.site_id) AS site_id,
            coalesce(p.turnover, 0)::text AS turnover, coalesce(p.bets, 0)::text AS bets,
            coalesce(g.ggr, 0)::text AS ggr, coalesce(g.share, 0)::text AS share, coalesce(p.active, 0)::text AS active
     FROM p FULL JOIN g ON g.day = p.day AND g.site_id = p.site_id
     ORDER BY 1, 2`,
    [agentId, from, to],
  );
  return rows.map((r) => ({
    day: r.day,
    siteId: r.site_id,
    turnoverMinor: BigInt(r.turnover),
    bets: Number(r.bets),
    ggrMinor: BigInt(r.ggr),
    ownShareMinor: BigInt(r.share),
    activePlayers: Number(r.active),
  }));
}

/**
 * Per site: the downline's players, and those who placed a bet (or played a casino round) in the
 * range (a player has one site, so the sites add up to the downline's counts).
 */
export async function playerCounts(q: Queryable, agentId: string, from: string, to: string): Promise<Array<{ siteId: string; players: number; active: number }>> {
  const { rows } = await q.query<{ site_id: string; players: string; active: string }>(
    `SELECT d.site_id, count(*)::text AS players,
            (count(*) FILTER (WHERE
               EXISTS (SELECT 1 FROM bets b WHERE b.user_id = d.id AND b.status <> 'voided'
                         AND b.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND b.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'))
               OR EXISTS (SELECT 1 FROM casino_int_rounds r WHERE r.user_id = d.id AND r.status = 'closed'
                         AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'))))::text AS active
     FROM users d WHERE d.ancestors @> ARRAY[$1::uuid] AND d.role = 'user'
     GROUP BY d.site_id ORDER BY d.site_id`,
    [agentId, from, to],
  );
  return rows.map((r) => ({ siteId: r.site_id, players: Number(r.players), active: Number(r.active) }));
}

export interface ExposureRow {
  matchId: string;
  matchName: string;
  sportName: string;
  exposureMinor: bigint;
  players: number;
}

/**
 * The downline's open exposure per match (open positions), largest first (`limit` rows), and per
 * players' site, in one pass (grouping sets); the total is the sites' sum (every match's too).
 */
export async function openExposureByMatch(
  q: Queryable,
  agentId: string,
  limit: number,
): Promise<{ rows: ExposureRow[]; totalMinor: bigint; bySite: Array<{ siteId: string; exposureMinor: bigint }> }> {
  const { rows } = await q.query<{ by_site: number; match_id: string | null; site_id: string | null; match_name: string; sport_name: string; exposure: string; players: string }>(
    `SELECT x.by_site, x.match_id, x.site_id, coalesce(e.name, x.match_id, '') AS match_name, coalesce(sp.name, '') AS sport_name,
            x.exposure::text, x.players::text
     FROM (
       SELECT GROUPING(p.match_id) AS by_site, p.match_id, u.site_id, sum(p.exposure_minor) AS exposure, count(DISTINCT p.user_id) AS players
       FROM positions p JOIN users u ON u.id = p.user_id
       WHERE u.ancestors @> ARRAY[$1::uuid] AND p.status = 'open' AND p.exposure_minor > 0
       GROUP BY GROUPING SETS ((p.match_id), (u.site_id))
     ) x
     LEFT JOIN events e ON e.id = x.match_id
     LEFT JOIN sports sp ON sp.sport_id = e.sport_id
     ORDER BY x.by_site, x.exposure DESC, x.match_id, x.site_id`,
    [agentId],
  );
  const matches = rows.filter((r) => r.by_site === 0);
  const bySite = rows.filter((r) => r.by_site === 1).map((r) => ({ siteId: r.site_id ?? '', exposureMinor: BigInt(r.exposure) }));
  return {
    totalMinor: bySite.reduce((total, s) => total + s.exposureMinor, 0n),
    bySite,
    rows: matches.slice(0, limit).map((r) => ({ matchId: r.match_id ?? '', matchName: r.match_name, sportName: r.sport_name, exposureMinor: BigInt(r.exposure), players: Number(r.players) })),
  };
}

/** The largest open positions of the downline: one player's exposure on one match, largest first. */
export async function largestPositions(q: Queryable, agentId: string, limit: number): Promise<Array<{ username: string; matchName: string; exposureMinor: bigint }>> {
  const { rows } = await q.query<{ username: string; match_name: string; exposure: string }>(
    `SELECT u.username, coalesce(e.name, p.match_id) AS match_name, sum(p.exposure_minor)::text AS exposure
     FROM positions p JOIN users u ON u.id = p.user_id LEFT JOIN events e ON e.id = p.match_id
     WHERE u.ancestors @> ARRAY[$1::uuid] AND p.status = 'open' AND p.exposure_minor > 0
     GROUP BY u.id, u.username, p.match_id, e.name
     ORDER BY sum(p.exposure_minor) DESC, u.username
     LIMIT $2`,
    [agentId, limit],
  );
  return rows.map((r) => ({ username: r.username, matchName: r.match_name, exposureMinor: BigInt(r.exposure) }));
}

/** Live casino (our tables: settled bets of rounds not voided) and international casino (closed rounds) per game in the range. */
export async function casinoByGame(q: Queryable, agentId: string, from: string, to: string): Promise<Array<{ kind: 'live' | 'international'; game: string; bets: number; stakeMinor: bigint; ggrMinor: bigint }>> {
  const { rows } = await q.query<{ kind: 'live' | 'international'; game: string; bets: string; stake: string; ggr: string }>(
    `WITH down AS (SELECT id FROM users WHERE ancestors @> ARRAY[$1::uuid] AND role = 'user')
     SELECT 'live' AS kind, t.title AS game, count(*)::text AS bets, sum(b.stake_minor)::text AS stake, (-sum(b.pnl_minor))::text AS ggr
     FROM bets b JOIN down d ON d.id = b.user_id JOIN casino_tables t ON t.match_id = b.match_id
     WHERE b.market_type = 'casino' AND b.status = 'settled' AND NOT ${CASINO_ROUND_VOIDED}
       AND b.settled_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND b.settled_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
     GROUP BY t.title
     UNION ALL
     SELECT 'international', coalesce(g.name, r.game_code), sum(x.debits)::text, sum(x.stake)::text, (-sum(r.pnl_minor))::text
     FROM casino_int_rounds r JOIN down d ON d.id = r.user_id
     LEFT JOIN casino_int_games g ON g.provider_id = r.provider_id AND g.code = r.game_code
     CROSS JOIN LATERAL (${ROUND_STAKE}) x
     WHERE r.status = 'closed' AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
     GROUP BY coalesce(g.name, r.game_code)
     ORDER BY 4 DESC, 2`,
    [agentId, from, to],
  );
  return rows.map((r) => ({ kind: r.kind, game: r.game, bets: Number(r.bets), stakeMinor: BigInt(r.stake), ggrMinor: BigInt(r.ggr) }));
}
