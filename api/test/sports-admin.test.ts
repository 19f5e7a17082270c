/**
 * The sports administration: admin and sadmin only (every other role gets 403 and changes
 * nothing), import idempotency, market and fancy switches and limits, sport defaults, and an
 * audit row for every change.
 */
import { MESSAGES, ROLES, type Fancy, type Market, type MatchDetail, type Role, type SportSettings } from '@backlay/shared/contracts';
import { FEED_START_MS, FakeClock, findEvent, stepFeed, tickFeed } from './feed-helper';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;
const clock = new FakeClock(FEED_START_MS);
const tokens = new Map<Role, string>();
let cricket: { id: string; competitionId: string; name: string };
let marketId: string;
let fancyId: string;
let newsId: string;

const token = (role: Role): string => tokens.get(role) ?? '';

async function post<T>(url: string, payload: object, role: Role = 'admin') {
  const response = await t.request({ method: 'POST', url, token: token(role), payload });
  return { status: response.statusCode, ...body<{ data: T; message: string }>(response) };
}

async function auditCount(action?: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE $1::text IS NULL OR action = $1`, [action ?? null]);
  return rows[0]?.n ?? 0;
}

/** A digest of everything the admin routes may change. */
async function sportsDigest(): Promise<string> {
  const { rows } = await t.db.query<{ digest: string }>(
    `SELECT md5(concat_ws('|',
       (SELECT string_agg(concat_ws(':', id, imported, active), ',' ORDER BY id) FROM events),
       (SELECT string_agg(concat_ws(':', id, active, admin_suspended, min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec), ',' ORDER BY id) FROM markets),
       (SELECT string_agg(concat_ws(':', id, active, admin_suspended, min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec), ',' ORDER BY id) FROM fancies),
       (SELECT string_agg(concat_ws(':', sport_id, active, min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec), ',' ORDER BY sport_id) FROM sports),
       (SELECT string_agg(concat_ws(':', id, text, active), ',' ORDER BY id) FROM news_messages),
       (SELECT count(*) FROM audit_log))) AS digest`,
  );
  return rows[0]?.digest ?? '';
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  for (const role of ROLES) tokens.set(role, (await t.login(await t.createUser({ role }))).token);
  await tickFeed(t);
  cricket = await findEvent(t, 4, 'inplay');
  const { rows } = await t.db.query<{ market: string; fancy: string }>(
    `SELECT (SELECT id FROM markets WHERE event_id = $1 AND market_type = 'match_odds') AS market,
            (SELECT id FROM fancies WHERE event_id = $1 AND feed_status <> 'closed' ORDER BY sort_order LIMIT 1) AS fancy`,
    [cricket.id],
  );
  marketId = rows[0]?.market ?? '';
  fancyId = rows[0]?.fancy ?? '';
});
afterAll(() => t.close());

describe('POST /api/save-match', () => {
  it('imports a feed match once: saving twice changes nothing and audits once', async () => {
    const request = { data: { eventId: cricket.id, sportId: 4, competitionId: cricket.competitionId }, syncData: false };
    const first = await post<MatchDetail>('/api/save-match', request);
    expect(first).toMatchObject({ status: 200, message: MESSAGES.matchSaved, data: { _id: cricket.id, active: true, inPlay: true } });
    const audits = await auditCount('sports.match_saved');
    const second = await post<MatchDetail>('/api/save-match', request);
    expect(second.data).toEqual(first.data);
    expect(await auditCount('sports.match_saved')).toBe(audits);
    const { rows } = await t.db.query('SELECT id FROM events WHERE id = $1 AND imported', [cricket.id]);
    expect(rows).toHaveLength(1);
    // Without syncData the markets wait for an admin.
    expect((await t.db.query('SELECT id FROM markets WHERE event_id = $1 AND active', [cricket.id])).rows).toEqual([]);
  });

  it('with syncData switches on every market and fancy of the match (once)', async () => {
    const request = { data: { eventId: cricket.id, sportId: 4, competitionId: cricket.competitionId }, syncData: true };
    expect((await post('/api/save-match', request)).status).toBe(200);
    const { rows } = await t.db.query<{ inactive: number }>(
      `SELECT (SELECT count(*) FROM markets WHERE event_id = $1 AND NOT active) + (SELECT count(*) FROM fancies WHERE event_id = $1 AND NOT active) AS inactive`,
      [cricket.id],
    );
    expect(Number(rows[0]?.inactive)).toBe(0);
    const audits = await auditCount();
    expect((await post('/api/save-match', request)).status).toBe(200);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses an unknown match and a wrong sport or competition', async () => {
    const unknown = await post('/api/save-match', { data: { eventId: '123', sportId: 4, competitionId: cricket.competitionId }, syncData: true });
    expect(unknown).toMatchObject({ status: 404, message: MESSAGES.feedMatchNotFound });
    const wrong = await post('/api/save-match', { data: { eventId: cricket.id, sportId: 1, competitionId: cricket.competitionId }, syncData: true });
    expect(wrong).toMatchObject({ status: 400, message: MESSAGES.feedMatchMismatch });
    expect((await post('/api/save-match', { data: { eventId: cricket.id } })).status).toBe(400);
  });
});

describe('POST /api/update-market', () => {
  it('suspends on top of the feed, sets limits and switches off; each change audited', async () => {
    const suspended = await post<Market>('/api/update-market', { marketId, suspended: true, minStake: 200, maxStake: 50_000.5, betDelaySec: 3 });
    expect(suspended).toMatchObject({
      status: 200,
      message: MESSAGES.marketUpdated,
      data: { marketId, status: 'suspended', adminSuspended: true, active: true, minStake: 200, maxStake: 50_000.5, maxProfit: 500_000, betDelaySec: 3 },
    });
    const { rows } = await t.db.query<{ before: { suspended: boolean }; after: { suspended: boolean; minStake: number } }>(
      `SELECT before, after FROM audit_log WHERE action = 'sports.market_updated' AND target = $1`,
      [`market:${marketId}`],
    );
    expect(rows).toEqual([{ before: expect.objectContaining({ suspended: false, minStake: 100 }), after: expect.objectContaining({ suspended: true, minStake: 200 }) }]);
    // The feed keeps writing prices; the admin's suspension stays on top until lifted.
    await tickFeed(t);
    const players = await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${cricket.id}`, token: token('user') });
    expect(body<{ data: Market[] }>(players).data.find((m) => m.marketId === marketId)?.status).toBe('suspended');
    const lifted = await post<Market>('/api/update-market', { marketId, suspended: false });
    expect(lifted.data.status).not.toBe('suspended');
    expect(lifted.data.adminSuspended).toBe(false);

    const off = await post<Market>('/api/update-market', { marketId, active: false });
    expect(off.data.active).toBe(false);
    const list = await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${cricket.id}`, token: token('user') });
    expect(body<{ data: Market[] }>(list).data.map((m) => m.marketId)).not.toContain(marketId);
    await post('/api/update-market', { marketId, active: true });
  });

  it('tells a suspension by the feed from one by an admin', async () => {
    const listed = async () => {
      const res = await t.request({ method: 'GET', url: `/api/get-market-list?matchId=${cricket.id}`, token: token('user') });
      const m = body<{ data: Market[] }>(res).data.find((x) => x.marketId === marketId);
      return { status: m?.status, adminSuspended: m?.adminSuspended };
    };
    await t.db.query(`UPDATE markets SET feed_status = 'suspended' WHERE id = $1`, [marketId]);
    expect(await listed()).toEqual({ status: 'suspended', adminSuspended: false });
    // The admin holds it suspended: it stays so when the feed opens it again.
    await post('/api/update-market', { marketId, suspended: true });
    await t.db.query(`UPDATE markets SET feed_status = 'open' WHERE id = $1`, [marketId]);
    expect(await listed()).toEqual({ status: 'suspended', adminSuspended: true });
    await post('/api/update-market', { marketId, suspended: false });
    expect(await listed()).toEqual({ status: 'open', adminSuspended: false });
  });

  it.each([
    [{}, 400, MESSAGES.nothingToUpdate],
    [{ minStake: 0 }, 400, MESSAGES.limitAmountInvalid],
    [{ maxStake: 10.001 }, 400, MESSAGES.limitAmountInvalid],
    [{ minStake: 1_000_000 }, 400, MESSAGES.stakeLimitsInvalid],
    [{ betDelaySec: 61 }, 400, MESSAGES.betDelayInvalid],
  ])('%j → %i %s', async (changes, status, message) => {
    const before = await sportsDigest();
    expect(await post('/api/update-market', { marketId, ...changes })).toMatchObject({ status, message });
    expect(await sportsDigest()).toBe(before);
  });

  it('a market of a match nobody imported is not found', async () => {
    const upcoming = await findEvent(t, 4, 'upcoming');
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM markets WHERE event_id = $1 LIMIT 1', [upcoming.id]);
    expect(await post('/api/update-market', { marketId: rows[0]?.id, active: true })).toMatchObject({ status: 404, message: MESSAGES.marketNotFound });
    expect(await post('/api/update-market', { marketId: 'nope', active: true })).toMatchObject({ status: 404 });
  });
});

describe('POST /api/update-fancy', () => {
  it('switches a fancy, suspends it and sets its limits', async () => {
    const result = await post<Fancy>('/api/update-fancy', { fancyId, suspended: true, maxProfit: 25_000, betDelaySec: 0 });
    expect(result).toMatchObject({ status: 200, message: MESSAGES.fancyUpdated, data: { fancyId, status: 'suspended', adminSuspended: true, maxProfit: 25_000, betDelaySec: 0 } });
    const off = await post<Fancy>('/api/update-fancy', { fancyId, active: false, suspended: false });
    expect(off.data).toMatchObject({ active: false });
    const live = await t.request({ method: 'GET', url: `/api/fancy-data?MatchID=${cricket.id}`, token: token('user') });
    expect(body<{ data: Fancy[] }>(live).data.map((f) => f.fancyId)).not.toContain(fancyId);
    expect(await auditCount('sports.fancy_updated')).toBe(2);
    expect(await post('/api/update-fancy', { fancyId })).toMatchObject({ status: 400, message: MESSAGES.nothingToUpdate });
    expect(await post('/api/update-fancy', { fancyId: 'nope', active: true })).toMatchObject({ status: 404, message: MESSAGES.fancyNotFound });
  });
});

describe('POST /api/update-match', () => {
  it('hides and shows an imported match; a match nobody imported is not found', async () => {
    expect(await post<MatchDetail>('/api/update-match', { matchId: cricket.id, active: false })).toMatchObject({
      status: 200,
      message: MESSAGES.matchUpdated,
      data: { _id: cricket.id, active: false },
    });
    expect((await post<MatchDetail>('/api/update-match', { matchId: cricket.id, active: true })).data.active).toBe(true);
    const upcoming = await findEvent(t, 4, 'upcoming');
    expect(await post('/api/update-match', { matchId: upcoming.id, active: true })).toMatchObject({ status: 404, message: MESSAGES.matchNotFound });
  });
});

describe('POST /api/save-sport-settings', () => {
  it('saves a sport’s switch and defaults, which new markets take', async () => {
    const settings: SportSettings = { sportId: 2, active: true, minStake: 50, maxStake: 20_000, maxProfit: 100_000, betDelaySec: 2 };
    expect(await post('/api/save-sport-settings', settings)).toEqual({ status: 200, data: settings, message: MESSAGES.sportSettingsSaved });
    expect(await auditCount('sports.settings_saved')).toBe(1);
    // Markets the feed creates from now on take them; existing ones keep theirs.
    const known = new Set((await t.db.query<{ id: string }>('SELECT id FROM events WHERE sport_id = 2')).rows.map((r) => r.id));
    await stepFeed(t, clock, 5 * 60_000);
    const { rows } = await t.db.query<{ eventId: string; min: string; max: string; delay: number }>(
      `SELECT m.event_id AS "eventId", m.min_stake_minor::text AS min, m.max_stake_minor::text AS max, m.bet_delay_sec AS delay
       FROM markets m JOIN events e ON e.id = m.event_id WHERE e.sport_id = 2`,
    );
    const fresh = rows.filter((r) => !known.has(r.eventId));
    expect(fresh.length).toBeGreaterThan(0);
    for (const row of fresh) expect({ min: row.min, max: row.max, delay: row.delay }).toEqual({ min: '5000', max: '2000000', delay: 2 });
    expect(rows.filter((r) => known.has(r.eventId)).every((r) => r.min === '10000')).toBe(true);
  });

  it.each([
    [{ sportId: 99, active: true, minStake: 1, maxStake: 2, maxProfit: 3, betDelaySec: 0 }, 404, MESSAGES.sportNotFound],
    [{ sportId: 2, active: true, minStake: 500, maxStake: 100, maxProfit: 3, betDelaySec: 0 }, 400, MESSAGES.stakeLimitsInvalid],
    [{ sportId: 2, active: true, minStake: 1, maxStake: 2, maxProfit: 3 }, 400, 'betDelaySec is required'],
  ])('%j → %i %s', async (settings, status, message) => {
    expect(await post('/api/save-sport-settings', settings)).toMatchObject({ status, message });
  });
});

describe('news lines (admin writes)', () => {
  it('save-message and update-message are audited', async () => {
    const saved = await post<{ _id: string; text: string; active: boolean }>('/api/save-message', { text: '  Welcome to Backlay  ', active: true });
    expect(saved).toMatchObject({ status: 200, message: MESSAGES.messageSaved, data: { text: 'Welcome to Backlay', active: true } });
    newsId = saved.data._id;
    expect(await post('/api/update-message', { _id: newsId, active: false })).toMatchObject({ status: 200, data: { active: false } });
    expect(await auditCount('news.created')).toBe(1);
    expect(await auditCount('news.updated')).toBe(1);
  });
});

describe('only admin and sadmin may use the admin routes', () => {
  const calls = (): Array<[string, object]> => [
    ['/api/save-match', { data: { eventId: cricket.id, sportId: 4, competitionId: cricket.competitionId }, syncData: true }],
    ['/api/update-match', { matchId: cricket.id, active: true }],
    ['/api/update-market', { marketId, suspended: false }],
    ['/api/update-fancy', { fancyId, suspended: false }],
    ['/api/save-sport-settings', { sportId: 1, active: true, minStake: 100, maxStake: 100_000, maxProfit: 500_000, betDelaySec: 5 }],
    ['/api/save-message', { text: 'Role check', active: false }],
    ['/api/update-message', { _id: newsId, text: 'Role check' }],
  ];
  const reads = (): string[] => ['/api/get-series?EventTypeID=4', `/api/get-matches?EventTypeID=4&CompetitionID=${cricket.competitionId}`];

  it.each([...ROLES])('as %s', async (role) => {
    const allowed = role === 'admin' || role === 'sadmin';
    for (const [url, payload] of calls()) {
      const before = await sportsDigest();
      const result = await post(url, payload, role);
      expect({ url, status: result.status }).toEqual({ url, status: allowed ? 200 : 403 });
      if (!allowed) {
        expect({ url, data: result.data }).toEqual({ url, data: { code: 'FORBIDDEN' } });
        expect({ url, digest: await sportsDigest() }).toEqual({ url, digest: before });
      }
    }
    for (const url of reads()) {
      const response = await t.request({ method: 'GET', url, token: token(role) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: allowed ? 200 : 403 });
    }
  });

  it('without a token: 401', async () => {
    for (const [url, payload] of calls()) expect((await t.request({ method: 'POST', url, payload })).statusCode).toBe(401);
  });
});
