/**
 * Limbo (Stake's limbo): the player names a target multiplier; the round draws a result from the
 * first PF-1 word u with crash's 1 %-edge rule, ⌊99·2^32/(2^32 − u)⌋ hundredths (at least 1.00×,
 * capped at 1 000 000×), and wins target × stake when result ≥ target. The outcome space is the
 * 2^32 words, equally likely: exactly ⌊99·2^32/T⌋ of them reach a target of T hundredths, so a
 * target pays T/100 · ⌊99·2^32/T⌋/2^32, 99 % less under one word in 2^32 times the target
 * (limbo.test.ts counts the words at every boundary).
 */
import { pf1Stream } from '@backlay/shared/casino';
import { edgeMultiplierFromWord } from './crash';

/** The disclosed RTP of every target. */
export const LIMBO_RTP = 0.99;
/** The lowest target, 1.01×, and the highest, 1 000 000× (also the result's cap), in hundredths. */
export const LIMBO_MIN_TARGET_CENTS = 101;
export const LIMBO_MAX_CENTS = 100_000_000;

export function assertLimboTarget(target: unknown): asserts target is number {
  if (!Number.isInteger(target) || (target as number) < LIMBO_MIN_TARGET_CENTS || (target as number) > LIMBO_MAX_CENTS) {
    throw new RangeError('the target is in hundredths of a multiplier, from 101 (1.01×) to 100000000 (1 000 000×)');
  }
}

/** The result (hundredths) of the PF-1 word u. */
export function limboResultFromWord(u: number): number {
  return edgeMultiplierFromWord(u, LIMBO_MAX_CENTS);
}

/** The result (hundredths) of a round from its seeds: the first word of its PF-1 stream. */
export async function limboResult(serverSeed: string, clientSeed: string, nonce: number): Promise<number> {
  return limboResultFromWord(await pf1Stream(serverSeed, clientSeed, nonce).nextWord());
}

/** What a round pays in hundredths of the stake: the target when the result reaches it, else 0. */
export function limboCents(targetCents: number, resultCents: number): number {
  assertLimboTarget(targetCents);
  return resultCents >= targetCents ? targetCents : 0;
}
