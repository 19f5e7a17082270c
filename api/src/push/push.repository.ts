/** Browser push subscriptions (migration 0047) and what a settlement tells their owners. */
import type { Queryable } from '../db/database';

export interface SubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The subscriptions a user may keep; past it the oldest goes. */
export const SUBSCRIPTIONS_PER_USER = 10;

/** Saves a browser's subscription for `userId` (an endpoint seen before moves to this user, with its new keys); keeps the newest SUBSCRIPTIONS_PER_USER. */
export async function saveSubscription(q: Queryable, row: Omit<SubscriptionRow, 'id'>): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       created_at = now(), failures = 0`,
    [row.userId, row.endpoint, row.p256dh, row.auth],
  );
  await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
       SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2)`,
    [row.userId, SUBSCRIPTIONS_PER_USER],
  );
}

/** Removes the user's subscription of that endpoint; true when there was one. */
export async function deleteSubscription(q: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
  return (rowCount ?? 0) > 0;
}

/** The push service no longer knows the endpoint (404, 410): it is gone. */
export async function dropEndpoint(q: Queryable, endpoint: string): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
}

/** A delivery's outcome on its subscription. */
export async function markDelivery(q: Queryable, id: string, ok: boolean): Promise<void> {
  await q.query(
    ok ? 'UPDATE push_subscriptions SET last_sent_at = now(), failures = 0 WHERE id = $1' : 'UPDATE push_subscriptions SET failures = failures + 1 WHERE id = $1',
    [id],
  );
}

export async function subscriptionsOf(q: Queryable, userIds: readonly string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT id, user_id AS "userId", endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ANY ($1::uuid[]) ORDER BY created_at, id`,
    [userIds],
  );
  return rows;
}

export async function countOf(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: string }>('SELECT count(*)::text AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

export interface SettledResult {
  userId: string;
  netMinor: bigint;
  matchName: string;
  marketName: string;
}

/**
 * The players of a settlement who have a subscription, with their net result and what settled
 * (a market's or a fancy's name, its match's).
 */
export async function settledResults(q: Queryable, settlementId: string): Promise<SettledResult[]> {
  const { rows } = await q.query<{ user_id: string; net: string; match_name: string; market_name: string }>(
    `SELECT su.user_id, su.net_minor::text AS net, coalesce(e.name, s.match_id) AS match_name,
            coalesce(CASE WHEN s.market_type = 'fancy' THEN f.name ELSE m.name END, s.market_id) AS market_name
     FROM settlements s
     JOIN settlement_users su ON su.settlement_id = s.id
     LEFT JOIN events e ON e.id = s.match_id
     LEFT JOIN markets m ON s.market_type <> 'fancy' AND m.id = s.market_id
     LEFT JOIN fancies f ON s.market_type = 'fancy' AND f.id = s.market_id
     WHERE s.id = $1 AND EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = su.user_id)`,
    [settlementId],
  );
  return rows.map((r) => ({ userId: r.user_id, netMinor: BigInt(r.net), matchName: r.match_name, marketName: r.market_name }));
}
