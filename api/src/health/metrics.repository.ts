/**
 * The business metrics' reads (issue 34, app.ts productMetrics): small aggregates the scrape
 * reads from the tables the money lives in, so every instance reports the same platform figures.
 */
import type { Queryable } from '../db/database';

/** The sport label of a match's bets: the sport's name as a label ("horse_racing"), "casino" for a live table. */
export async function sportOfMatch(q: Queryable, matchId: string): Promise<string | null> {
  const { rows } = await q.query<{ label: string }>(
    `SELECT CASE WHEN e.kind = 'casino' THEN 'casino' ELSE coalesce(lower(regexp_replace(sp.name, '[^A-Za-z0-9]+', '_', 'g')), 'unknown') END AS label
     FROM events e LEFT JOIN sports sp ON sp.sport_id = e.sport_id WHERE e.id = $1`,
    [matchId],
  );
  return rows[0]?.label ?? null;
}

/** The site of a user (ADR 0074: a user never changes site), or null. */
export async function siteOfUser(q: Queryable, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ site_id: string }>('SELECT site_id FROM users WHERE id = $1', [userId]);
  return rows[0]?.site_id ?? null;
}

/** The players' open exposure now per site: Σ of every user wallet's exposure, in paise (every site, 0 where none). */
export async function openExposureBySite(q: Queryable): Promise<Array<{ siteId: string; totalMinor: bigint }>> {
  const { rows } = await q.query<{ site_id: string; total: string }>(
    `SELECT s.id AS site_id, coalesce(sum(a.exposure_minor), 0)::text AS total
     FROM sites s LEFT JOIN users u ON u.site_id = s.id LEFT JOIN ledger_accounts a ON a.user_id = u.id AND a.kind = 'user'
     GROUP BY s.id ORDER BY s.id`,
  );
  return rows.map((row) => ({ siteId: row.site_id, totalMinor: BigInt(row.total) }));
}

/** The deposit and withdraw requests waiting now, per site and type (the oldest one's time). */
export async function pendingPaymentsBySite(q: Queryable): Promise<Array<{ siteId: string; type: 'deposit' | 'withdraw'; count: number; oldest: Date }>> {
  const { rows } = await q.query<{ site_id: string; type: 'deposit' | 'withdraw'; count: string; oldest: Date }>(
    `SELECT u.site_id, r.type, count(*)::text AS count, min(r.created_at) AS oldest
     FROM payment_requests r JOIN users u ON u.id = r.user_id
     WHERE r.status = 'pending' GROUP BY u.site_id, r.type`,
  );
  return rows.map((row) => ({ siteId: row.site_id, type: row.type, count: Number(row.count), oldest: row.oldest }));
}

export interface SettledFigures {
  /** What the players lost: −Σ their gross P&L. */
  ggrMinor: bigint;
  commissionMinor: bigint;
  /** The root's (the house's) partnership share of the players' net results. */
  houseShareMinor: bigint;
  /** Every other agent's share. */
  agentsShareMinor: bigint;
}

/**
 * What settled since `since` (an instant): live settlements (a reversed one never counts) and
 * closed international casino rounds; the shares split between the root and the agents below it.
 */
export async function settledSince(q: Queryable, since: string): Promise<SettledFigures> {
  const { rows } = await q.query<{ ggr: string; commission: string; house: string; agents: string }>(
    `WITH s AS (SELECT id FROM settlements WHERE reversed_at IS NULL AND created_at >= $1),
     r AS (SELECT provider_id, round_id, user_id, pnl_minor FROM casino_int_rounds WHERE status = 'closed' AND closed_at >= $1),
     shares AS (
       SELECT sh.agent_id, sh.amount_minor FROM settlement_agent_shares sh JOIN s ON s.id = sh.settlement_id
       UNION ALL
       SELECT sh.agent_id, sh.amount_minor FROM casino_int_round_shares sh
       JOIN r ON r.provider_id = sh.provider_id AND r.round_id = sh.round_id AND r.user_id = sh.user_id
     )
     SELECT (coalesce((SELECT -sum(su.gross_pnl_minor) FROM settlement_users su JOIN s ON s.id = su.settlement_id), 0)
             + coalesce((SELECT -sum(pnl_minor) FROM r), 0))::text AS ggr,
            coalesce((SELECT sum(su.commission_minor) FROM settlement_users su JOIN s ON s.id = su.settlement_id), 0)::text AS commission,
            coalesce((SELECT sum(x.amount_minor) FROM shares x JOIN users a ON a.id = x.agent_id WHERE a.parent_id IS NULL), 0)::text AS house,
            coalesce((SELECT sum(x.amount_minor) FROM shares x JOIN users a ON a.id = x.agent_id WHERE a.parent_id IS NOT NULL), 0)::text AS agents`,
    [since],
  );
  const row = rows[0];
  return {
    ggrMinor: BigInt(row?.ggr ?? '0'),
    commissionMinor: BigInt(row?.commission ?? '0'),
    houseShareMinor: BigInt(row?.house ?? '0'),
    agentsShareMinor: BigInt(row?.agents ?? '0'),
  };
}

/** Providers whose latest reconciliation (their newest day) did not match: mismatched or failed. */
export async function reconciliationsOff(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ off: string }>(
    `SELECT count(*)::text AS off FROM (
       SELECT DISTINCT ON (provider_id) status FROM casino_int_reconciliations ORDER BY provider_id, day DESC
     ) latest WHERE status <> 'matched'`,
  );
  return Number(rows[0]?.off ?? 0);
}
