import { pf1Index, pf1Stream, STUDIO_MAX_MULTIPLIERS } from '@backlay/shared/casino';
import {
  HILO_CARDS,
  HILO_GUESSES,
  HILO_MAX_GUESSES,
  HILO_MAX_MULTIPLIER,
  HILO_RTP,
  hiloCards,
  hiloCents,
  hiloCentsAfter,
  hiloGuessAllowed,
  hiloLabel,
  hiloPayout,
  hiloProgress,
  hiloRank,
  hiloStepFactor,
  hiloWinningRanks,
  hiloWins,
  type HiloGuess,
} from './hilo';

describe('hilo', () => {
  it('the 52 cards give each rank A … K exactly four times', () => {
    const counts = new Array(14).fill(0);
    for (let c = 0; c < 52; c++) counts[hiloRank(c)] += 1;
    expect(counts.slice(1)).toEqual(new Array(13).fill(4));
    expect(hiloLabel(0)).toBe('2♦');
    expect(hiloLabel(51)).toBe('A♣');
  });

  it('enumerating the 52 next cards of every card and guess: every decision returns exactly 99 % of what rides on it', () => {
    let decisions = 0;
    for (let rank = 1; rank <= 13; rank++) {
      for (const guess of HILO_GUESSES) {
        const n = hiloWinningRanks(guess, rank);
        if (n === 0) {
          expect(() => hiloStepFactor(guess, rank)).toThrow(RangeError);
          continue;
        }
        let wins = 0;
        for (let next = 0; next < 52; next++) if (hiloWins(guess, rank, hiloRank(next))) wins += 1;
        expect(wins).toBe(4 * n);
        const [num, den] = hiloStepFactor(guess, rank);
        // E[return] = wins/52 · num/den, against 99/100, as integers.
        expect(BigInt(wins) * num * 100n).toBe(BigInt(Math.round(HILO_RTP * 100)) * 52n * den);
        decisions += 1;
      }
    }
    // 13 "same", 12 "higher" (none on a king), 12 "lower" (none on an ace).
    expect(decisions).toBe(37);
    // The multipliers players know: higher from an ace 12/13 → 1.0725×, same 1/13 → 12.87×, higher from a 7 (7 ranks) → 1.8385…×.
    expect(hiloCents(...hiloStepFactor('higher', 1))).toBe(107);
    expect(hiloCents(...hiloStepFactor('same', 7))).toBe(1287);
    expect(hiloCents(...hiloStepFactor('higher', 7))).toBe(183);
  });

  it('the amount held compounds exactly and a wrong guess loses it; the payout is ⌊stake · fraction⌋', () => {
    // Card ranks: 7 (index 20), K (44), A (48), 5 (12).
    const cards = [20, 44, 48, 12, ...new Array(HILO_CARDS - 4).fill(0)];
    const p = hiloProgress(cards, ['higher', 'lower']);
    expect(p).toEqual({ step: 2, lost: false, num: 1287n * 1287n, den: 700n * 1200n });
    expect(hiloPayout(10_000, p)).toBe(Math.floor((10_000 * 1287 * 1287) / (700 * 1200)));
    // Then "same" on the ace, and a 5 comes: lost.
    expect(hiloProgress(cards, ['higher', 'lower', 'same'])).toEqual({ step: 3, lost: true, num: 0n, den: 1n });
    expect(hiloPayout(10_000, hiloProgress(cards, []))).toBe(10_000);
  });

  it('refuses a guess whose win would pass the maximum the operator registers, so no round pays more', () => {
    expect(HILO_MAX_MULTIPLIER).toBe(Number(STUDIO_MAX_MULTIPLIERS.hilo));
    // Guessing "same" on a run of equal cards: 12.87× a step until the next would pass 1 000 000×.
    const cards = new Array(HILO_CARDS).fill(20);
    const guesses: HiloGuess[] = [];
    while (hiloGuessAllowed(hiloProgress(cards, guesses), 'same', 7)) guesses.push('same');
    const held = hiloProgress(cards, guesses);
    expect(guesses).toHaveLength(5); // 12.87^5 ≈ 352 457×, 12.87^6 would pass
    expect(held.num * 100n).toBeLessThanOrEqual(BigInt(HILO_MAX_MULTIPLIER) * 100n * held.den);
    // A smaller step still fits: higher from a 7 (×1.8385) → 648 000×.
    expect(hiloGuessAllowed(held, 'higher', 7)).toBe(true);
    expect(hiloGuessAllowed(held, 'same', 7)).toBe(false);
    expect(hiloGuessAllowed(held, 'lower', 1)).toBe(false);
    // What the page is offered: the held multiplier times the step, or null where refused.
    expect(hiloCentsAfter(held, 'same', 7)).toBeNull();
    expect(hiloCentsAfter(held, 'higher', 7)).toBe(hiloCents(held.num * 1287n, held.den * 700n));
    // And never beyond the 51st guess.
    const long = hiloProgress(new Array(HILO_CARDS).fill(0), new Array(HILO_MAX_GUESSES).fill('higher'));
    expect(long.step).toBe(HILO_MAX_GUESSES);
    expect(hiloGuessAllowed({ ...long, num: 1n, den: 1n }, 'higher', 2)).toBe(false);
  });

  it('the cards are the first 52 uniform draws of 52 from the PF-1 stream', async () => {
    const seed = 'e'.repeat(64);
    const cards = await hiloCards(seed, 'c', 9);
    expect(cards).toHaveLength(HILO_CARDS);
    const stream = pf1Stream(seed, 'c', 9);
    for (const card of cards) expect(card).toBe(await pf1Index(stream, 52));
    expect(await hiloCards(seed, 'c', 10)).not.toEqual(cards);
  });
});
