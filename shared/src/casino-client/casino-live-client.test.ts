import type { CasinoDelta, CasinoRoundView, CasinoSnapshot } from '../contracts/casino';
import { buildCasinoRound } from '../testing/casino';
import { FakeDataSocket } from '../testing/fake-data-socket';
import { buildMarket } from '../testing/market-data';
import { applyCasinoMessage, initialCasinoTableState, type CasinoTableState } from './casino-state';
import { createCasinoLiveClient } from './casino-live-client';
import { createDataConnection } from '../kernel/data-connection';
import { createMarketDataClient } from '../sports/market-data-client';
import type { MatchState } from '../sports/market-state';

/** The local clock of the tests: 2 s behind the server's 10:00:00 of the built rounds. */
const NOW = Date.parse('2026-11-21T09:59:58.000Z');

const snapshot = (seq: number, round: CasinoRoundView | null = buildCasinoRound(), isDisable = false): CasinoSnapshot => ({ matchId: 'm-dt20', seq, round, isDisable });
type ViewPhase = Exclude<CasinoDelta['phase'], 'countdown'>;
const delta = (seq: number, over: Partial<CasinoRoundView> = {}, phase: ViewPhase = 'opened'): CasinoDelta => ({
  matchId: 'm-dt20',
  seq,
  phase,
  round: buildCasinoRound(over),
  isDisable: false,
});
/** A second of the countdown of round `roundId` (the built round is r1), on the server's clock. */
const tick = (seq: number, secondsLeft: number, roundId = 'r1', serverTime = '2026-11-21T10:00:05.000Z'): CasinoDelta => ({
  matchId: 'm-dt20',
  seq,
  phase: 'countdown',
  countdown: { roundId, secondsLeft, serverTime },
});

function setup(idleCloseMs = 0) {
  const sockets: FakeDataSocket[] = [];
  const connection = createDataConnection({
    createSocket: () => {
      const s = new FakeDataSocket();
      sockets.push(s);
      return s;
    },
    idleCloseMs,
  });
  const casino = createCasinoLiveClient({ connection, now: () => NOW });
  return { connection, casino, sockets };
}

describe('applyCasinoMessage', () => {
  const live = applyCasinoMessage(initialCasinoTableState('m-dt20'), { type: 'snapshot', payload: snapshot(4) }, NOW).state;

  it('takes the snapshot whole, with the server clock offset', () => {
    expect(live).toMatchObject({ status: 'live', seq: 4, isDisable: false, phase: null, clockOffsetMs: 2_000 });
    expect(live.round?.roundId).toBe('r1');
  });

  it.each([
    ['the next seq applies', 5, 'applied', 'live', 5],
    ['an equal seq is a duplicate', 4, 'ignored', 'live', 4],
    ['an older seq is stale', 2, 'ignored', 'live', 4],
    ['a skipped seq is a gap', 7, 'gap', 'resyncing', 4],
  ] as const)('%s', (_name, seq, outcome, status, after) => {
    const result = applyCasinoMessage(live, { type: 'delta', payload: delta(seq, { status: 'CLOSED' }, 'closed') }, NOW);
    expect([result.outcome, result.state.status, result.state.seq]).toEqual([outcome, status, after]);
    if (outcome === 'applied') expect(result.state).toMatchObject({ phase: 'closed', round: { status: 'CLOSED' } });
  });

  it('a countdown second changes only the held round\'s clock; one of another round is a gap', () => {
    const result = applyCasinoMessage(live, { type: 'delta', payload: tick(5, 7) }, NOW);
    expect(result.outcome).toBe('applied');
    expect(result.state).toMatchObject({ seq: 5, phase: 'countdown', isDisable: false, clockOffsetMs: 7_000 });
    expect(result.state.round).toEqual({ ...live.round, secondsLeft: 7, serverTime: '2026-11-21T10:00:05.000Z' });
    const other = applyCasinoMessage(live, { type: 'delta', payload: tick(5, 7, 'r2') }, NOW);
    expect([other.outcome, other.state.status, other.state.seq]).toEqual(['gap', 'resyncing', 4]);
    const none = applyCasinoMessage({ ...live, round: null }, { type: 'delta', payload: tick(5, 7) }, NOW);
    expect(none.outcome).toBe('gap');
  });

  it('ignores deltas before the first snapshot and messages of another table', () => {
    expect(applyCasinoMessage(initialCasinoTableState('m-dt20'), { type: 'delta', payload: delta(1) }, NOW).outcome).toBe('ignored');
    expect(applyCasinoMessage(live, { type: 'delta', payload: { ...delta(5), matchId: 'm-ab' } }, NOW).outcome).toBe('ignored');
  });
});

describe('createCasinoLiveClient', () => {
  it('subscribes once connected, takes the snapshot of the ack, then each delta in order', () => {
    const { casino, sockets } = setup();
    const states: CasinoTableState[] = [];
    const sub = casino.watchTable('m-dt20').subscribe((s) => states.push(s));
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent('casinoSubscribe')).toEqual([]);
    sockets[0].fire('connect');
    expect(sockets[0].sent('casinoSubscribe')).toEqual([{ matchId: 'm-dt20' }]);
    sockets[0].answer(0, { ok: true, snapshot: snapshot(10) });
    sockets[0].fire('casinoDelta', tick(11, 9));
    sockets[0].fire('casinoDelta', tick(11, 1)); // a duplicate
    expect(states.map((s) => [s.status, s.seq, s.round?.secondsLeft])).toEqual([
      ['connecting', -1, undefined],
      ['live', 10, 15],
      ['live', 11, 9],
    ]);
    sub.unsubscribe();
  });

  it('subscribes again on a gap and takes only the newest ack', () => {
    const { casino, sockets } = setup();
    const states: CasinoTableState[] = [];
    const sub = casino.watchTable('m-dt20').subscribe((s) => states.push(s));
    const s = sockets[0];
    s.fire('connect');
    s.answer(0, { ok: true, snapshot: snapshot(10) });
    s.fire('casinoDelta', delta(13, { status: 'CLOSED' }, 'closed'));
    expect(states.at(-1)).toMatchObject({ status: 'resyncing', seq: 10 });
    expect(states.at(-1)?.round?.status).toBe('OPEN'); // the last good image stays
    expect(s.sent('casinoSubscribe')).toEqual([{ matchId: 'm-dt20' }, { matchId: 'm-dt20' }]);
    s.fire('casinoDelta', delta(14)); // still waiting for the fresh snapshot
    expect(states.at(-1)?.status).toBe('resyncing');
    s.answer(1, { ok: true, snapshot: snapshot(14, buildCasinoRound({ status: 'CLOSED' })) });
    expect(states.at(-1)).toMatchObject({ status: 'live', seq: 14, round: { status: 'CLOSED' } });
    s.answer(0, { ok: true, snapshot: snapshot(10) }); // a late answer to the first subscribe
    expect(states.at(-1)?.seq).toBe(14);
    sub.unsubscribe();
  });

  it('marks the table resyncing on a disconnect and subscribes again on reconnect', () => {
    const { casino, sockets } = setup();
    const states: CasinoTableState[] = [];
    const sub = casino.watchTable('m-dt20').subscribe((s) => states.push(s));
    const s = sockets[0];
    s.fire('connect');
    s.answer(0, { ok: true, snapshot: snapshot(3) });
    s.fire('disconnect', 'transport close');
    expect(states.at(-1)?.status).toBe('resyncing');
    s.fire('connect');
    expect(s.sent('casinoSubscribe')).toHaveLength(2);
    s.answer(1, { ok: true, snapshot: snapshot(40, null, true) });
    expect(states.at(-1)).toMatchObject({ status: 'live', seq: 40, round: null, isDisable: true });
    sub.unsubscribe();
  });

  it('says why when the server refuses the table', () => {
    const { casino, sockets } = setup();
    const states: CasinoTableState[] = [];
    const sub = casino.watchTable('m-dt20').subscribe((s) => states.push(s));
    sockets[0].fire('connect');
    sockets[0].answer(0, { ok: false, message: 'Table not found' });
    expect(states.at(-1)).toMatchObject({ status: 'unavailable', error: 'Table not found' });
    sub.unsubscribe();
  });

  it('shares one subscription between observers and unsubscribes when the last leaves', () => {
    const { casino, sockets } = setup();
    const first = casino.watchTable('m-dt20').subscribe();
    sockets[0].fire('connect');
    sockets[0].answer(0, { ok: true, snapshot: snapshot(1) });
    let late: CasinoTableState | undefined;
    const second = casino.watchTable('m-dt20').subscribe((s) => (late = s));
    expect(late?.seq).toBe(1);
    expect(sockets[0].sent('casinoSubscribe')).toHaveLength(1);
    first.unsubscribe();
    expect(sockets[0].sent('casinoUnsubscribe')).toEqual([]);
    second.unsubscribe();
    expect(sockets[0].sent('casinoUnsubscribe')).toEqual([{ matchId: 'm-dt20' }]);
    expect(sockets[0].disconnected).toBe(true);
  });

  it('shares the one data connection with the market data', () => {
    jest.useFakeTimers();
    try {
      const { connection, casino, sockets } = setup(5_000);
      const markets = createMarketDataClient({ connection });
      const matches: MatchState[] = [];
      const match = markets.watchMatch('m1').subscribe((s) => matches.push(s));
      const table = casino.watchTable('m-dt20').subscribe();
      sockets[0].fire('connect');
      expect(sockets).toHaveLength(1);
      expect(sockets[0].emitted.map(([event]) => event).sort()).toEqual(['casinoSubscribe', 'subscribe']);
      sockets[0].fire('snapshot', { matchId: 'm1', seq: 1, markets: [buildMarket('mo')], fancies: [], score: null });
      expect(matches.at(-1)?.status).toBe('live');
      match.unsubscribe();
      jest.advanceTimersByTime(10_000);
      expect(sockets[0].disconnected).toBe(false); // the table still watches
      table.unsubscribe();
      jest.advanceTimersByTime(5_000);
      expect(sockets[0].disconnected).toBe(true);
      // The session ends: close() completes the watches of both clients.
      let completed = 0;
      markets.watchMatch('m1').subscribe({ complete: () => (completed += 1) });
      casino.watchTable('m-dt20').subscribe({ complete: () => (completed += 1) });
      connection.close();
      expect(completed).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
