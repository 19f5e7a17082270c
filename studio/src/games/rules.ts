/** The games' disclosed rules as the game and verify pages show them: the same numbers the RTP tests check. */
import { RANK_LABELS } from '@backlay/shared/casino';
import { CRASH_GROWTH_PER_MS, CRASH_RTP } from './crash';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_MULTIPLIER_NUMERATOR, DICE_ROLLS, DICE_RTP } from './dice';
import { HILO_GUESSES, HILO_MAX_GUESSES, HILO_MAX_MULTIPLIER, HILO_RTP, HILO_STEP_NUMERATOR, hiloCents, hiloStepFactor, hiloWinningRanks } from './hilo';
import { LIMBO_MAX_CENTS, LIMBO_MIN_TARGET_CENTS, LIMBO_RTP } from './limbo';
import { MINES_RTP, minesMultiplierCents } from './mines';
import { PLINKO_RISKS, PLINKO_ROWS, PLINKO_RTP_BP, plinkoTable } from './plinko';

export function disclosedRules() {
  return {
    crash: { rtp: CRASH_RTP, growthPerMs: CRASH_GROWTH_PER_MS },
    mines: { rtp: MINES_RTP, tiles: 25, multipliers: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [i + 1, Array.from({ length: 25 - (i + 1) }, (_, k) => minesMultiplierCents(i + 1, k + 1))])) },
    plinko: {
      rows: PLINKO_ROWS,
      risks: PLINKO_RISKS,
      tables: Object.fromEntries(PLINKO_ROWS.map((r) => [r, Object.fromEntries(PLINKO_RISKS.map((k) => [k, { cents: plinkoTable(r, k), rtpBp: PLINKO_RTP_BP[r][k] }]))])),
    },
    /** Multiplier in hundredths = ⌊multiplierNumerator / winning rolls⌋; RTP at most 99 %. */
    dice: { rtp: DICE_RTP, rolls: DICE_ROLLS, minChance: DICE_MIN_CHANCE, maxChance: DICE_MAX_CHANCE, multiplierNumerator: DICE_MULTIPLIER_NUMERATOR },
    limbo: { rtp: LIMBO_RTP, minTargetCents: LIMBO_MIN_TARGET_CENTS, maxTargetCents: LIMBO_MAX_CENTS },
    /** A right guess with n winning ranks multiplies by 0.99 · 13/n (1287/(100·n)). */
    hilo: {
      rtp: HILO_RTP,
      stepNumerator: HILO_STEP_NUMERATOR,
      maxMultiplier: HILO_MAX_MULTIPLIER,
      maxGuesses: HILO_MAX_GUESSES,
      /** Per rank A … K: each guess's step multiplier in hundredths (rounded down for display), null where not offered. */
      table: Array.from({ length: 13 }, (_, i) => ({
        rank: RANK_LABELS[i + 1],
        ...Object.fromEntries(HILO_GUESSES.map((g) => [g, hiloWinningRanks(g, i + 1) === 0 ? null : hiloCents(...hiloStepFactor(g, i + 1))])),
      })),
    },
  };
}
