import { applyBet, applyFancyBet, distributePartnership, EMPTY_FANCY_BOOK, emptyVector, fancyBook, fancyPnlAtMinor } from '@backlay/shared/domain';
import {
  childBelow,
  combinedBook,
  fancyPnl,
  parseStoredFancyBook,
  runnerOutcomes,
  runnerPnl,
  runZones,
  unionLines,
  type PlayerPosition,
} from './book-rules';

// T26/T27 chain: DL 50 %, MDL 70, SMDL 85, Admin 95, SuperAdmin 100 (nearest first).
const CHAIN = [
  { id: 'dl', shareBps: 5_000 },
  { id: 'mdl', shareBps: 7_000 },
  { id: 'smdl', shareBps: 8_500 },
  { id: 'sadmin', shareBps: 9_500 },
  { id: 'admin', shareBps: 10_000 },
];

describe('runnerOutcomes / runnerPnl', () => {
  const runners = [
    { selectionId: 'H', name: 'Home', status: 'active' },
    { selectionId: 'D', name: 'Draw', status: 'removed' },
    { selectionId: 'A', name: 'Away', status: 'active' },
  ];

  it('lists the runners in order, drops a removed runner nobody holds, 0 where the vector has no entry', () => {
    const outcomes = runnerOutcomes(runners, [{ H: 150 }]);
    expect(outcomes).toEqual([
      { selectionId: 'H', name: 'Home' },
      { selectionId: 'A', name: 'Away' },
    ]);
    expect(runnerPnl({ H: 150 }, outcomes)).toEqual([150, 0]);
  });

  it('keeps a removed runner a vector holds, and a selection the catalog no longer knows', () => {
    const outcomes = runnerOutcomes(runners, [{ H: -100, D: 250 }, { Z: 7 }]);
    expect(outcomes.map((o) => o.selectionId)).toEqual(['H', 'D', 'A', 'Z']);
    expect(runnerPnl({ H: -100, D: 250 }, outcomes)).toEqual([-100, 250, 0, 0]);
  });
});

describe('runZones', () => {
  it.each<[number[], Array<[string, string, number]>]>([
    [[], [['0', '0 and above', 0]]],
    [[45], [['0', '44 and below', 0], ['45', '45 and above', 45]]],
    [[45, 46], [['0', '44 and below', 0], ['45', '45', 45], ['46', '46 and above', 46]]],
    [[40, 45, 50], [['0', '39 and below', 0], ['40', '40-44', 40], ['45', '45-49', 45], ['50', '50 and above', 50]]],
    // A line at 0 runs leaves no run count below it: that zone is not shown.
    [[0, 3], [['0', '0-2', 0], ['3', '3 and above', 3]]],
  ])('lines %j', (lines, expected) => {
    expect(runZones(lines).map((z) => [z.selectionId, z.name, z.fromRuns])).toEqual(expected);
  });
});

describe('parseStoredFancyBook', () => {
  it('reads the stored {"lines","zones"} book', () => {
    expect(parseStoredFancyBook({ lines: [45], zones: [100_000, -110_000] })).toEqual({ lines: [45], zonesMinor: [100_000, -110_000] });
  });

  it.each([null, {}, { lines: [45], zones: [1] }, { lines: [46, 45], zones: [0, 0, 0] }, { lines: [1.5], zones: [0, 0] }, { 45: 100 }])(
    'refuses %j',
    (stored) => {
      expect(() => parseStoredFancyBook(stored)).toThrow();
    },
  );
});

describe('fancy books', () => {
  it('T15: three lines evaluated per zone equal the pure book', () => {
    const book = fancyBook([
      { side: 'YES', line: 40, rate: 100, stakeMinor: 50_000 },
      { side: 'NO', line: 50, rate: 100, stakeMinor: 50_000 },
      { side: 'YES', line: 45, rate: 80, stakeMinor: 100_000 },
    ]);
    const zones = runZones(book.lines);
    expect(fancyPnl(book, zones)).toEqual([-100_000, 0, 180_000, 80_000]);
  });

  it('merging books: every zone of the union evaluates each book on its own lines', () => {
    const a = applyFancyBet(EMPTY_FANCY_BOOK, { side: 'NO', line: 45, rate: 110, stakeMinor: 100_000 }); // T11
    const b = fancyBook([
      { side: 'YES', line: 46, rate: 90, stakeMinor: 100_000 },
      { side: 'NO', line: 45, rate: 100, stakeMinor: 100_000 },
    ]); // T12
    const zones = runZones(unionLines([a, b]));
    expect(zones.map((z) => z.fromRuns)).toEqual([0, 45, 46]);
    expect(fancyPnl(a, zones)).toEqual([100_000, -110_000, -110_000]);
    expect(fancyPnl(b, zones)).toEqual([0, -200_000, -10_000]);
    // Any run count agrees with the zone that holds it.
    for (const runs of [0, 30, 44, 45, 46, 90]) {
      const zone = zones.filter((z) => (z.fromRuns ?? 0) <= runs).length - 1;
      expect(fancyPnl(a, zones)[zone]).toBe(fancyPnlAtMinor(a, runs));
    }
  });
});

describe('combinedBook', () => {
  it('T27: users (A +500, B 0) ⇒ the own book of every agent on the chain', () => {
    const outcomes = [
      { selectionId: 'A', name: 'A' },
      { selectionId: 'B', name: 'B' },
    ];
    const u1 = applyBet(emptyVector(['A', 'B']), { side: 'BACK', runnerId: 'A', stakeMinor: 100_000, oddsHundredths: 200 });
    const u2 = applyBet(emptyVector(['A', 'B']), { side: 'BACK', runnerId: 'B', stakeMinor: 50_000, oddsHundredths: 300 });
    const players: PlayerPosition[] = [
      { userId: 'u1', pnlMinor: runnerPnl(Object.fromEntries(u1), outcomes), chain: CHAIN },
      { userId: 'u2', pnlMinor: runnerPnl(Object.fromEntries(u2), outcomes), chain: CHAIN },
    ];
    const own = (agent: string) => combinedBook(agent, outcomes, players).map((l) => [l.usersPnlMinor, l.ownPnlMinor]);
    expect(own('dl')).toEqual([[50_000, -25_000], [0, 0]]);
    expect(own('mdl')).toEqual([[50_000, -10_000], [0, 0]]);
    expect(own('smdl')).toEqual([[50_000, -7_500], [0, 0]]);
    expect(own('sadmin')).toEqual([[50_000, -5_000], [0, 0]]);
    expect(own('admin')).toEqual([[50_000, -2_500], [0, 0]]);
  });

  it('rounds per player like settlement (T28): the residue stays with the root, per player', () => {
    const outcomes = [{ selectionId: 'X', name: 'X' }];
    const players: PlayerPosition[] = [1, 2, 3].map((n) => ({ userId: `u${n}`, pnlMinor: [333], chain: CHAIN }));
    const perPlayer = distributePartnership(CHAIN, 333);
    for (const agent of CHAIN) {
      const expected = 3 * (perPlayer.find((a) => a.id === agent.id)?.amountMinor ?? NaN);
      expect(combinedBook(agent.id, outcomes, players)[0]?.ownPnlMinor).toBe(expected);
    }
    // Σ over agents of the own books = −users P&L exactly.
    const total = CHAIN.reduce((sum, a) => sum + (combinedBook(a.id, outcomes, players)[0]?.ownPnlMinor ?? 0), 0);
    expect(total).toBe(-999);
  });

  it('a player whose chain does not hold the agent adds to the users total only', () => {
    const outcomes = [{ selectionId: 'X', name: 'X' }];
    const players: PlayerPosition[] = [
      { userId: 'u1', pnlMinor: [1_000], chain: CHAIN },
      { userId: 'u2', pnlMinor: [500], chain: [{ id: 'other', shareBps: 10_000 }] },
    ];
    expect(combinedBook('dl', outcomes, players)).toEqual([{ selectionId: 'X', name: 'X', usersPnlMinor: 1_500, ownPnlMinor: -500 }]);
  });

  it('never shows −0', () => {
    const [line] = combinedBook('dl', [{ selectionId: 'X', name: 'X' }], [{ userId: 'u', pnlMinor: [0], chain: CHAIN }]);
    expect(Object.is(line?.ownPnlMinor, 0)).toBe(true);
  });
});

describe('childBelow', () => {
  it('is the account after the target on the path, or the player itself', () => {
    const player = { id: 'p', ancestors: ['root', 'a', 'b', 'c'] };
    expect(childBelow('root', player)).toBe('a');
    expect(childBelow('b', player)).toBe('c');
    expect(childBelow('c', player)).toBe('p');
    expect(childBelow('x', player)).toBeNull();
  });
});
