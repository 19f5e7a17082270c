import { buildCasinoBet, buildCasinoMarket } from '@backlay/shared/testing';
import type { SlipBookRow } from '@backlay/shared/slip-parts';
import { projectMarket, shownRows } from './book';
import { secondsToClose } from './countdown';

const market = buildCasinoMarket();
const byRunner = (rows: { selectionId: string; nowMinor: number; afterMinor: number | null }[]) => Object.fromEntries(rows.map((r) => [r.selectionId, [r.nowMinor, r.afterMinor]]));

describe('projectMarket', () => {
  it.each([
    // Dragon 100 @ 1.98: Dragon +98, Tiger −100, Tie −100.
    ['no bets, back Dragon 100 @ 1.98', [], { selectionId: 'dragon', side: 'BACK', odds: 1.98, stakeMinor: 10_000 }, { dragon: [0, 9_800], tiger: [0, -10_000], tie: [0, -10_000] }, 0, 10_000],
    // Held Dragon 100 @ 1.98 (+98/−100/−100), add Tie 10 @ 50: Tie +490, others −10 more.
    ['Dragon held, back Tie 10 @ 50', [buildCasinoBet('b1')], { selectionId: 'tie', side: 'BACK', odds: 50, stakeMinor: 1_000 }, { dragon: [9_800, 8_800], tiger: [-10_000, -11_000], tie: [-10_000, 39_000] }, 10_000, 11_000],
    // Held Dragon and Tiger 100 each: Dragon −2, Tiger −2, Tie −200 now; no slip.
    ['both sides held, no slip', [buildCasinoBet('b1'), buildCasinoBet('b2', { selectionId: 'tiger' })], null, { dragon: [-200, null], tiger: [-200, null], tie: [-20_000, null] }, 20_000, null],
  ] as const)('%s', (_name, bets, slip, rows, exposureNow, exposureAfter) => {
    const book = projectMarket(market, bets, slip);
    expect(byRunner(book.rows)).toEqual(rows);
    expect([book.exposureNowMinor, book.exposureAfterMinor]).toEqual([exposureNow, exposureAfter]);
  });

  it('leaves out settled bets and bets of other markets', () => {
    const bets = [buildCasinoBet('b1', { status: 'settled', pnl: 98 }), buildCasinoBet('b2', { marketId: 'r1-pair' })];
    expect(projectMarket(market, bets, null).exposureNowMinor).toBe(0);
  });
});

describe('secondsToClose', () => {
  const closesAt = '2026-11-21T10:00:15.000Z';
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['15 s before on a true clock', 0, '2026-11-21T10:00:00.000Z', 15],
    ['a part second rounds up', 0, '2026-11-21T10:00:14.100Z', 1],
    ['at the close', 0, '2026-11-21T10:00:15.000Z', 0],
    ['after the close, never negative', 0, '2026-11-21T10:00:20.000Z', 0],
    // The browser runs 2 s slow (server − local = +2000): 10:00:00 local is 10:00:02 server.
    ['a slow local clock', 2_000, '2026-11-21T10:00:00.000Z', 13],
    ['a fast local clock', -5_000, '2026-11-21T10:00:00.000Z', 20],
  ])('%s', (_name, offset, now, seconds) => {
    expect(secondsToClose(closesAt, offset, at(now))).toBe(seconds);
  });
});

describe('shownRows', () => {
  const row = (selectionId: string, nowMinor: number, afterMinor: number | null): SlipBookRow => ({ selectionId, name: selectionId, nowMinor, afterMinor });
  const rows = [row('00', -100, -200), row('01', 500, 400), row('02', -100, -200), row('03', -100, 900)];
  it.each([
    ['the hidden runners stand the same: one row for them', new Set(['01', '03']), ['01', '03', 'Others']],
    ['a hidden runner differs: each is listed', new Set(['03']), ['03', '00', '01', '02']],
    ['nothing hidden', new Set(['00', '01', '02', '03']), ['00', '01', '02', '03']],
  ])('%s', (_name, shown, names) => {
    expect(shownRows(rows, shown, 'Others').map((r) => r.name)).toEqual(names);
  });
  it('sums up the hidden ones with their own values', () => {
    expect(shownRows(rows, new Set(['01', '03']), 'Others')[2]).toEqual({ selectionId: '', name: 'Others', nowMinor: -100, afterMinor: -200 });
  });
});
