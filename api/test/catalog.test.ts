import { MESSAGES, type MatchSummary } from '@backlay/shared/contracts';
import { body, buildTestApp, type TestContext } from './helper';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login(await t.createUser({ role: 'user' }))).token;
});
afterAll(() => t.close());

describe('GET /api/get-sport-list', () => {
  it('lists Cricket, Soccer and Tennis with their ids', async () => {
    const response = await t.request({ method: 'GET', url: '/api/get-sport-list', token });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      data: [
        { sportId: 4, name: 'Cricket' },
        { sportId: 1, name: 'Soccer' },
        { sportId: 2, name: 'Tennis' },
      ],
      message: MESSAGES.ok,
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/get-sport-list' })).statusCode).toBe(401);
  });
});

describe('GET /api/get-match-list', () => {
  it('is empty until events are imported', async () => {
    const response = await t.request({ method: 'GET', url: '/api/get-match-list?sportId=4', token });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ data: [], message: MESSAGES.ok });
  });

  it('filters stored events by sport and status (in-play spelling accepted)', async () => {
    await t.db.query(
      `INSERT INTO events (id, sport_id, name, open_date, status, in_play) VALUES
        ('1001', 4, 'India v Australia', '2026-12-01T09:00:00Z', 'inplay', true),
        ('1002', 4, 'England v South Africa', '2026-12-02T09:00:00Z', 'upcoming', false),
        ('2001', 1, 'Arsenal v Chelsea', '2026-12-01T15:00:00Z', 'upcoming', false)`,
    );
    const all = body<{ data: MatchSummary[] }>(await t.request({ method: 'GET', url: '/api/get-match-list?sportId=4', token }));
    expect(all.data.map((m) => m._id)).toEqual(['1001', '1002']);
    const inPlay = body<{ data: MatchSummary[] }>(
      await t.request({ method: 'GET', url: '/api/get-match-list?sportId=4&status=in-play', token }),
    );
    expect(inPlay.data).toEqual([
      { _id: '1001', sportId: 4, name: 'India v Australia', openDate: '2026-12-01T09:00:00.000Z', inPlay: true, status: 'inplay' },
    ]);
    const limited = body<{ data: MatchSummary[] }>(await t.request({ method: 'GET', url: '/api/get-match-list?limit=1', token }));
    expect(limited.data).toHaveLength(1);
  });

  it('refuses a limit above 100 and an unknown status', async () => {
    const tooMany = await t.request({ method: 'GET', url: '/api/get-match-list?limit=10000', token });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).message).toBe('limit must be <= 100');
    expect((await t.request({ method: 'GET', url: '/api/get-match-list?status=live', token })).statusCode).toBe(400);
  });
});
