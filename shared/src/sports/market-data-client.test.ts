import type { MatchDelta, MatchSnapshot } from '../contracts/sports';
import { buildMarket, buildRunner } from '../testing/market-data';
import { FakeDataSocket } from '../testing/fake-data-socket';
import { createMarketDataClient } from './market-data-client';
import type { MatchState } from './market-state';

/** The shared fake socket, with the subscribes this file checks. */
class FakeSocket extends FakeDataSocket {
  override acks: ((result: { ok: boolean; message?: string }) => void)[] = [];
  subscribes(): unknown[] {
    return this.sent('subscribe');
  }
}

const snapshot = (matchId: string, seq: number, price = 1.8): MatchSnapshot => ({
  matchId,
  seq,
  markets: [buildMarket('mo', { matchId, runners: [buildRunner('a', price, { name: 'A', back: [{ price, size: 100 }], lay: [] })] })],
  fancies: [],
  score: null,
});

const delta = (matchId: string, seq: number, price: number): MatchDelta => ({
  matchId,
  seq,
  markets: [buildMarket('mo', { matchId, runners: [buildRunner('a', price, { name: 'A', back: [{ price, size: 100 }], lay: [] })] })],
});

const bestBack = (s: MatchState | undefined) => s?.markets[0]?.runners[0]?.back[0]?.price;

function setup(options: { idleCloseMs?: number; beforeRetry?: () => Promise<unknown>; renewToken?: () => Promise<unknown> } = {}) {
  const sockets: FakeSocket[] = [];
  const client = createMarketDataClient({
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    idleCloseMs: options.idleCloseMs ?? 0,
    beforeRetry: options.beforeRetry,
    renewToken: options.renewToken,
    retryDelayMs: 100,
    retryDelayMaxMs: 400,
  });
  return { client, sockets };
}

describe('createMarketDataClient', () => {
  afterEach(() => jest.useRealTimers());

  it('opens one connection, subscribes once it is up, and emits the snapshot then each delta', () => {
    const { client, sockets } = setup();
    const states: MatchState[] = [];
    const sub = client.watchMatch('m1').subscribe((s) => states.push(s));
    expect(sockets).toHaveLength(1);
    expect(states.map((s) => s.status)).toEqual(['connecting']);
    expect(sockets[0].subscribes()).toEqual([]);

    sockets[0].fire('connect');
    expect(sockets[0].subscribes()).toEqual([{ matchId: 'm1' }]);
    sockets[0].fire('snapshot', snapshot('m1', 5));
    sockets[0].fire('deltas', [delta('m1', 6, 1.9)]);
    sockets[0].fire('deltas', [delta('m1', 6, 9.9)]); // duplicate: no new state
    expect(states.map((s) => [s.status, s.seq, bestBack(s)])).toEqual([
      ['connecting', -1, undefined],
      ['live', 5, 1.8],
      ['live', 6, 1.9],
    ]);
    sub.unsubscribe();
  });

  it('shares one subscription between observers of a match and unsubscribes when the last one leaves', () => {
    const { client, sockets } = setup({ idleCloseMs: 0 });
    const first = client.watchMatch('m1').subscribe();
    sockets[0].fire('connect');
    let seen: MatchState | undefined;
    sockets[0].fire('snapshot', snapshot('m1', 1));
    const second = client.watchMatch('m1').subscribe((s) => (seen = s));
    expect(bestBack(seen)).toBe(1.8); // the late observer gets the current image at once
    expect(sockets[0].subscribes()).toHaveLength(1);

    first.unsubscribe();
    expect(sockets[0].emitted.filter(([e]) => e === 'unsubscribe')).toEqual([]);
    second.unsubscribe();
    expect(sockets[0].emitted.filter(([e]) => e === 'unsubscribe')).toEqual([['unsubscribe', { matchId: 'm1' }]]);
    expect(sockets[0].disconnected).toBe(true);
  });

  it('routes messages by match and keeps one connection for several matches', () => {
    const { client, sockets } = setup();
    const a: MatchState[] = [];
    const b: MatchState[] = [];
    const subA = client.watchMatch('a').subscribe((s) => a.push(s));
    const subB = client.watchMatch('b').subscribe((s) => b.push(s));
    sockets[0].fire('connect');
    expect(sockets).toHaveLength(1);
    expect(sockets[0].subscribes()).toEqual([{ matchId: 'a' }, { matchId: 'b' }]);
    sockets[0].fire('snapshot', snapshot('b', 1, 3.5));
    expect(a).toHaveLength(1);
    expect(bestBack(b.at(-1))).toBe(3.5);
    subA.unsubscribe();
    expect(sockets[0].disconnected).toBe(false);
    sockets[0].fire('deltas', [delta('a', 2, 1.1)]); // no longer watched: dropped
    expect(a).toHaveLength(1);
    subB.unsubscribe();
  });

  it('subscribes again on a gap and takes the new snapshot', () => {
    const { client, sockets } = setup();
    const states: MatchState[] = [];
    const sub = client.watchMatch('m1').subscribe((s) => states.push(s));
    sockets[0].fire('connect');
    sockets[0].fire('snapshot', snapshot('m1', 5));
    sockets[0].fire('deltas', [delta('m1', 8, 2.5)]);
    expect(states.at(-1)).toMatchObject({ status: 'resyncing', seq: 5 });
    expect(bestBack(states.at(-1))).toBe(1.8);
    expect(sockets[0].subscribes()).toEqual([{ matchId: 'm1' }, { matchId: 'm1' }]);
    sockets[0].fire('deltas', [delta('m1', 9, 2.6)]); // still waiting for the snapshot
    expect(states.at(-1)?.status).toBe('resyncing');
    sockets[0].fire('snapshot', snapshot('m1', 9, 2.6));
    expect(states.at(-1)).toMatchObject({ status: 'live', seq: 9 });
    sub.unsubscribe();
  });

  it('applies one frame of several matches per match: in seq order, and a gap re-subscribes only its match', () => {
    const { client, sockets } = setup();
    const a: MatchState[] = [];
    const b: MatchState[] = [];
    const subA = client.watchMatch('a').subscribe((s) => a.push(s));
    const subB = client.watchMatch('b').subscribe((s) => b.push(s));
    sockets[0].fire('connect');
    sockets[0].fire('snapshot', snapshot('a', 3));
    sockets[0].fire('snapshot', snapshot('b', 10));
    // One tick: two deltas of a (a change, then an admin's switch) and one of b.
    sockets[0].fire('deltas', [delta('a', 4, 2.1), delta('a', 5, 2.2), delta('b', 11, 3.1)]);
    expect(a.at(-1)).toMatchObject({ status: 'live', seq: 5 });
    expect(bestBack(a.at(-1))).toBe(2.2);
    expect(b.at(-1)).toMatchObject({ status: 'live', seq: 11 });
    expect(bestBack(b.at(-1))).toBe(3.1);
    expect(sockets[0].subscribes()).toEqual([{ matchId: 'a' }, { matchId: 'b' }]);

    // The next tick skips a seq of b: b resyncs, a goes on.
    sockets[0].fire('deltas', [delta('a', 6, 2.3), delta('b', 13, 3.3)]);
    expect(a.at(-1)).toMatchObject({ status: 'live', seq: 6 });
    expect(b.at(-1)).toMatchObject({ status: 'resyncing', seq: 11 });
    expect(sockets[0].subscribes()).toEqual([{ matchId: 'a' }, { matchId: 'b' }, { matchId: 'b' }]);
    // A malformed frame or entry changes nothing.
    sockets[0].fire('deltas', null);
    sockets[0].fire('deltas', [null, { seq: 7 }]);
    expect(a.at(-1)?.seq).toBe(6);
    subA.unsubscribe();
    subB.unsubscribe();
  });

  it('marks matches resyncing on a disconnect and subscribes them again on reconnect', () => {
    const { client, sockets } = setup();
    const states: MatchState[] = [];
    const sub = client.watchMatch('m1').subscribe((s) => states.push(s));
    sockets[0].fire('connect');
    sockets[0].fire('snapshot', snapshot('m1', 5));
    sockets[0].fire('disconnect', 'transport close');
    expect(states.at(-1)?.status).toBe('resyncing');
    sockets[0].fire('connect');
    expect(sockets[0].subscribes()).toHaveLength(2);
    sockets[0].fire('snapshot', snapshot('m1', 40, 1.7));
    expect(states.at(-1)).toMatchObject({ status: 'live', seq: 40 });
    expect(bestBack(states.at(-1))).toBe(1.7);
    sub.unsubscribe();
  });

  it('says so when the server refuses the subscription, and recovers on a later snapshot', () => {
    const { client, sockets } = setup();
    const states: MatchState[] = [];
    const sub = client.watchMatch('m1').subscribe((s) => states.push(s));
    sockets[0].fire('connect');
    sockets[0].acks[0]({ ok: true });
    expect(states.at(-1)?.status).toBe('connecting');
    sockets[0].fire('disconnect', 'transport close');
    sockets[0].fire('connect');
    sockets[0].acks[1]({ ok: false, message: 'Match not found' });
    expect(states.at(-1)).toMatchObject({ status: 'unavailable', error: 'Match not found' });
    sockets[0].fire('snapshot', snapshot('m1', 3));
    expect(states.at(-1)).toMatchObject({ status: 'live', seq: 3 });
    expect(states.at(-1)?.error).toBeUndefined();
    sub.unsubscribe();
  });

  it('takes only the last subscribe\'s refusal: a stale one does not mark the match unavailable', () => {
    const { client, sockets } = setup();
    const states: MatchState[] = [];
    const sub = client.watchMatch('m1').subscribe((s) => states.push(s));
    sockets[0].fire('connect');
    sockets[0].fire('disconnect', 'transport close');
    sockets[0].fire('connect');
    sockets[0].acks[0]({ ok: false, message: 'Stale refusal' });
    expect(states.at(-1)?.status).toBe('connecting');
    sockets[0].acks[1]({ ok: false, message: 'Match not found' });
    expect(states.at(-1)).toMatchObject({ status: 'unavailable', error: 'Match not found' });
    sub.unsubscribe();
  });

  it('reconnects after a refused handshake, once the retry hook has run', async () => {
    jest.useFakeTimers();
    const beforeRetry = jest.fn(() => Promise.resolve());
    const { client, sockets } = setup({ beforeRetry });
    const sub = client.watchMatch('m1').subscribe();
    sockets[0].active = false;
    sockets[0].fire('connect_error', new Error('jwt expired'));
    expect(sockets[0].connects).toBe(0);
    await jest.advanceTimersByTimeAsync(100);
    expect(beforeRetry).toHaveBeenCalledTimes(1);
    expect(sockets[0].connects).toBe(1);
    sub.unsubscribe();
  });

  it('on tokenExpired renews the token, then reconnects the same socket and resubscribes from a snapshot', async () => {
    let renewed!: () => void;
    const renewToken = jest.fn(() => new Promise<void>((resolve) => (renewed = resolve)));
    const { client, sockets } = setup({ renewToken });
    const states: MatchState[] = [];
    client.watchMatch('m1').subscribe((s) => states.push(s));
    const s = sockets[0];
    s.fire('connect');
    s.fire('snapshot', snapshot('m1', 1));
    // The server: tokenExpired, then it disconnects the socket.
    s.fire('tokenExpired');
    s.fire('disconnect', 'io server disconnect');
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(s.connects).toBe(0); // not before the new token is there
    renewed();
    await Promise.resolve();
    await Promise.resolve();
    expect(s.connects).toBe(1);
    expect(sockets).toHaveLength(1);
    s.fire('connect');
    expect(s.subscribes()).toEqual([{ matchId: 'm1' }, { matchId: 'm1' }]);
    s.fire('snapshot', snapshot('m1', 7, 2.2));
    expect(states.at(-1)?.status).toBe('live');
    expect(bestBack(states.at(-1))).toBe(2.2);
  });

  it('keeps the connection for a while after the last watch, for the next page', () => {
    jest.useFakeTimers();
    const { client, sockets } = setup({ idleCloseMs: 5_000 });
    client.watchMatch('m1').subscribe().unsubscribe();
    jest.advanceTimersByTime(4_000);
    const next = client.watchMatch('m2').subscribe();
    jest.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].disconnected).toBe(false);
    next.unsubscribe();
    jest.advanceTimersByTime(5_000);
    expect(sockets[0].disconnected).toBe(true);
  });

  it('close() disconnects and completes every watch; the next watch opens a new connection', () => {
    const { client, sockets } = setup();
    let completed = false;
    client.watchMatch('m1').subscribe({ complete: () => (completed = true) });
    client.close();
    expect(completed).toBe(true);
    expect(sockets[0].disconnected).toBe(true);
    client.watchMatch('m1').subscribe().unsubscribe();
    expect(sockets).toHaveLength(2);
  });
});
