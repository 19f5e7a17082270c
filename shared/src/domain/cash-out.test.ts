/**
 * Cash out (docs/rules/money.md §7.8, T24, T25; ADR 0056) against an oracle written apart from the
 * code: §7.8's two-runner formula in floats, and for n runners a float search of the best
 * guaranteed value over every hedge (the equal-profit C on a fine grid, checked against random
 * hedges that may never do better), then the integer position the bets leave, bet by bet.
 */
import { cashOutQuote, type CashOutRunner, type HedgeBet } from './cash-out';

/** §7.8 verbatim, floats: the value of a full cash out of a two-outcome position. */
function rulesTwoOutcome(win: number, lose: number, currentBack: number, currentLay: number): number {
  const d = win - lose;
  if (d > 0) return lose + d / currentLay;
  return lose - -d / currentBack;
}

/** Floats: the best guaranteed value of any hedge (back b_j, lay l_j) of position P, by a grid over C. */
function oracleBestValue(p: number[], back: number[], lay: number[]): number {
  const lo = Math.min(...p);
  const hi = Math.max(...p);
  let best = -Infinity;
  const steps = 20000;
  for (let i = 0; i <= steps; i += 1) {
    const c = lo + ((hi - lo) * i) / steps;
    let v = c;
    for (let j = 0; j < p.length; j += 1) {
      const pj = p[j] as number;
      if (pj > c) v += (pj - c) / (lay[j] as number);
      else if (pj < c) v -= (c - pj) / (back[j] as number);
    }
    best = Math.max(best, v);
  }
  return best;
}

/** Floats: the guaranteed value (min over runners) of P plus backs s_j and lays t_j. */
function guaranteed(p: number[], back: number[], lay: number[], s: number[], t: number[]): number {
  const sumS = s.reduce((a, b) => a + b, 0);
  const sumT = t.reduce((a, b) => a + b, 0);
  return Math.min(...p.map((pj, j) => pj + (s[j] as number) * (back[j] as number) - (t[j] as number) * (lay[j] as number) - sumS + sumT));
}

/** Integers, bet by bet as place_runner_bet writes them: back wins floor(s(o−100)/100). */
function positionAfter(p: Record<string, number>, bets: HedgeBet[]): Record<string, number> {
  const out = { ...p };
  for (const b of bets) {
    for (const id of Object.keys(out)) {
      const sign = b.side === 'BACK' ? 1 : -1;
      const delta = id === b.runnerId ? Math.floor((sign * b.stakeMinor * (b.oddsHundredths - 100)) / 100) : -sign * b.stakeMinor;
      out[id] = (out[id] as number) + delta;
    }
  }
  return out;
}

const runner = (runnerId: string, back: number | null, lay: number | null): CashOutRunner => ({ runnerId, back, lay });

describe('cash out, two runners (§7.8)', () => {
  it('T24: back 100 @ 3.0, lay price 2.0 ⇒ lay 150, +50 in both outcomes', () => {
    const q = cashOutQuote({ A: 20000, B: -10000 }, [runner('A', 210, 200), runner('B', null, null)], 'match_odds');
    expect(rulesTwoOutcome(200, -100, 2.1, 2.0)).toBeCloseTo(50, 9);
    expect(q).toMatchObject({ ok: true, valueMinor: 5000, bets: [{ side: 'LAY', runnerId: 'A', stakeMinor: 15000, quotedHundredths: 200 }] });
    if (q.ok) expect(Object.fromEntries(q.after)).toEqual({ A: 5000, B: 5000 });
  });

  it('T25: lay 100 @ 3.0, back price 4.0 ⇒ back 75, +25 in both outcomes', () => {
    const q = cashOutQuote({ A: -20000, B: 10000 }, [runner('A', 400, 410), runner('B', null, null)], 'match_odds');
    expect(rulesTwoOutcome(-200, 100, 4.0, 4.1)).toBeCloseTo(25, 9);
    expect(q).toMatchObject({ ok: true, valueMinor: 2500, bets: [{ side: 'BACK', runnerId: 'A', stakeMinor: 7500, quotedHundredths: 400 }] });
    if (q.ok) expect(Object.fromEntries(q.after)).toEqual({ A: 2500, B: 2500 });
  });

  it('a cash out at a loss: back 100 @ 2.0, the lay now 4.0 ⇒ lay 50, −50 both ways', () => {
    const q = cashOutQuote({ A: 10000, B: -10000 }, [runner('A', 390, 400), runner('B', null, null)], 'match_odds');
    expect(q).toMatchObject({ ok: true, valueMinor: -5000 });
    expect(rulesTwoOutcome(100, -100, 3.9, 4.0)).toBeCloseTo(-50, 9);
  });

  it('partial: 50 % of T24 places half the hedge and takes half the value; the rest of the position stays', () => {
    const q = cashOutQuote({ A: 20000, B: -10000 }, [runner('A', 210, 200), runner('B', null, null)], 'match_odds', 50);
    expect(q).toMatchObject({ ok: true, valueMinor: 2500, bets: [{ side: 'LAY', stakeMinor: 7500 }] });
    // (1 − ½)·P + ½·V: A 10000 + 2500, B −5000 + 2500.
    if (q.ok) expect(Object.fromEntries(q.after)).toEqual({ A: 12500, B: -2500 });
  });

  it('25 % and 75 % of T25', () => {
    for (const [percent, stake, value] of [
      [25, 1875, 625],
      [75, 5625, 1875],
    ] as const) {
      const q = cashOutQuote({ A: -20000, B: 10000 }, [runner('A', 400, 410), runner('B', null, null)], 'match_odds', percent);
      expect(q).toMatchObject({ ok: true, valueMinor: value, bets: [{ side: 'BACK', stakeMinor: stake }] });
    }
  });

  it('bookmaker: rates in paise are odds 1 + r/100 (back 100 at rate 200 = 3.0, lay rate 100 = 2.0 is T24)', () => {
    const q = cashOutQuote({ A: 20000, B: -10000 }, [runner('A', 95, 100), runner('B', null, null)], 'bookmaker');
    expect(q).toMatchObject({ ok: true, valueMinor: 5000, bets: [{ side: 'LAY', stakeMinor: 15000, quotedHundredths: 100, oddsHundredths: 200 }] });
  });

  it('rounding: the stake to the nearest paisa, the offer the floor of what the bets guarantee, never above the exact value', () => {
    // Back 100 @ 2.5 (A +150, B −100); lay price 3.0: H = 250/3 = 83.333…; exact value 250/3 − 100 = −16.666…
    const q = cashOutQuote({ A: 15000, B: -10000 }, [runner('A', 290, 300), runner('B', null, null)], 'match_odds');
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    expect(q.bets).toEqual([{ side: 'LAY', runnerId: 'A', stakeMinor: 8333, quotedHundredths: 300, oddsHundredths: 300 }]);
    expect(Object.fromEntries(q.after)).toEqual({ A: 15000 - 16666, B: -10000 + 8333 });
    expect(q.valueMinor).toBe(-1667);
    expect(q.valueMinor).toBeLessThanOrEqual((25000 / 3 - 10000) * 1);
    // The residual (A is 1 paisa above the offer) stays with the player's position.
    expect(q.after.get('A')).toBe(-1666);
  });

  it('no offer: no position, a flat position, or no price on the side the hedge needs', () => {
    expect(cashOutQuote({}, [runner('A', 200, 210), runner('B', 200, 210)], 'match_odds')).toEqual({ ok: false, reason: 'NOTHING_TO_CASH_OUT' });
    expect(cashOutQuote({ A: 500, B: 500 }, [runner('A', 200, 210), runner('B', 200, 210)], 'match_odds')).toEqual({
      ok: false,
      reason: 'NOTHING_TO_CASH_OUT',
    });
    expect(cashOutQuote({ A: 20000, B: -10000 }, [runner('A', 210, null), runner('B', null, null)], 'match_odds')).toEqual({
      ok: false,
      reason: 'NO_PRICE',
    });
    // Outcomes less than ₹1 apart (a cash out's rounding) are level already.
    expect(cashOutQuote({ A: -507, B: -508 }, [runner('A', 200, 300), runner('B', 200, 300)], 'match_odds')).toEqual({
      ok: false,
      reason: 'NOTHING_TO_CASH_OUT',
    });
    // 1 % of a ₹1 hedge at odds 3 rounds to nothing.
    expect(cashOutQuote({ A: 100, B: 0 }, [runner('A', 300, 310), runner('B', 300, 310)], 'match_odds', 1)).toEqual({
      ok: false,
      reason: 'NOTHING_TO_CASH_OUT',
    });
  });

  it('refuses a percent out of 1–100', () => {
    for (const p of [0, 101, 50.5, NaN]) expect(() => cashOutQuote({ A: 1 }, [runner('A', 200, 210)], 'match_odds', p)).toThrow(/percent/);
  });
});

describe('cash out, n runners, against the float oracle', () => {
  // A deterministic generator (no flaky seeds).
  let seed = 12345;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const cases: Array<{ p: number[]; back: number[]; lay: number[] }> = [
    // Three runners: back A 100 @ 3.0, lay B 50 @ 4.0; prices moved.
    { p: [20000 + 5000, -10000 - 15000, -10000 + 5000], back: [250, 500, 300], lay: [260, 520, 320] },
    // A 1 X 2 book with a draw.
    { p: [12000, -3000, -8000], back: [180, 350, 460], lay: [182, 360, 480] },
  ];
  for (let k = 0; k < 40; k += 1) {
    const n = 2 + Math.floor(rand() * 5);
    const p = Array.from({ length: n }, () => Math.round((rand() - 0.5) * 2_000_000));
    // A real market: a back book at or above 100 % and a lay book at or below it (no arbitrage,
    // which a random ladder would offer and which no cash out is meant to find).
    const weights = Array.from({ length: n }, () => 0.05 + rand());
    const total = weights.reduce((a, b) => a + b, 0);
    const fair = weights.map((w) => w / total);
    const back = fair.map((q) => Math.max(101, Math.floor(100 / (q * (1 + rand() * 0.05)))));
    const lay = fair.map((q, j) => Math.max((back[j] as number) + 1, Math.ceil(100 / (q * (1 - rand() * 0.05)))));
    cases.push({ p, back, lay });
  }

  it.each(cases.map((c, i) => [i, c] as const))('case %i: the offer is the best hedge, equal on every runner to within rounding', (_i, c) => {
    const ids = c.p.map((_, j) => `r${j}`);
    const position = Object.fromEntries(ids.map((id, j) => [id, c.p[j] as number]));
    const runners = ids.map((id, j) => runner(id, c.back[j] as number, c.lay[j] as number));
    const q = cashOutQuote(position, runners, 'match_odds');
    expect(q.ok).toBe(true);
    if (!q.ok) return;
    const backs = c.back.map((b) => b / 100);
    const lays = c.lay.map((l) => l / 100);
    const best = oracleBestValue(c.p, backs, lays);
    // The offer never exceeds the exact best value, and is within the rounding of it.
    expect(q.valueMinor).toBeLessThanOrEqual(best + 1e-6 * Math.max(1, Math.abs(best)));
    const slack = 1 + c.p.length * (Math.max(...c.lay) / 100 + 1);
    expect(q.valueMinor).toBeGreaterThanOrEqual(best - slack);
    // No other hedge guarantees more (random hedges, floats).
    for (let trial = 0; trial < 200; trial += 1) {
      const s = c.p.map(() => (rand() < 0.5 ? 0 : rand() * 20000));
      const t = c.p.map(() => (rand() < 0.5 ? 0 : rand() * 20000));
      expect(guaranteed(c.p, backs, lays, s, t)).toBeLessThanOrEqual(best + 1e-6 * Math.max(1, Math.abs(best)));
    }
    // The position the bets leave, bet by bet as placement computes it, is what the quote says.
    const after = positionAfter(position, q.bets);
    expect(after).toEqual(Object.fromEntries(q.after));
    expect(Math.min(...Object.values(after))).toBe(q.valueMinor);
    // Each runner at most its rounding above the offer.
    for (const v of Object.values(after)) expect(v - q.valueMinor).toBeLessThanOrEqual(slack * 2);
  });

  it('partial: p % of each stake takes (to within rounding) p % of the value, and leaves (1 − p %) of the position', () => {
    const c = cases[0] as (typeof cases)[number];
    const ids = ['a', 'b', 'c'];
    const position = Object.fromEntries(ids.map((id, j) => [id, c.p[j] as number]));
    const runners = ids.map((id, j) => runner(id, c.back[j] as number, c.lay[j] as number));
    const full = cashOutQuote(position, runners, 'match_odds');
    const half = cashOutQuote(position, runners, 'match_odds', 50);
    if (!full.ok || !half.ok) throw new Error('expected offers');
    expect(Math.abs(half.valueMinor - full.valueMinor / 2)).toBeLessThanOrEqual(3);
    for (const [j, id] of ids.entries()) {
      const expected = (c.p[j] as number) / 2 + full.valueMinor / 2;
      expect(Math.abs((half.after.get(id) as number) - expected)).toBeLessThanOrEqual(6);
    }
  });
});
