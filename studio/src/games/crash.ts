/**
 * Crash (Bustabit/Stake lineage): a multiplier that grows from 1.00× until it "crashes" at a point
 * fixed by PF-1 when the bet is placed. The server decides everything: the crash point, when the
 * round started (after the operator accepted the debit) and whether a cash-out arrived before the
 * curve reached the crash point, by the server's clock. The page only draws the curve.
 */
import { pf1Stream } from '@backlay/shared/casino';

/** 2^32: the number of PF-1 words. */
const WORDS = 0x1_0000_0000;
/** The disclosed return to player: 99 % (1 % house edge), whatever the player's target. */
export const CRASH_RTP = 0.99;
/** 99 · 2^32: the numerator of the crash mapping, exact in a double (< 2^53). */
const NUMERATOR = 99 * WORDS;
/** How fast the curve grows: m(t) = e^(GROWTH · t), t in ms (Bustabit's 0.00006: 2× at 11.6 s). */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** The highest crash point we pay (100 000×), so a round always ends. */
export const CRASH_MAX_CENTS = 10_000_000;

/**
 * The crash point in hundredths (100 = 1.00×) of the PF-1 word u: ⌊99·2^32 / (2^32 − u)⌋, at least
 * 100 and at most CRASH_MAX_CENTS. With f = u/2^32 this is ⌊99/(1−f)⌋/100, so P(crash ≥ x) = 0.99/x:
 * a player who cashes out at x wins x·0.99/x = 99 % on average. Integer arithmetic only (both
 * operands are exact doubles and `%` is exact), so every platform gives the same point.
 */
export function crashPointFromWord(u: number): number {
  return edgeMultiplierFromWord(u, CRASH_MAX_CENTS);
}

/**
 * The 1 %-edge multiplier of a PF-1 word, in hundredths, capped at `maxCents`: the rule crash's
 * point and limbo's result share (limbo.ts), so P(result ≥ X) = ⌊99·2^32/X⌋/2^32 for both.
 */
export function edgeMultiplierFromWord(u: number, maxCents: number): number {
  if (!Number.isInteger(u) || u < 0 || u >= WORDS) throw new RangeError(`not a PF-1 word: ${u}`);
  const divisor = WORDS - u;
  const cents = (NUMERATOR - (NUMERATOR % divisor)) / divisor;
  return Math.min(maxCents, Math.max(100, cents));
}

/** The crash point (hundredths) of a round from its seeds: the first word of its PF-1 stream. */
export async function crashPoint(serverSeed: string, clientSeed: string, nonce: number): Promise<number> {
  return crashPointFromWord(await pf1Stream(serverSeed, clientSeed, nonce).nextWord());
}

/** The multiplier shown at `elapsedMs` after the start, in hundredths, rounded down. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  // The tiny epsilon keeps e^(ln(x)) from landing a hair under a whole hundredth.
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/** How long after the start the curve reaches `cents` (hundredths): the earliest t with multiplierAt(t) ≥ cents. */
export function timeToReach(cents: number): number {
  if (cents <= 100) return 0;
  let t = Math.max(0, Math.floor(Math.log(cents / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (multiplierAt(t) < cents) t += 1;
  return t;
}

export type CrashOutcome = { kind: 'cashed-out'; cents: number } | { kind: 'crashed' };

/**
 * The cash-out rule. A request that reaches the server `elapsedMs` after the round started wins
 * the multiplier of that instant if the curve had not yet reached the crash point then; otherwise
 * the round has crashed. An auto cash-out at `autoCents` wins if autoCents ≤ crash point (a target
 * equal to the crash point is paid, as at Stake), whenever its request would have arrived.
 */
export function settleCrash(crashCents: number, elapsedMs: number | null, autoCents: number | null): CrashOutcome {
  const autoWins = autoCents !== null && autoCents <= crashCents;
  // Before the curve reaches the crash point its multiplier is below it, so the time decides.
  const manualWins = elapsedMs !== null && elapsedMs < timeToReach(crashCents);
  const manualAt = elapsedMs === null ? 0 : multiplierAt(elapsedMs);
  if (autoWins && (!manualWins || autoCents <= manualAt)) return { kind: 'cashed-out', cents: autoCents };
  if (manualWins) return { kind: 'cashed-out', cents: manualAt };
  return { kind: 'crashed' };
}

/**
 * The exact probability under PF-1 that the crash point is at least `cents` (a target the player
 * could set): the share of the 2^32 words whose crash point reaches it. From the mapping,
 * ⌊N/(2^32−u)⌋ ≥ X ⟺ 2^32 − u ≤ ⌊N/X⌋, so exactly ⌊N/X⌋ words qualify (for 100 < X ≤ max).
 */
export function probabilityAtLeast(cents: number): number {
  if (cents <= 100) return 1;
  if (cents > CRASH_MAX_CENTS) return 0;
  return Math.floor(NUMERATOR / cents) / WORDS;
}
