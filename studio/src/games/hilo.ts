/**
 * HiLo (Stake's hilo): an infinite deck, so each card is drawn with replacement: card k of a round
 * is the k-th rejection-sampled draw of 52 from its PF-1 stream (pf1Index, m = 52), named by
 * Stake's infinite-deck order (stakeInfiniteDeckCard: ♦2 … ♣A). Ranks run A (lowest) … K
 * (highest) and each has probability exactly 4/52 = 1/13. Card 0 is shown when the bet is placed;
 * each guess on the next card's rank against the current one is
 *   - higher: a higher rank from an ace, else the same or higher (14 − r ranks; not on a king),
 *   - lower: a lower rank from a king, else the same or lower (r ranks; not on an ace),
 *   - same: the same rank (1 rank),
 * and a right guess multiplies what the round holds by 0.99 · 13/n (n winning ranks), so every
 * decision returns 99 % of the amount riding on it (hilo.test.ts enumerates the 52 cards of every
 * step). A wrong guess loses the stake; the player may cash out after any right guess. The amount
 * is the exact fraction stake · Π 1287/(100·n), paid rounded down to the paisa (BigInt, like mines).
 * A guess whose win could take the multiplier above HILO_MAX_MULTIPLIER is refused, so no round
 * pays more; after HILO_MAX_GUESSES right guesses the round cashes out.
 */
import { pf1Index, pf1Stream, RANK_LABELS, stakeInfiniteDeckCard, SUIT_SYMBOLS } from '@backlay/shared/casino';

/** Cards a round draws: the first one and up to 51 guesses. */
export const HILO_CARDS = 52;
export const HILO_MAX_GUESSES = HILO_CARDS - 1;
/** The most a round can pay, as a multiple of the stake. */
export const HILO_MAX_MULTIPLIER = 1_000_000;
export const HILO_RTP = 0.99;
export const HILO_GUESSES = ['higher', 'lower', 'same'] as const;
export type HiloGuess = (typeof HILO_GUESSES)[number];
/** 0.99 · 13 = 12.87 over 100·n: a step's factor as the fraction 1287/(100·n). */
export const HILO_STEP_NUMERATOR = 1287;
const STEP_NUM = BigInt(HILO_STEP_NUMERATOR);

export function isHiloGuess(value: unknown): value is HiloGuess {
  return (HILO_GUESSES as readonly unknown[]).includes(value);
}

/** The rank of a card index 0 … 51: 1 (ace, lowest) … 13 (king, highest). */
export function hiloRank(card: number): number {
  return stakeInfiniteDeckCard(card).rank;
}

/** A card's label, e.g. "Q♥". */
export function hiloLabel(card: number): string {
  const c = stakeInfiniteDeckCard(card);
  return `${RANK_LABELS[c.rank]}${SUIT_SYMBOLS[c.suit]}`;
}

/** How many of the 13 ranks win `guess` from rank `rank`, or 0 when the guess is not offered there. */
export function hiloWinningRanks(guess: HiloGuess, rank: number): number {
  if (guess === 'same') return 1;
  if (guess === 'higher') return rank === 13 ? 0 : rank === 1 ? 12 : 14 - rank;
  return rank === 1 ? 0 : rank === 13 ? 12 : rank;
}

/** Whether the next rank wins `guess` from `rank`. */
export function hiloWins(guess: HiloGuess, rank: number, next: number): boolean {
  if (guess === 'same') return next === rank;
  if (guess === 'higher') return rank === 1 ? next > 1 : next >= rank;
  return rank === 13 ? next < 13 : next <= rank;
}

/** A step's factor as the exact fraction [numerator, denominator]: 0.99 · 13/n. */
export function hiloStepFactor(guess: HiloGuess, rank: number): [bigint, bigint] {
  const n = hiloWinningRanks(guess, rank);
  if (n === 0) throw new RangeError(`no ${guess} guess on this card`);
  return [STEP_NUM, 100n * BigInt(n)];
}

export interface HiloProgress {
  /** The card now showing (index into the round's cards). */
  step: number;
  /** Whether the last guess was wrong. */
  lost: boolean;
  /** The multiplier the round holds, as the exact fraction num/den (1 before any guess). */
  num: bigint;
  den: bigint;
}

/** Replays `guesses` against the round's cards. */
export function hiloProgress(cards: readonly number[], guesses: readonly HiloGuess[]): HiloProgress {
  let num = 1n;
  let den = 1n;
  for (let k = 0; k < guesses.length; k++) {
    const rank = hiloRank(cards[k]);
    const [n, d] = hiloStepFactor(guesses[k], rank);
    if (!hiloWins(guesses[k], rank, hiloRank(cards[k + 1]))) return { step: k + 1, lost: true, num: 0n, den: 1n };
    num *= n;
    den *= d;
  }
  return { step: guesses.length, lost: false, num, den };
}

/** Whether a guess may be made now: offered on this card and its win stays within the maximum. */
export function hiloGuessAllowed(progress: HiloProgress, guess: HiloGuess, rank: number): boolean {
  if (progress.lost || progress.step >= HILO_MAX_GUESSES || hiloWinningRanks(guess, rank) === 0) return false;
  const [n, d] = hiloStepFactor(guess, rank);
  return progress.num * n <= BigInt(HILO_MAX_MULTIPLIER) * progress.den * d;
}

/** What the round would hold after a right `guess` now, in hundredths rounded down, or null when the guess is not allowed. */
export function hiloCentsAfter(progress: HiloProgress, guess: HiloGuess, rank: number): number | null {
  if (!hiloGuessAllowed(progress, guess, rank)) return null;
  const [n, d] = hiloStepFactor(guess, rank);
  return hiloCents(progress.num * n, progress.den * d);
}

/** The amount in minor units the round pays if cashed out now: ⌊stake · num/den⌋. */
export function hiloPayout(stake: number, progress: HiloProgress): number {
  return Number((BigInt(stake) * progress.num) / progress.den);
}

/** A multiplier fraction in hundredths, rounded down (for display). */
export function hiloCents(num: bigint, den: bigint): number {
  return Number((100n * num) / den);
}

/** The cards of a round from its seeds: HILO_CARDS draws of 52 from its PF-1 stream, in order. */
export async function hiloCards(serverSeed: string, clientSeed: string, nonce: number): Promise<number[]> {
  const stream = pf1Stream(serverSeed, clientSeed, nonce);
  const cards: number[] = [];
  for (let k = 0; k < HILO_CARDS; k++) cards.push(await pf1Index(stream, 52));
  return cards;
}
