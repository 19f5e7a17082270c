import { CombinedProvider } from './combined-provider';
import type { FeedHealth, FeedProvider } from './feed-provider';
import { loadRecordings } from './replay/recordings';
import { ReplayProvider } from './replay/replay-provider';
import { SimulatorProvider } from './simulator/simulator';
import { FEED_DATA_DIR, T20_EVENT } from './betfair-stream/fixtures';
import path from 'node:path';

const NOW = Date.UTC(2026, 2, 1, 18, 0, 0);

describe('several providers as one (FEED_PROVIDER=simulator,replay)', () => {
  const build = () => {
    const simulator = new SimulatorProvider({ seed: 7 });
    const replay = new ReplayProvider({
      recordings: loadRecordings([path.join(FEED_DATA_DIR, '1.200806927.cricket-match-odds.jsonl.gz')]),
      speed: 60,
      loop: false,
      gbpInrRateHundredths: 10_500,
    });
    return { simulator, replay, combined: new CombinedProvider([simulator, replay]) };
  };

  const { simulator, combined } = build();
  const changes = combined.poll(NOW);

  it('polls every provider and answers for the events of each', () => {
    const alone = new SimulatorProvider({ seed: 7 }).poll(NOW);
    const replayed = changes.events.filter((e) => e.eventId.startsWith(`${T20_EVENT}-r`));
    expect(replayed).toHaveLength(1);
    expect(changes.events.length).toBe(alone.events.length + 1);
    expect(changes.markets.length).toBe(alone.markets.length + 1);
    expect(changes.fancies.length).toBe(alone.fancies.length);
    const replayedId = replayed[0]?.eventId ?? '';
    expect(combined.markets(replayedId).map((m) => m.type)).toEqual(['match_odds']);
    const simulatedId = simulator.eventIds()[0] ?? '';
    expect(combined.markets(simulatedId)).toEqual(simulator.markets(simulatedId));
    expect(combined.score(simulatedId)).toEqual(simulator.score(simulatedId));
    expect(combined.events(4).map((e) => e.eventId)).toContain(replayedId);
  });

  it('lists a sport once, names itself after its parts and features the replay', () => {
    expect(combined.sports().map((s) => s.sportId)).toEqual([4, 1, 2, 7, 4339]);
    expect(combined.name).toBe('simulator,replay');
    expect(combined.featured().map((e) => e.eventId.split('-r')[0])).toEqual([T20_EVENT]);
    expect(() => new CombinedProvider([])).toThrow('a combined provider needs at least one provider');
  });

  it('reports its parts\' health as one: connected only when every part is, the oldest message, the sums', () => {
    const part = (name: string, health: FeedHealth, staleAfterMs?: number): FeedProvider =>
      ({ ...new SimulatorProvider({ seed: 1 }), name, health: () => health, ...(staleAfterMs === undefined ? {} : { staleAfterMs }) }) as unknown as FeedProvider;
    const a = part('a', { connected: true, lastMessageAtMs: NOW - 1_000, reconnects: 1, marketsSubscribed: 3, lagMs: 40, lastError: null }, 10_000);
    const b = part('b', { connected: false, lastMessageAtMs: NOW - 9_000, reconnects: 2, marketsSubscribed: 4, lagMs: 90, lastError: 'INVALID_SESSION_INFORMATION' }, 4_000);
    const both = new CombinedProvider([a, b]);
    expect(both.staleAfterMs).toBe(4_000);
    expect(both.health(NOW)).toEqual({ connected: false, lastMessageAtMs: NOW - 9_000, reconnects: 3, marketsSubscribed: 7, lagMs: 90, lastError: 'INVALID_SESSION_INFORMATION' });
    expect(new CombinedProvider([a]).health(NOW)).toEqual({ connected: true, lastMessageAtMs: NOW - 1_000, reconnects: 1, marketsSubscribed: 3, lagMs: 40, lastError: null });
    expect(combined.health(NOW).connected).toBe(true);
  });

  it('passes the ingest\'s wake to the parts that push (ADR 0043); a polled part has none', () => {
    const listeners: Array<() => void> = [];
    const pushing = { ...new SimulatorProvider({ seed: 1 }), name: 'pushing', onUrgent: (listener: () => void) => listeners.push(listener) } as unknown as FeedProvider;
    let woken = 0;
    new CombinedProvider([new SimulatorProvider({ seed: 1 }), pushing]).onUrgent(() => (woken += 1));
    expect(listeners).toHaveLength(1);
    listeners[0]?.();
    expect(woken).toBe(1);
  });
});
