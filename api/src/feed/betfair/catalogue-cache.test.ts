import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MarketCatalogue } from './betting-api';
import { MarketCatalogueCache } from './catalogue-cache';

const GREYHOUND = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', '..', 'feed-data', 'betfair', '1.197931750.catalogue.json'), 'utf8')) as MarketCatalogue;

/** The Betting API as far as the cache uses it: records each request, answers what it knows. */
function fakeApi(markets: MarketCatalogue[]) {
  const requests: string[][] = [];
  let failing = false;
  return {
    requests,
    fail: (on: boolean) => (failing = on),
    listMarketCatalogue: (ids: readonly string[]): Promise<MarketCatalogue[]> => {
      requests.push([...ids]);
      if (failing) return Promise.reject(new Error('ECONNRESET'));
      return Promise.resolve(markets.filter((m) => ids.includes(m.marketId)));
    },
  };
}

describe('MarketCatalogueCache', () => {
  it('asks once for every new market, never again once known; what failed or went unanswered waits retryMs', async () => {
    let now = 0;
    const api = fakeApi([GREYHOUND]);
    const cache = new MarketCatalogueCache(api, { retryMs: 1_000, now: () => now });

    // Two change messages at once: one request, the second asks only for what the first did not.
    await Promise.all([cache.want(['1.197931750', '1.197931750']), cache.want(['1.197931750', '1.999'])]);
    expect(api.requests).toEqual([['1.197931750'], ['1.999']]);
    expect(cache.get('1.197931750')?.runners?.[0]?.runnerName).toBe('1. Paradise Mission');
    expect(cache.get('1.999')).toBeUndefined();

    await cache.want(['1.197931750', '1.999']);
    expect(api.requests).toHaveLength(2); // known, and unanswered less than retryMs ago

    now = 1_000;
    api.fail(true);
    await cache.want(['1.999', '1.777']);
    expect(api.requests.at(-1)).toEqual(['1.999', '1.777']);
    await cache.want(['1.777']);
    expect(api.requests).toHaveLength(3); // the failure waits too
    now = 2_000;
    api.fail(false);
    await cache.want(['1.777', '1.197931750']);
    expect(api.requests.at(-1)).toEqual(['1.777']);
  });
});
