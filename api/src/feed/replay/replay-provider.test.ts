/**
 * The replay provider on the recorded T20: loading (one recording per event, scores with prices,
 * the in-play anchor), re-timing to now, the speeds (real time × n, max), the loop and its ids.
 */
import path from 'node:path';
import { FEED_DATA_DIR, T20_EVENT, T20_MARKET, T20_WINNER } from '../betfair-stream/fixtures';
import { loadRecordings, recordingFiles, type Recording } from './recordings';
import { DEFAULT_PRE_ROLL_MS, DEFAULT_RACE_PRE_ROLL_MS, DEFAULT_RETENTION_MS, ReplayProvider, type ReplaySpeed } from './replay-provider';

const T20_FILES = [
  path.join(FEED_DATA_DIR, '1.200806927.cricket-match-odds.jsonl.gz'),
  path.join(FEED_DATA_DIR, '1.200806927.cricket-score.jsonl.gz'),
];
/** The recorded turn in play and the close of the T20's match odds. */
const IN_PLAY_PT = 1_657_537_220_540;
const CLOSED_PT = 1_657_550_847_332;
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);

let t20: Recording[];
beforeAll(() => {
  t20 = loadRecordings(T20_FILES);
});

function provider(speed: ReplaySpeed, loop = false): ReplayProvider {
  return new ReplayProvider({ recordings: t20, speed, loop, gbpInrRateHundredths: 10_500 });
}

describe('loading recordings', () => {
  it('one recording per event: prices and scores on one timeline, anchored at the turn in play', () => {
    expect(t20).toHaveLength(1);
    const [recording] = t20;
    expect(recording).toMatchObject({ eventId: T20_EVENT, anchorPt: IN_PLAY_PT, lastPt: CLOSED_PT });
    expect(recording?.messages).toHaveLength(18_529 + 2_170);
    const pts = recording?.messages.map((m) => m.pt) ?? [];
    expect(pts.every((pt, i) => i === 0 || (pts[i - 1] as number) <= pt)).toBe(true);
  });

  it('a folder gives its stream and catalogue files; a race without an in-play market anchors at its market time', () => {
    const files = recordingFiles([FEED_DATA_DIR]).map((f) => path.basename(f));
    expect(files).toEqual([
      '1.132153978.horse-win-basic.jsonl.gz',
      '1.197931750.catalogue.json',
      '1.197931750.greyhound-win.jsonl.gz',
      '1.200806927.cricket-match-odds.jsonl.gz',
      '1.200806927.cricket-score.jsonl.gz',
    ]);
    const all = loadRecordings([FEED_DATA_DIR]);
    expect(all.map((r) => r.eventId)).toEqual(['28270094', '31389771', T20_EVENT]);
    // A race is its own recording, keyed as the stream model keys its event (ADR 0044).
    expect(all.map((r) => [r.key, r.racing])).toEqual([
      ['28270094-1855', true],
      ['31389771-1826', true],
      [T20_EVENT, false],
    ]);
    const greyhound = all.find((r) => r.eventId === '31389771');
    expect(greyhound?.anchorPt).toBe(Date.parse('2022-04-19T18:26:00.000Z'));
    expect(greyhound?.catalogues.map((c) => c.marketId)).toEqual(['1.197931750']);
  });
});

describe('speed max: a batch per poll, every status change its own poll', () => {
  it('plays the T20 from just before the turn in play to the recorded result, re-timed to now', () => {
    const p = provider('max');
    const first = p.poll(NOW);
    const [event] = first.events;
    expect(event?.eventId).toMatch(new RegExp(`^${T20_EVENT}-r[0-9a-z]+$`));
    const suffix = event?.eventId.slice(T20_EVENT.length) ?? '';
    // Recorded 11:00:00 start, the replay began 10 minutes of recording before the turn in play (11:00:20.540).
    expect(event).toMatchObject({ name: 'Netherlands v Papua New Guinea', status: 'upcoming', openDateMs: NOW - (IN_PLAY_PT - DEFAULT_PRE_ROLL_MS - Date.parse('2022-07-11T11:00:00.000Z')) });
    expect(first.markets[0]).toMatchObject({ marketId: `${T20_MARKET}${suffix}`, status: 'open', inPlay: false, betDelaySec: 0 });
    expect(first.scores[0]).toMatchObject({ summary: 'Netherlands v Papua New Guinea, 3rd T20 from Queens Sports Club', inPlay: false });
    const states: string[] = [];
    let polls = 1;
    let last = first.markets[0];
    for (let at = NOW + 500; polls < 200; at += 500) {
      const changes = p.poll(at);
      polls += 1;
      const market = changes.markets[0];
      if (market !== undefined) {
        last = market;
        const state = `${market.status}/${market.inPlay}`;
        if (states[states.length - 1] !== state) states.push(state);
      }
      if (last?.status === 'closed') break;
    }
    expect(states).toEqual(['suspended/false', 'open/true', 'suspended/true', 'closed/true']);
    expect(last).toMatchObject({ result: T20_WINNER, betDelaySec: 5 });
    // 20,699 messages in batches of 500 and the status turns: a few dozen polls.
    expect(polls).toBeLessThan(60);
    expect(p.events(4)[0]?.status).toBe('closed');
  });
});

describe('speed n: recorded time runs n times faster than the clock', () => {
  it('is in play once the pre-roll has passed at that speed, with the score and its time re-timed', () => {
    const p = provider(60);
    p.poll(NOW);
    expect(p.events(4)[0]?.status).toBe('upcoming');
    // 10 recorded minutes at 60× are 10 s; 30 s later the match is in play.
    const changes = p.poll(NOW + 30_000);
    const [event] = p.events(4);
    expect(event).toMatchObject({ status: 'inplay', inPlay: true });
    expect(p.markets(event?.eventId ?? '')[0]).toMatchObject({ status: 'open', inPlay: true, betDelaySec: 5 });
    const score = p.score(event?.eventId ?? '');
    expect(score?.updatedAtMs).toBeLessThanOrEqual(NOW + 30_000);
    expect(score?.updatedAtMs).toBeGreaterThan(NOW);
    expect(changes.markets).toHaveLength(1);
    // The whole recording after the start: (CLOSED − start) / 60 of wall time.
    p.poll(NOW + Math.ceil((CLOSED_PT - (IN_PLAY_PT - DEFAULT_PRE_ROLL_MS)) / 60));
    expect(p.markets(event?.eventId ?? '')[0]).toMatchObject({ status: 'closed', result: T20_WINNER });
  });

  it('time never goes back', () => {
    const p = provider(60);
    p.poll(NOW + 60_000);
    const changes = p.poll(NOW);
    expect(changes.markets).toEqual([]);
  });
});

describe('loop', () => {
  it('cycles are aligned to the epoch: two instances started apart play the same match with the same ids', () => {
    const a = provider(60, true);
    const b = provider(60, true);
    a.poll(NOW);
    a.poll(NOW + 40_000);
    b.poll(NOW + 40_000);
    const eventA = a.events(4)[0];
    expect(b.events(4)[0]).toEqual(eventA);
    expect(b.markets(eventA?.eventId ?? '')).toEqual(a.markets(eventA?.eventId ?? ''));
  });

  it('a finished replay starts again after the retention, as a new match', () => {
    const p = provider('max', true);
    let at = NOW;
    p.poll(at);
    const firstId = p.events(4)[0]?.eventId;
    for (let i = 0; i < 100 && p.events(4)[0]?.status !== 'closed'; i += 1) p.poll((at += 500));
    expect(p.events(4)[0]?.status).toBe('closed');
    p.poll((at += DEFAULT_RETENTION_MS - 1_000));
    expect(p.events(4)[0]?.eventId).toBe(firstId);
    const next = p.poll((at += 1_000));
    const [event] = p.events(4);
    expect(event?.eventId).not.toBe(firstId);
    expect(event?.status).toBe('upcoming');
    expect(next.events.map((e) => e.eventId)).toEqual([event?.eventId]);
  });

  it('without loop a finished replay leaves the offer after the retention', () => {
    const p = provider('max');
    let at = NOW;
    p.poll(at);
    for (let i = 0; i < 100 && p.events(4)[0]?.status !== 'closed'; i += 1) p.poll((at += 500));
    p.poll((at += DEFAULT_RETENTION_MS));
    expect(p.events(4)).toEqual([]);
  });
});

describe('featured', () => {
  it('the replayed events while open, for the demo to import', () => {
    const p = provider('max');
    expect(p.featured()).toEqual([]);
    p.poll(NOW);
    expect(p.featured().map((e) => [e.name, e.status])).toEqual([['Netherlands v Papua New Guinea', 'upcoming']]);
    let at = NOW;
    for (let i = 0; i < 100 && p.events(4)[0]?.status !== 'closed'; i += 1) p.poll((at += 500));
    expect(p.featured()).toEqual([]);
  });
});

describe('races (ADR 0044)', () => {
  const GREYHOUND = [path.join(FEED_DATA_DIR, '1.197931750.greyhound-win.jsonl.gz'), path.join(FEED_DATA_DIR, '1.197931750.catalogue.json')];
  const HORSE = [path.join(FEED_DATA_DIR, '1.132153978.horse-win-basic.jsonl.gz')];
  /** The greyhound race: its off, its recording's first message (87 s before) and its close. */
  const GREYHOUND_OFF = Date.parse('2022-04-19T18:26:00.000Z');
  const GREYHOUND_FIRST = 1_650_392_673_420;
  const GREYHOUND_CLOSED = Date.parse('2022-04-19T18:29:56.470Z');
  const race = (files: string[], speed: ReplaySpeed, loop = false) => new ReplayProvider({ recordings: loadRecordings(files), speed, loop, gbpInrRateHundredths: 10_500 });

  it('the greyhound race is on the card 30 minutes before its off, its first book held until its recording begins, then run to its result', () => {
    const p = race(GREYHOUND, 1);
    const first = p.poll(NOW);
    expect(first.events).toEqual([
      expect.objectContaining({ sportId: 4339, name: 'Sheffield · OR 280m', status: 'upcoming', openDateMs: NOW + DEFAULT_RACE_PRE_ROLL_MS }),
    ]);
    const [event] = first.events;
    expect(event?.eventId).toMatch(/^31389771-1826-r[0-9a-z]+$/);
    expect(p.featured().map((e) => e.eventId)).toEqual([event?.eventId]);
    const book = (at: number) => {
      p.poll(at);
      return p.markets(event?.eventId ?? '')[0];
    };
    const opening = first.markets[0];
    expect(opening).toMatchObject({ name: 'Win', status: 'open', inPlay: false });
    expect(opening?.runners.find((r) => r.selectionId === '42930960')).toMatchObject({ clothNumber: 4, name: 'Gurtnacrehyblake', back: [{ price: 880, sizeMinor: 195_510 }, expect.anything(), expect.anything()] });
    // Held: the recording's first state until its first message's re-timed time.
    const recordingBegins = NOW + DEFAULT_RACE_PRE_ROLL_MS - (GREYHOUND_OFF - GREYHOUND_FIRST);
    expect(book(recordingBegins - 1_000)?.runners).toEqual(opening?.runners);
    expect(book(recordingBegins + 60_000)?.runners).not.toEqual(opening?.runners);
    expect(book(NOW + DEFAULT_RACE_PRE_ROLL_MS + (GREYHOUND_CLOSED - GREYHOUND_OFF))).toMatchObject({ status: 'closed', result: '37947503' });
    expect(p.events(4339)[0]?.status).toBe('closed');
  });

  it('the horse race (BASIC data: last traded prices only) shows its card and non-runners with no invented book, goes in play and settles', () => {
    const p = race(HORSE, 1);
    const { events, markets } = p.poll(NOW);
    expect(events[0]).toMatchObject({ sportId: 7, name: 'Hamilton · 1m Hcap', status: 'upcoming' });
    const [win] = markets;
    expect(win?.runners).toHaveLength(14);
    expect(win?.runners.every((r) => r.back.length === 0 && r.lay.length === 0)).toBe(true);
    // Both non-runners were withdrawn the morning of the race: before the replay's start, re-timed.
    const removed = win?.runners.filter((r) => r.status === 'removed') ?? [];
    expect(removed.map((r) => [r.selectionId, r.adjustmentFactor])).toEqual([
      ['11198538', 7.14],
      ['9606433', 5.55],
    ]);
    for (const r of removed) expect(r.removedAtMs).toBeLessThan(NOW);
    const eventId = events[0]?.eventId ?? '';
    p.poll(NOW + DEFAULT_RACE_PRE_ROLL_MS + 1_000);
    expect(p.events(7)[0]).toMatchObject({ status: 'inplay', inPlay: true });
    p.poll(NOW + DEFAULT_RACE_PRE_ROLL_MS + 5 * 60_000);
    expect(p.markets(eventId)[0]).toMatchObject({ status: 'closed', result: '12115648' });
  });

  it('looped: each cycle is a new race on the card again half an hour ahead', () => {
    const p = race(GREYHOUND, 1, true);
    p.poll(NOW);
    const [first] = p.events(4339);
    // One cycle: the card, the recording (to its close) and the retention.
    const cycleMs = DEFAULT_RACE_PRE_ROLL_MS + (GREYHOUND_CLOSED - GREYHOUND_OFF) + 1 + DEFAULT_RETENTION_MS;
    let next = first;
    let seenAt = NOW;
    for (let at = NOW; at < NOW + 2 * cycleMs && next?.eventId === first?.eventId; at += 30_000) {
      p.poll(at);
      next = p.events(4339)[0];
      seenAt = at;
    }
    expect(next?.eventId).not.toBe(first?.eventId);
    expect(next?.eventId).toMatch(/^31389771-1826-r[0-9a-z]+$/);
    expect(next?.status).toBe('upcoming');
    // Seen within a poll (30 s) of its cycle's start, which puts its off half an hour ahead.
    expect((next?.openDateMs ?? 0) - seenAt).toBeGreaterThan(DEFAULT_RACE_PRE_ROLL_MS - 30_000);
    expect((next?.openDateMs ?? 0) - seenAt).toBeLessThanOrEqual(DEFAULT_RACE_PRE_ROLL_MS);
  });
});
