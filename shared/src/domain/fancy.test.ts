import {
  applyFancyBet,
  EMPTY_FANCY_BOOK,
  fancyBetPnlMinor,
  fancyBook,
  fancyExposureMinor,
  fancyPnlAtMinor,
  fancyRunBook,
  fancyZoneStarts,
  type FancyBet,
} from './fancy';

const rupees = (r: number) => r * 100;
const yes = (line: number, rate: number, stake: number): FancyBet => ({ side: 'YES', line, rate, stakeMinor: rupees(stake) });
const no = (line: number, rate: number, stake: number): FancyBet => ({ side: 'NO', line, rate, stakeMinor: rupees(stake) });

describe('fancy book over run zones (RULES §7.4)', () => {
  it.each([
    // name, bets, [runs, expected P&L in rupees] at one or more points per zone, E in rupees
    ['T11', [no(45, 110, 1_000)], [[0, 1_000], [44, 1_000], [45, -1_100], [300, -1_100]], 1_100], // x < 45: +s; x ≥ 45: −1,000 × 1.10
    ['T12 gap trap', [yes(46, 90, 1_000), no(45, 100, 1_000)], [[44, 0], [45, -2_000], [46, -100]], 2_000], // −1,000 + 1,000; −1,000 − 1,000; +900 − 1,000
    ['T13 middle', [yes(45, 100, 1_000), no(46, 100, 1_000)], [[44, 0], [45, 2_000], [46, 0]], 0], // −1,000 + 1,000; +1,000 + 1,000; +1,000 − 1,000
    ['T14 same-line hedge', [yes(45, 90, 1_000), no(45, 110, 1_000)], [[44, 0], [45, -200]], 200], // −1,000 + 1,000; +900 − 1,100
    ['T15 three lines', [yes(40, 100, 500), no(50, 100, 500), yes(45, 80, 1_000)], [[39, -1_000], [40, 0], [44, 0], [45, 1_800], [49, 1_800], [50, 800]], 1_000], // −500+500−1,000; 500+500−1,000; 500+500+800; 500−500+800
    ['T16 r777 regression', [yes(50, 130, 500), no(40, 130, 250)], [[39, -250], [40, -825], [49, -825], [50, 325]], 825], // −500+250; −500−325; +650−325
  ])('%s', (_name, bets, points, exposure) => {
    const book = fancyBook(bets);
    for (const [runs, pnl] of points) expect([runs, fancyPnlAtMinor(book, runs)]).toEqual([runs, rupees(pnl)]);
    expect(fancyExposureMinor(book)).toBe(rupees(exposure));
  });

  it('T15 zones: x < 40, 40–44, 45–49, x ≥ 50', () => {
    const book = fancyBook([yes(40, 100, 500), no(50, 100, 500), yes(45, 80, 1_000)]);
    expect(book.lines).toEqual([40, 45, 50]);
    expect(book.zonesMinor).toEqual([-1_000, 0, 1_800, 800].map(rupees));
  });

  it('the run book shows each integer x in [t1 − k, tn + k]', () => {
    const rows = fancyRunBook(fancyBook([yes(46, 90, 1_000), no(45, 100, 1_000)]), 1);
    expect(rows).toEqual([44, 45, 46, 47].map((runs, i) => ({ runs, pnlMinor: rupees([0, -2_000, -100, -100][i]) })));
  });

  it('rounds a fractional win down and a fractional loss up', () => {
    expect(fancyBetPnlMinor({ side: 'YES', line: 10, rate: 33, stakeMinor: 150 }, 10)).toBe(49); // 150 × 0.33 = 49.5
    expect(fancyBetPnlMinor({ side: 'NO', line: 10, rate: 33, stakeMinor: 150 }, 10)).toBe(-50);
  });

  it.each([
    ['a zero stake', { side: 'YES', line: 40, rate: 100, stakeMinor: 0 }],
    ['a negative line', { side: 'YES', line: -1, rate: 100, stakeMinor: 100 }],
    ['a zero rate', { side: 'NO', line: 40, rate: 0, stakeMinor: 100 }],
    ['a fractional line', { side: 'NO', line: 40.5, rate: 100, stakeMinor: 100 }],
  ])('refuses %s', (_name, bet) => {
    expect(() => applyFancyBet(EMPTY_FANCY_BOOK, bet as FancyBet)).toThrow();
  });

  it('applyFancyBet over random sequences equals evaluating every bet at every run count (200 seeded sequences)', () => {
    let state = 12_345;
    const rand = () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 4_294_967_296;
    };
    // Mismatches are collected and asserted once: an expect per run count (≈100,000) cost seconds.
    const mismatches: string[] = [];
    for (let seq = 0; seq < 200; seq += 1) {
      const bets: FancyBet[] = [];
      let book = EMPTY_FANCY_BOOK;
      const count = Math.floor(rand() * 12);
      for (let i = 0; i < count; i += 1) {
        const bet: FancyBet = {
          side: rand() < 0.5 ? 'YES' : 'NO',
          line: 30 + Math.floor(rand() * 20),
          rate: 50 + Math.floor(rand() * 100),
          stakeMinor: 1 + Math.floor(rand() * 500_000),
        };
        bets.push(bet);
        book = applyFancyBet(book, bet);
        let worst = 0;
        for (let x = 0; x <= 80; x += 1) {
          const direct = bets.reduce((s, b) => s + fancyBetPnlMinor(b, x), 0);
          if (fancyPnlAtMinor(book, x) !== direct) mismatches.push(`seq ${seq} bet ${i} runs ${x}: book ${fancyPnlAtMinor(book, x)}, bets ${direct}`);
          worst = Math.min(worst, direct);
        }
        if (fancyExposureMinor(book) !== (-worst || 0)) mismatches.push(`seq ${seq} bet ${i}: exposure ${fancyExposureMinor(book)}, worst ${-worst || 0}`);
      }
      expect(book).toEqual(fancyBook(bets));
    }
    expect(mismatches).toEqual([]);
  });
});

describe('fancyZoneStarts', () => {
  it.each([
    [[], [{ zone: 0, fromRuns: 0 }]],
    [[45, 46], [{ zone: 0, fromRuns: 0 }, { zone: 1, fromRuns: 45 }, { zone: 2, fromRuns: 46 }]],
    [[0, 3], [{ zone: 1, fromRuns: 0 }, { zone: 2, fromRuns: 3 }]],
  ])('lines %j → %j', (lines, expected) => {
    expect(fancyZoneStarts(lines)).toEqual(expected);
  });
});

