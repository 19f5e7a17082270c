/**
 * Bets and positions carry no foreign keys to users and events (migration 0016, ADR 0009).
 * These tests show the guarantees the foreign keys gave still hold:
 * - users are never deleted;
 * - an event with bets cannot be deleted, even when the delete races a bet in flight;
 * - an event without bets still can be deleted, and a bet that comes after the delete finds
 *   its market gone;
 * - the feed's prune of stale unimported events passes over an event with bets.
 * B6 in assertLedgerInvariants (no bet or position without its user and match) runs after each test
 * (test/per-file-setup.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import * as repo from '../src/betting/betting.repository';
import { pruneClosedEvents } from '../src/catalog/catalog.repository';
import { buildTestApp, createTestMarket, type TestContext, type TestMarket } from './helper';

let t: TestContext;
const clients: Client[] = [];

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.end()));
});

async function client(): Promise<Client> {
  const c = await t.db.dedicatedClient('bet-parents-test');
  clients.push(c);
  return c;
}

async function fundedPlayer(): Promise<string> {
  const user = await t.createUser({ role: 'user' });
  await t.fund(user.id, 1_000n);
  return user.id;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

async function count(sql: string, value: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, [value]);
  return rows[0]?.n ?? -1;
}

const PLACE_SQL = `SELECT outcome FROM place_runner_bet($1, $2, $3, $4, $5, 'a', 'BACK', 200, 10000, false, NULL, NULL, NULL)`;
const placeArgs = (userId: string, m: TestMarket) => [userId, randomUUID(), hash(randomUUID()), m.matchId, m.marketId];

/** Resolves with the error a query raised, or null once it succeeded. */
const errorOf = (p: Promise<unknown>) => p.then(
  () => null,
  (error: { code?: string; message: string }) => error,
);

/** True while `p` has not settled after `ms` (it waits on a lock). */
async function stillWaiting(p: Promise<unknown>, ms = 300): Promise<boolean> {
  const pending = Symbol('pending');
  return (await Promise.race([p.then(() => null, () => null), new Promise((r) => setTimeout(() => r(pending), ms))])) === pending;
}

/** A market, a funded player, and two sessions of their own: one bets, one deletes the event. */
async function race(): Promise<{ m: TestMarket; userId: string; bettor: Client; deleter: Client }> {
  const m = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
  return { m, userId: await fundedPlayer(), bettor: await client(), deleter: await client() };
}

describe('bets keep their user and match without foreign keys', () => {
  it('a user is never deleted', async () => {
    const userId = await fundedPlayer();
    const error = await errorOf(t.db.query('DELETE FROM users WHERE id = $1', [userId]));
    expect(error).toMatchObject({ code: '23001', message: expect.stringContaining('users are never deleted') });
  });

  it('an event with bets cannot be deleted; one without bets can', async () => {
    const withBets = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    const without = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    const userId = await fundedPlayer();
    const placed = await repo.placeRunnerBet(t.db, {
      userId,
      idempotencyKey: randomUUID(),
      requestHash: hash('one bet'),
      matchId: withBets.matchId,
      marketId: withBets.marketId,
      selectionId: 'a',
      side: 'BACK',
      quotedHundredths: 200,
      acceptance: null,
      stakeMinor: 10_000n,
      waited: false,
      session: null,
    });
    expect(placed.outcome).toBe('ACCEPTED');

    const refused = await errorOf(t.db.query('DELETE FROM events WHERE id = $1', [withBets.matchId]));
    expect(refused).toMatchObject({ code: '23503', message: `event ${withBets.matchId} has bets and cannot be deleted` });
    expect(await count('markets WHERE event_id = $1', withBets.matchId)).toBe(1);

    await t.db.query('DELETE FROM events WHERE id = $1', [without.matchId]);
    expect(await count('markets WHERE event_id = $1', without.matchId)).toBe(0);
  });

  it("the feed's prune of closed unimported events keeps an event with bets and still prunes the rest", async () => {
    const withBets = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    const without = await createTestMarket(t, { a: [200, 202], b: [300, 305] });
    const userId = await fundedPlayer();
    expect((await t.db.query(PLACE_SQL, placeArgs(userId, withBets))).rows[0]).toEqual({ outcome: 'ACCEPTED' });
    await t.db.query(
      `UPDATE events SET imported = false, status = 'closed', updated_at = now() - interval '2 days' WHERE id = ANY($1::text[])`,
      [[withBets.matchId, without.matchId]],
    );

    expect(await pruneClosedEvents(t.db, 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(await count('events WHERE id = $1', without.matchId)).toBe(0);
    expect(await count('events WHERE id = $1', withBets.matchId)).toBe(1);
    expect(await count('bets WHERE match_id = $1', withBets.matchId)).toBe(1);
  });

  it('a delete that races a bet in flight waits for it, then refuses', async () => {
    const { m, userId, bettor, deleter } = await race();

    await bettor.query('BEGIN');
    expect((await bettor.query(PLACE_SQL, placeArgs(userId, m))).rows[0]).toEqual({ outcome: 'ACCEPTED' });
    const deletion = errorOf(deleter.query('DELETE FROM events WHERE id = $1', [m.matchId]));
    // The delete waits on the market row the uncommitted bet holds FOR KEY SHARE.
    expect(await stillWaiting(deletion)).toBe(true);
    await bettor.query('COMMIT');

    expect(await deletion).toMatchObject({ code: '23503', message: `event ${m.matchId} has bets and cannot be deleted` });
    expect(await count('bets WHERE match_id = $1', m.matchId)).toBe(1);
  });

  it('a bet that comes while an event without bets is being deleted waits, then finds no market', async () => {
    const { m, userId, bettor, deleter } = await race();

    await deleter.query('BEGIN');
    await deleter.query('DELETE FROM events WHERE id = $1', [m.matchId]);
    const bet = bettor.query(PLACE_SQL, placeArgs(userId, m));
    expect(await stillWaiting(bet)).toBe(true);
    await deleter.query('COMMIT');

    expect((await bet).rows[0]).toEqual({ outcome: 'NOT_FOUND' });
    expect(await count('bets WHERE user_id = $1', userId)).toBe(0);
  });
});
