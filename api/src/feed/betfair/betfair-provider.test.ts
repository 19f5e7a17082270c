/**
 * FEED_PROVIDER=betfair end to end without a database: the provider connects to the local
 * protocol test server (the recorded T20), feeds the stream model, and its polls give FeedChanges
 * with the catalogue's names; a dropped connection resumes by clk and the model ends where the
 * recording does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StreamMarketCache } from '../betfair-stream/market-cache';
import type { FeedChanges, FeedMarket } from '../feed-provider';
import { BetfairProvider, CLOSED_RETENTION_MS, type BetfairProviderOptions } from './betfair-provider';
import type { MarketCatalogue } from './betting-api';
import { makeTestCertificate } from './test-certificate';
import { BetfairTestServer, readRecording, type RecordingSlice } from './test-server';

/** The recorded T20's opening image, 200 changes around its turn in play and its last 7 (the close, Netherlands the winner) (api/feed-data/betfair). */
const CRICKET: RecordingSlice = {
  file: path.resolve(__dirname, '..', '..', '..', 'feed-data', 'betfair', '1.200806927.cricket-match-odds.jsonl.gz'),
  lines: [
    [1, 1],
    [1008, 1207],
    [18523, 18529],
  ],
};
const certificate = makeTestCertificate();
const RATE = 10_550; // ₹105.50 a pound

/** The match's catalogue entry, as listMarketCatalogue answers it (runner 228749 is the Netherlands). */
const CATALOGUE: MarketCatalogue = {
  marketId: '1.200806927',
  marketName: 'Match Odds',
  event: { id: '31573045', name: 'Netherlands v Papua New Guinea', openDate: '2022-07-11T11:00:00.000Z' },
  eventType: { id: '4', name: 'Cricket' },
  competition: { id: '12345', name: 'PNG Tour of Netherlands' },
  runners: [
    { selectionId: 228749, runnerName: 'Netherlands', sortPriority: 1 },
    { selectionId: 2857977, runnerName: 'Papua New Guinea', sortPriority: 2 },
  ],
};

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let server: BetfairTestServer;
let provider: BetfairProvider | null = null;

afterEach(async () => {
  await provider?.close();
  provider = null;
  await server.close();
});

const withoutTimes = (market: FeedMarket | undefined): Omit<FeedMarket, 'receivedAtMs'> | undefined => {
  if (market === undefined) return undefined;
  const { receivedAtMs: _at, ...rest } = market;
  return rest;
};

/** A provider of the server's stream (listening first), naming markets with `listMarketCatalogue`; it connects at its first poll. */
async function connectedProvider(listMarketCatalogue: BetfairProviderOptions['catalogue']['listMarketCatalogue']): Promise<BetfairProvider> {
  return new BetfairProvider({
    stream: await server.clientOptions(),
    catalogue: { listMarketCatalogue },
    gbpInrRateHundredths: RATE,
  });
}

describe('BetfairProvider over the test server', () => {
  it('connects at the first poll and turns the stream into FeedChanges named from the catalogue; a drop resumes without a gap', async () => {
    server = new BetfairTestServer({ recordings: [CRICKET], appKey: 'k', sessionTokens: ['s'], intervalMs: 2, linesPerTick: 2, certificate });
    const asked: string[][] = [];
    provider = await connectedProvider((ids) => {
      asked.push([...ids]);
      return Promise.resolve(ids.includes(CATALOGUE.marketId) ? [CATALOGUE] : []);
    });
    expect(provider.staleAfterMs).toBe(1_000);
    expect(provider.health()).toMatchObject({ connected: false, lastMessageAtMs: null, reconnects: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connectionsAccepted).toBe(0); // nothing before the first poll (only the ingest's leader polls)

    const polls: FeedChanges[] = [];
    const poll = (): FeedChanges => {
      const changes = (provider as BetfairProvider).poll(Date.now());
      polls.push(changes);
      return changes;
    };
    poll();
    await waitFor('the named match in play', () => {
      const changes = poll();
      return changes.markets.some((m) => m.runners[0]?.name === 'Netherlands' && m.inPlay && m.status === 'open');
    });
    expect(asked).toEqual([['1.200806927']]); // named once
    const event = polls.flatMap((c) => c.events).find((e) => e.inPlay);
    expect(event).toMatchObject({ eventId: '31573045', sportId: 4, name: 'Netherlands v Papua New Guinea', home: 'Netherlands', away: 'Papua New Guinea', status: 'inplay' });
    const market = polls.flatMap((c) => c.markets).at(-1);
    expect(market).toMatchObject({ marketId: '1.200806927', eventId: '31573045', type: 'match_odds', inPlay: true, betDelaySec: 5 });
    expect(market?.runners.map((r) => r.name)).toEqual(['Netherlands', 'Papua New Guinea']);
    expect(market?.receivedAtMs).toBeGreaterThan(Date.now() - 2_000);
    for (const level of market?.runners.flatMap((r) => [...r.back, ...r.lay]) ?? []) {
      expect(Number.isInteger(level.price) && Number.isInteger(level.sizeMinor)).toBe(true);
    }
    expect(provider.health()).toMatchObject({ connected: true, reconnects: 0, marketsSubscribed: 1, lastError: null });

    // A drop in mid-match: the provider resumes by clk and its model ends where the recording ends.
    server.dropConnections();
    await waitFor('the resumed stream', () => provider?.health().reconnects === 1 && provider.health().connected);
    await waitFor('the whole recording', () => server.played === server.length && provider?.streamStatus().clk !== null && server.positionOf(provider?.streamStatus().clk ?? '') === server.length);
    poll();
    expect(server.subscriptions.map((s) => s.answer)).toEqual(['SUB_IMAGE', 'RESUB_DELTA']);
    // The recorded result comes out: the market closed with the Netherlands (228749) the winner.
    expect(polls.flatMap((c) => c.markets).at(-1)).toMatchObject({ marketId: '1.200806927', status: 'closed', result: '228749' });

    const direct = new StreamMarketCache({ gbpInrRateHundredths: RATE });
    direct.addCatalogue([CATALOGUE]);
    for (const message of readRecording(CRICKET)) direct.apply(message);
    expect(withoutTimes(provider.markets('31573045')[0])).toEqual(withoutTimes(direct.markets('31573045')[0]));
    expect(provider.events(4).map((e) => e.eventId)).toEqual(['31573045']);
    expect(provider.events(1)).toEqual([]);

    // A closed market stays an hour (its result readable), then the provider forgets it.
    provider.poll(Date.now() + CLOSED_RETENTION_MS - 60_000);
    expect(provider.events(4)).toHaveLength(1);
    provider.poll(Date.now() + CLOSED_RETENTION_MS + 1_000);
    expect(provider.events(4)).toEqual([]);
    expect(provider.markets('31573045')).toEqual([]);
  });
  it('lets go of its connection when the instance stops leading, and opens it again, resumed by clk, at the next poll', async () => {
    server = new BetfairTestServer({ recordings: [CRICKET], appKey: 'k', sessionTokens: ['s'], intervalMs: 2, linesPerTick: 2, certificate });
    provider = await connectedProvider(() => Promise.resolve([CATALOGUE]));
    const live = provider;
    live.poll(Date.now());
    await waitFor('the first connection subscribed', () => live.health().connected && live.streamStatus().clk !== null);
    expect(server.connectionsAccepted).toBe(1);

    await live.release();
    expect(live.health().connected).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.connectionsAccepted).toBe(1); // released: no reconnection of its own

    live.poll(Date.now());
    await waitFor('the second connection subscribed', () => live.health().connected && server.subscriptions.length === 2);
    expect(server.connectionsAccepted).toBe(2);
    expect(server.subscriptions.map((sub) => sub.answer)).toEqual(['SUB_IMAGE', 'RESUB_DELTA']);
  });

  it('a greyhound race (ADR 0044): one event per race named from the catalogue, its traps as cloth numbers, run to its result', async () => {
    const dir = path.resolve(__dirname, '..', '..', '..', 'feed-data', 'betfair');
    const catalogue = JSON.parse(readFileSync(path.join(dir, '1.197931750.catalogue.json'), 'utf8')) as MarketCatalogue;
    server = new BetfairTestServer({ recordings: [{ file: path.join(dir, '1.197931750.greyhound-win.jsonl.gz'), lines: [[1, 166]] }], appKey: 'k', sessionTokens: ['s'], intervalMs: 2, linesPerTick: 10, certificate });
    provider = new BetfairProvider({
      stream: await server.clientOptions({ marketFilter: { eventTypeIds: ['4339'], marketTypes: ['WIN', 'PLACE'] } }),
      catalogue: { listMarketCatalogue: (ids) => Promise.resolve(ids.includes(catalogue.marketId) ? [catalogue] : []) },
      gbpInrRateHundredths: RATE,
    });
    const live = provider;
    const changes: FeedChanges[] = [];
    await waitFor('the race closed', () => {
      changes.push(live.poll(Date.now()));
      return changes.some((c) => c.markets.some((m) => m.status === 'closed'));
    });
    expect(changes.flatMap((c) => c.competitions)).toEqual([{ competitionId: 'bf-meeting-31389771', sportId: 4339, name: 'Sheffield (GB)' }]);
    expect(live.events(4339)).toEqual([expect.objectContaining({ eventId: '31389771-1826', name: 'Sheffield · OR 280m', home: 'Sheffield', away: 'OR 280m', status: 'closed' })]);
    const named = changes.flatMap((c) => c.markets).find((m) => m.runners[0]?.name === 'Paradise Mission');
    expect(named?.runners.map((r) => [r.clothNumber, r.name])).toEqual([
      [1, 'Paradise Mission'],
      [2, 'Sandwood Jet'],
      [3, 'Kirabilly Kathy'],
      [4, 'Gurtnacrehyblake'],
      [5, 'Castlehill Jil'],
      [6, 'Coolavanny Galiv'],
    ]);
    expect(live.markets('31389771-1826')[0]).toMatchObject({ marketId: '1.197931750', eventId: '31389771-1826', name: 'Win', status: 'closed', result: '37947503' });
  });
});
