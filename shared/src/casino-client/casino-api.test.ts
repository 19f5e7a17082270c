import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { DATA_API_TIMEOUT_MS } from '../contracts/limits';
import { createCasinoApi } from './casino-api';
import { createApiClient } from '../kernel/client';

function setup(pathname: string, handler: (config: InternalAxiosRequestConfig) => unknown = () => null) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient({
    baseURL: '/api',
    pathname: () => pathname,
    navigate: jest.fn(),
    reload: jest.fn(),
    adapter: async (config) => {
      seen.push(config);
      const response: AxiosResponse = { data: { data: handler(config), message: 'Done' }, status: 200, statusText: '200', headers: {}, config };
      return response;
    },
  });
  return { seen, casino: createCasinoApi(client) };
}

describe('casino domain module', () => {
  it('sends each player call to its path with the API\'s parameter names', async () => {
    const { seen, casino } = setup('/casino/dt20/m 1');
    await casino.table('m 1');
    await casino.results('m1', { filter_date: '2026-11-21', roundId: 'r9', page: 2 });
    await casino.roundCards('r9', 'dt20');
    await casino.bets('m1', 'r9');
    await casino.bets('m1');
    await casino.bets('m1', 'r9', { page: 2, pageSize: 100 });
    await casino.report({ from: '2026-11-14', to: '2026-11-21' });
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/get-casino-data-by-id/m%201', undefined],
      ['/done-results/m1', { filter_date: '2026-11-21', roundId: 'r9', page: 2 }],
      ['/html-cards/r9/dt20', undefined],
      ['/casino-bets', { matchId: 'm1', roundId: 'r9' }],
      ['/casino-bets', { matchId: 'm1', roundId: undefined }],
      ['/casino-bets', { matchId: 'm1', roundId: 'r9', page: 2, pageSize: 100 }],
      ['/casino-report', { from: '2026-11-14', to: '2026-11-21' }],
    ]);
  });

  it('reads the list from the nested data array', async () => {
    const tile = { title: 'Dragon Tiger', image: '/api/casino/images/dt20.svg', slug: 'dt20', match_id: 'm1', isDisable: false, categoryId: 23 };
    const { seen, casino } = setup('/casino-list/LC/4', () => ({ data: [tile] }));
    await expect(casino.games()).resolves.toEqual([tile]);
    expect(seen[0].url).toBe('/get-casino-games');
  });

  it('reads the virtual-games streams from the data client, in the nested data array', async () => {
    const stream = { id: '9020', game_id: 'teen20', game_images: ['/api/casino/images/teen20.svg'], game_name: 'Teen Patti 20-20', name: 'Teenpatti' };
    const { seen, casino } = setup('/virtual-games', () => ({ data: [stream] }));
    await expect(casino.virtualGames()).resolves.toEqual([stream]);
    expect(seen[0].url).toBe('/get-virtual-games');
    expect(seen[0].timeout).toBe(DATA_API_TIMEOUT_MS);
  });

  it('asks the current round from the data client (its shorter time-out)', async () => {
    const { seen, casino } = setup('/casino/dt20/m1');
    await casino.round('m1');
    expect(seen[0].url).toBe('/casino-market/m1');
    expect(seen[0].timeout).toBe(DATA_API_TIMEOUT_MS);
  });

  it('sends the agents\' calls with the admin token, and the switch as a POST with the transaction password', async () => {
    localStorage.setItem('token-admin', 'admin-token');
    const { seen, casino } = setup('/admin/casino-list', () => ({ matchId: 'm1', isDisable: true }));
    await expect(casino.setDisabled({ matchId: 'm1', isDisable: true, transactionPassword: '123456' })).resolves.toEqual({ data: { matchId: 'm1', isDisable: true }, message: 'Done' });
    await casino.roundBook('dt20');
    await casino.gameReports({ from: '2026-11-01', to: '2026-11-21' });
    expect(seen[0]?.method).toBe('post');
    expect(JSON.parse(String(seen[0]?.data))).toEqual({ matchId: 'm1', isDisable: true, transactionPassword: '123456' });
    expect(seen.map((c) => [c.url, c.params])).toEqual([
      ['/disable-casino-games', undefined],
      ['/casino-round-book/dt20', undefined],
      ['/game-reports', { from: '2026-11-01', to: '2026-11-21' }],
    ]);
    expect(seen.every((c) => c.headers.Authorization === 'Bearer admin-token')).toBe(true);
    localStorage.clear();
  });
});
