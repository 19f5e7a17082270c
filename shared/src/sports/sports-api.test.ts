import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '../kernel/client';
import { createSportsAdminApi, createSportsApi } from './sports-api';

type Handler = (config: InternalAxiosRequestConfig) => unknown;

function setup(handler: Handler) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient({
    baseURL: '/api',
    pathname: () => '/admin/active-matches/4',
    navigate: jest.fn(),
    reload: jest.fn(),
    adapter: async (config) => {
      seen.push(config);
      const response: AxiosResponse = { data: { data: handler(config), message: 'OK' }, status: 200, statusText: '200', headers: {}, config };
      return response;
    },
  });
  return { seen, sports: createSportsApi(client), admin: createSportsAdminApi(client) };
}

const summary = (id: string, active: boolean) => ({ _id: id, sportId: 4, name: id, openDate: '2026-11-21T10:00:00Z', inPlay: false, status: 'upcoming', active });

describe('sports domain modules', () => {
  it('send the feed queries with the API\'s parameter names', async () => {
    const { seen, admin, sports } = setup(() => []);
    await admin.series(4);
    await admin.feedMatches(4, 'c1');
    await sports.fancyList('m1');
    await sports.score('m1');
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/get-series', { EventTypeID: 4 }],
      ['/get-matches', { EventTypeID: 4, CompetitionID: 'c1' }],
      ['/get-fancy-list', { matchId: 'm1', gtype: 'session' }],
      ['/score', { MatchID: 'm1' }],
    ]);
  });

  it('give admins each imported match with its player switch in one call', async () => {
    const { seen, admin } = setup(() => [summary('a', false), summary('b', true)]);
    const rows = await admin.matchList({ sportId: 4, status: 'upcoming', limit: 100 });
    expect(rows.map((r) => [r._id, r.active])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(seen.map((c) => [c.url, c.params])).toEqual([['/get-match-list', { status: 'upcoming', sportId: 4, limit: 100 }]]);
  });
});
