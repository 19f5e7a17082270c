import { distributePartnership, percentToBps, refPnlMinor } from './partnership';

// Chain of T26, nearest first: DL 50 %, MDL 70 %, SMDL 85 %, Admin 95 %, Super Admin 100 %.
const T26 = [
  { id: 'dl', shareBps: 5_000 },
  { id: 'mdl', shareBps: 7_000 },
  { id: 'smdl', shareBps: 8_500 },
  { id: 'admin', shareBps: 9_500 },
  { id: 'sa', shareBps: 10_000 },
];
const rupees = (r: number) => r * 100;

describe('distributePartnership (RULES §7.9)', () => {
  it.each([
    // user P/L, expected DL, MDL, SMDL, Admin, SA (rupees)
    ['T26 user loses 10,000', -10_000, [5_000, 2_000, 1_500, 1_000, 500]], // 10,000 × 50/20/15/10/5 %
    ['T26 user wins 4,000', 4_000, [-2_000, -800, -600, -400, -200]], // −4,000 × the same shares
    ['T27 house book A −500', 500, [-250, -100, -75, -50, -25]], // users +500 on A ⇒ agents −500
  ])('%s', (_name, userPnl, expected) => {
    const out = distributePartnership(T26, rupees(userPnl as number));
    expect(out.map((a) => a.amountMinor)).toEqual((expected as number[]).map(rupees));
    expect(out.map((a) => a.ownShareBps)).toEqual([5_000, 2_000, 1_500, 1_000, 500]);
  });

  it.each([
    // T28: paise that do not split evenly; the residue goes to the root so Σ = −user P/L exactly.
    [-1, [0, 0, 0, 0, 1]], // 1 paisa: every share truncates to 0, root takes it
    [-333, [166, 66, 49, 33, 19]], // 166.5→166, 66.6→66, 49.95→49, 33.3→33, 16.65→16 + residue 3
    [1_001, [-500, -200, -150, -100, -51]], // −500.5→−500, −200.2→−200, −150.15→−150, −100.1→−100, −50.05→−50, residue −1
  ])('T28 rounding: user P/L %i paise', (userPnlMinor, expected) => {
    const out = distributePartnership(T26, userPnlMinor);
    expect(out.map((a) => a.amountMinor)).toEqual(expected);
    expect(out.reduce((s, a) => s + a.amountMinor, 0)).toBe(-userPnlMinor);
  });

  it('a user directly under the root gives it everything', () => {
    expect(distributePartnership([{ id: 'sa', shareBps: 10_000 }], -12_345)).toEqual([{ id: 'sa', ownShareBps: 10_000, amountMinor: 12_345 }]);
  });

  it.each([
    ['a child share above its parent', [{ id: 'dl', shareBps: 6_000 }, { id: 'mdl', shareBps: 5_000 }, { id: 'sa', shareBps: 10_000 }]],
    ['a root below 100 %', [{ id: 'dl', shareBps: 5_000 }, { id: 'sa', shareBps: 9_000 }]],
    ['an empty chain', []],
  ])('refuses %s', (_name, chain) => {
    expect(() => distributePartnership(chain, -100)).toThrow();
  });
});

describe('Ref P/L (RULES §7.10)', () => {
  it('T29: CR 100,000, balance 112,500 ⇒ +12,500', () => {
    expect(refPnlMinor(rupees(112_500), rupees(100_000))).toBe(rupees(12_500));
  });

  it('percentToBps keeps two decimals exactly', () => {
    expect([85, 66.67, 0.01, 100].map(percentToBps)).toEqual([8_500, 6_667, 1, 10_000]);
  });
});
