import { pf1Index, pf1Stream, STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import { assertDiceBet, DICE_DIRECTIONS, DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_ROLLS, DICE_RTP, diceChance, diceMultiplierCents, diceRoll, diceWins, type DiceDirection } from './dice';

/** Every target the game takes, per direction. */
function targets(direction: DiceDirection): number[] {
  const all: number[] = [];
  for (let t = 0; t < DICE_ROLLS; t++) {
    try {
      assertDiceBet(direction, t);
      all.push(t);
    } catch {
      // not offered
    }
  }
  return all;
}

describe('dice', () => {
  it('takes win chances 0.01 % … 98.00 % both ways: 9 800 targets each', () => {
    expect(targets('under')).toEqual(Array.from({ length: 9_800 }, (_, i) => i + 1));
    expect(targets('over')).toEqual(Array.from({ length: 9_800 }, (_, i) => 199 + i));
    for (const [d, t] of [['under', 0], ['under', 9_801], ['over', 198], ['over', 9_999], ['over', 10_000], ['sideways', 50], ['under', 50.5], ['under', '50']] as const) {
      expect(() => assertDiceBet(d, t)).toThrow(RangeError);
    }
  });

  it('enumerating all 10 000 rolls of every target: the RTP is at most the disclosed 99 %, exactly 99 % where the chance divides 990 000, and never under 98 %', () => {
    let exact = 0;
    let lowest = { num: 1_000_000, direction: '', target: 0 };
    let sum = 0;
    for (const direction of DICE_DIRECTIONS) {
      for (const target of targets(direction)) {
        const cents = diceMultiplierCents(direction, target);
        let wins = 0;
        for (let roll = 0; roll < DICE_ROLLS; roll++) if (diceWins(direction, target, roll)) wins += 1;
        expect(wins).toBe(diceChance(direction, target));
        // RTP = wins/10 000 · cents/100, as the integer wins · cents over 10⁶.
        const num = wins * cents;
        expect(num).toBeLessThanOrEqual(DICE_RTP * 1_000_000);
        if (num === 990_000) exact += 1;
        if (num < lowest.num) lowest = { num, direction, target };
        sum += num;
      }
    }
    // Pinned: a change of the rolls, the win rule or the multiplier changes these numbers.
    expect(exact).toBe(2 * 114); // 114 of 990 000's divisors are at most 9 800
    expect(lowest).toEqual({ num: 980_306, direction: 'under', target: 9_706 }); // 98.03 %: 9 706 rolls at 1.02×
    expect(sum).toBe(19_356_260_690);
  });

  it('pays the multipliers players know: 50 % → 1.98×, 49.50 % → 2.00×, 0.01 % → 9 900× (the maximum the operator registers), 98 % → 1.01×', () => {
    expect(diceMultiplierCents('under', 5_000)).toBe(198);
    expect(diceMultiplierCents('over', 4_999)).toBe(198);
    expect(diceMultiplierCents('over', 5_049)).toBe(200);
    expect(diceMultiplierCents('under', 1)).toBe(990_000);
    expect(diceMultiplierCents('over', 9_998)).toBe(990_000);
    expect(diceMultiplierCents('under', DICE_MAX_CHANCE)).toBe(101);
    const most = Math.max(...DICE_DIRECTIONS.flatMap((d) => targets(d).map((t) => diceMultiplierCents(d, t))));
    expect(most).toBe(Number(STUDIO_MAX_MULTIPLIERS.dice) * 100);
    expect(DICE_MIN_CHANCE).toBe(1);
  });

  it('the roll is the first uniform draw of 10 000 from the PF-1 stream, the same from the same seeds', async () => {
    const seed = 'c'.repeat(64);
    for (const nonce of [0, 1, 2, 99]) {
      const roll = await diceRoll(seed, 'client', nonce);
      expect(roll).toBe(await pf1Index(pf1Stream(seed, 'client', nonce), DICE_ROLLS));
      expect(Number.isInteger(roll) && roll >= 0 && roll < DICE_ROLLS).toBe(true);
    }
    expect(await diceRoll(seed, 'client', 5)).toBe(await diceRoll(seed, 'client', 5));
  });
});
