/**
 * Dice (Stake's dice): a roll from 0.00 to 99.99, one of 10 000 equally likely values drawn from
 * the round's PF-1 stream by rejection sampling (pf1Index with m = 10 000, so every roll is
 * exactly 1/10 000). The player bets the roll lands under a target (roll < target) or over it
 * (roll > target). The winning rolls are the win chance in hundredths of a percent, n = target
 * (under) or 9 999 − target (over), and the multiplier is "99 / chance" in hundredths truncated:
 * ⌊990 000 / n⌋ (5 000 winning rolls, 50.00 %: 1.98×). So the RTP n·⌊990 000/n⌋/10⁶ is at most
 * 99 %, exactly 99 % when n divides 990 000 (dice.test.ts enumerates every roll of every target).
 */
import { pf1Index, pf1Stream } from '@backlay/shared/casino';

/** The disclosed RTP: the most any target returns (targets whose chance does not divide 990 000 return a little less). */
export const DICE_RTP = 0.99;
/** The number of rolls: 0.00 … 99.99. */
export const DICE_ROLLS = 10_000;
export const DICE_DIRECTIONS = ['under', 'over'] as const;
export type DiceDirection = (typeof DICE_DIRECTIONS)[number];
/** The win chance the player may choose, in winning rolls (hundredths of a percent): 0.01 % … 98.00 %. */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9_800;
/** 99 % of 10 000 rolls, in hundredths of a multiplier: the numerator of the multiplier. */
export const DICE_MULTIPLIER_NUMERATOR = 990_000;

export function isDiceDirection(value: unknown): value is DiceDirection {
  return (DICE_DIRECTIONS as readonly unknown[]).includes(value);
}

/** The number of winning rolls of a bet (its win chance in hundredths of a percent). */
export function diceChance(direction: DiceDirection, target: number): number {
  return direction === 'under' ? target : DICE_ROLLS - 1 - target;
}

/** Throws unless (direction, target) is a bet we take: a whole target whose win chance is 0.01 % … 98.00 %. */
export function assertDiceBet(direction: unknown, target: unknown): asserts target is number {
  if (!isDiceDirection(direction)) throw new RangeError('direction is under or over');
  if (!Number.isInteger(target) || (target as number) < 0 || (target as number) >= DICE_ROLLS) throw new RangeError('target is a whole number of hundredths, 0 … 9999');
  const chance = diceChance(direction, target as number);
  if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) throw new RangeError('the win chance is 0.01 % to 98.00 %');
}

/** The multiplier of a win, in hundredths: ⌊99 / chance⌋ with the chance in winning rolls, ⌊990 000 / n⌋. */
export function diceMultiplierCents(direction: DiceDirection, target: number): number {
  assertDiceBet(direction, target);
  return Math.floor(DICE_MULTIPLIER_NUMERATOR / diceChance(direction, target));
}

/** Whether `roll` (0 … 9999) wins the bet. */
export function diceWins(direction: DiceDirection, target: number, roll: number): boolean {
  return direction === 'under' ? roll < target : roll > target;
}

/** The roll of a round (hundredths, 0 … 9999): the first rejection-sampled draw of its PF-1 stream. */
export async function diceRoll(serverSeed: string, clientSeed: string, nonce: number): Promise<number> {
  return pf1Index(pf1Stream(serverSeed, clientSeed, nonce), DICE_ROLLS);
}
