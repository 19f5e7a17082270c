/**
 * The agent dashboard's reads (issue 34): one query per panel, each over the downline of
 * `agentId` (users whose ancestors hold it) and India's calendar days. Money stays in paise
 * (text, read as bigint); the service converts.
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
  turnoverMinor: bigint;
  bets: number;
  ggrMinor: bigint;
  ownShareMinor: bigint;
  activePlayers: number;
}

/**
 * Per IST day from `from` to `to` (inclusive, YYYY-MM-DD): turnover and bets placed (sports and
 * live casino, voided bets left out; international casino rounds by their close), GGR and the
 * agent's own share of what settled (live settlements: a reversed one never counts), and the
 * players who bet. Only days with figures come back.
 */
export async function dailyFigures(q: Queryable, agentId: string, from: string, to: string): Promise<DayFigures[]> {
  const { rows } = await q.query<{ day: string; turnover: string; bets: string; ggr: string; share: string; active: string }>(
    `WITH down AS (SELECT id FROM users WHERE ancestors @> ARRAY[$1::uuid] AND role = 'user'),
     placed AS (
       SELECT ${IST_DAY('b.created_at')} AS day, b.user_id, b.stake_minor AS stake, 1 AS bet
       FROM bets b JOIN down d ON d.id = b.user_id
       WHERE b.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND b.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
         AND b.status <> 'voided' AND NOT ${CASINO_ROUND_VOIDED}
       UNION ALL
       SELECT ${IST_DAY('r.closed_at')}, r.user_id, x.stake, x.debits::int
       FROM casino_int_rounds r JOIN down d ON d.id = r.user_id
       CROSS JOIN LATERAL (${ROUND_STAKE}) x
       WHERE r.status = 'closed' AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
     ),
     settled AS (
       SELECT ${IST_DAY('s.created_at')} AS day, -su.gross_pnl_minor AS ggr, coalesce(sh.amount_minor, 0) AS share
       FROM settlements s
       JOIN settlement_users su ON su.settlement_id = s.id
       JOIN down d ON d.id = su.user_id
       LEFT JOIN settlement_shares sh ON sh.settlement_id = s.id AND sh.user_id = su.user_id AND sh.agent_id = $1
       WHERE s.reversed_at IS NULL AND s.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND s.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
       UNION ALL
       SELECT ${IST_DAY('r.closed_at')}, -r.pnl_minor, coalesce(sh.amount_minor, 0)
       FROM casino_int_rounds r JOIN down d ON d.id = r.user_id
       LEFT JOIN casino_int_round_shares sh ON sh.provider_id = r.provider_id AND sh.round_id = r.round_id AND sh.user_id = r.user_id AND sh.agent_id = $1
       WHERE r.status = 'closed' AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
     ),
     p AS (SELECT day, sum(stake) AS turnover, sum(bet) AS bets, count(DISTINCT user_id) AS active FROM placed GROUP BY day),
     g AS (SELECT day, sum(ggr) AS ggr, sum(share) AS share FROM settled GROUP BY day)
     SELECT to_char(coalesce(p.day, g.day), 'YYYY-MM-DD') AS day, coalesce(p.turnover, 0)::text AS turnover, coalesce(p.bets, 0)::text AS bets,
            coalesce(g.ggr, 0)::text AS ggr, coalesce(g.share, 0)::text AS share, coalesce(p.active, 0)::text AS active
     FROM p FULL JOIN g ON g.day = p.day
     ORDER BY 1`,
    [agentId, from, to],
  );
  return rows.map((r) => ({
    day: r.day,
    turnoverMinor: BigInt(r.turnover),
    bets: Number(r.bets),
    ggrMinor: BigInt(r.ggr),
    ownShareMinor: BigInt(r.share),
    activePlayers: Number(r.active),
  }));
}

/** Players of the downline, and those who placed a bet (or played a casino round) in the range. */
export async function playerCounts(q: Queryable, agentId: string, from: string, to: string): Promise<{ players: number; active: number }> {
  const { rows } = await q.query<{ players: string; active: string }>(
    `WITH down AS (SELECT id FROM users WHERE ancestors @> ARRAY[$1::uuid] AND role = 'user')
     SELECT (SELECT count(*) FROM down)::text AS players,
            (SELECT count(*) FROM down d WHERE
               EXISTS (SELECT 1 FROM bets b WHERE b.user_id = d.id AND b.status <> 'voided'
                         AND b.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND b.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'))
               OR EXISTS (SELECT 1 FROM casino_int_rounds r WHERE r.user_id = d.id AND r.status = 'closed'
                         AND r.closed_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kolkata') AND r.closed_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')))::text AS active`,
    [agentId, from, to],
  );
  const row = rows[0];
  return { players: Number(row?.players ?? 0), active: Number(row?.active ?? 0) };
}

export interface ExposureRow {
  matchId: string;
  matchName: string;
  sportName: string;
  exposureMinor: bigint;
  players: number;
}

/** The downline's open exposure per match (open positions), largest first; `limit` rows and the total. */
export async function openExposureByMatch(q: Queryable, agentId: string, limit: number): Promise<{ rows: ExposureRow[]; totalMinor: bigint }> {
  const { rows } = await q.query<{ match_id: string; match_name: string; sport_name: string; exposure: string; players: string; total: string }>(
    `SELECT x.match_id, coalesce(e.name, x.match_id) AS match_name, coalesce(sp.name, '') AS sport_name, x.exposure::text, x.players::text,
            (sum(x.exposure) OVER ())::text AS total
     FROM (
       SELECT p.match_id, sum(p.exposure_minor) AS exposure, count(DISTINCT p.user_id) AS players
       FROM positions p JOIN users u ON u.id = p.user_id
       WHERE u.ancestors @> ARRAY[$1::uuid] AND p.status = 'open' AND p.exposure_minor > 0
       GROUP BY p.match_id
     ) x
     LEFT JOIN events e ON e.id = x.match_id
     LEFT JOIN sports sp ON sp.sport_id = e.sport_id
     ORDER BY x.exposure DESC, x.match_id`,
    [agentId],
  );
  return {
    totalMinor: rows.length === 0 ? 0n : BigInt(rows[0]!.total),
    rows: rows.slice(0, limit).map((r) => ({ matchId: r.match_id, matchName: r.match_name, sportName: r.sport_name, exposureMinor: BigInt(r.exposure), players: Number(r.players) })),
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
