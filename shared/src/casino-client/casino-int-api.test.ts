import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { createCasinoIntApi } from './casino-int-api';
import { createApiClient } from '../kernel/client';

function setup(handler: (config: InternalAxiosRequestConfig) => unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient({
    baseURL: '/api',
    pathname: () => '/casino-int',
    navigate: jest.fn(),
    reload: jest.fn(),
    adapter: async (config) => {
      seen.push(config);
      const response: AxiosResponse = { data: { data: handler(config), message: 'Done' }, status: 200, statusText: '200', headers: {}, config };
      return response;
    },
  });
  return { seen, api: createCasinoIntApi(client) };
}

describe('international casino domain module', () => {
  it("sends the SPEC's calls with their parameter names and answers the envelope's data", async () => {
    const launch = { data: { url: 'http://127.0.0.1:8095/play?s=1', provider_id: 'backlay-studio', game_name: 'Crash', scrollable: false } };
    const { seen, api } = setup((config) => (config.url === '/get-cas-casino-play-url' ? launch : { result: [], providers: [], category: [] }));
    await api.games({ type: 'backlay-studio', category: 'crash' });
    const answer = await api.playUrl({ gameCode: 'backlay-studio:crash', lobby_url: 'http://127.0.0.1:8080/casino-int', ipAddress: '', isMobile: true });
    expect(answer.data.url).toBe(launch.data.url);
    expect(seen.map((c) => [c.method, c.url, c.params])).toEqual([
      ['get', '/get-casino-int-games', { type: 'backlay-studio', category: 'crash' }],
      ['post', '/get-cas-casino-play-url', undefined],
    ]);
    expect(JSON.parse(String(seen[1].data))).toEqual({ gameCode: 'backlay-studio:crash', lobby_url: 'http://127.0.0.1:8080/casino-int', ipAddress: '', isMobile: true });
  });
});
