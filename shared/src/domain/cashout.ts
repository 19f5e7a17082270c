/**
 * Full cash out of a 2-outcome position (RULES §7.8). W = P&L if the selection wins, L = if it
 * loses, d = W − L. d > 0: lay H = d / layOdds; d < 0: back H = |d| / backOdds. The hedge stake is
 * floored to whole paise, so the two outcomes can differ by a paisa; the value offered is the
 * smaller of them.
 */
import { assertInteger, EVEN_ODDS_HUNDREDTHS, pnlIfRunnerLosesMinor, pnlIfRunnerWinsMinor, type BetSide } from './exposure';

export interface CashOutInput {
  ifWinsMinor: number;
  ifLosesMinor: number;
  /** Best price the user can back at now, hundredths. */
  backOddsHundredths: number;
  /** Best price the user can lay at now, hundredths. */
  layOddsHundredths: number;
}

export interface CashOut {
  /** The hedge bet, or null when the position is already flat (d = 0). */
  hedge: { side: BetSide; stakeMinor: number; oddsHundredths: number } | null;
  ifWinsMinor: number;
  ifLosesMinor: number;
  /** Guaranteed value: min of the two outcomes after the hedge. */
  valueMinor: number;
}

export function cashOut(input: CashOutInput): CashOut {
  const { ifWinsMinor: w, ifLosesMinor: l } = input;
  assertInteger('ifWinsMinor', w);
  assertInteger('ifLosesMinor', l);
  const d = w - l;
  if (d === 0) return { hedge: null, ifWinsMinor: w, ifLosesMinor: l, valueMinor: l };
  const side: BetSide = d > 0 ? 'LAY' : 'BACK';
  const oddsHundredths = d > 0 ? input.layOddsHundredths : input.backOddsHundredths;
  assertInteger('oddsHundredths', oddsHundredths);
  if (oddsHundredths <= EVEN_ODDS_HUNDREDTHS) throw new Error(`odds must be above 1.00, got ${oddsHundredths}`);
  const stakeMinor = Math.floor((Math.abs(d) * EVEN_ODDS_HUNDREDTHS) / oddsHundredths);
  if (stakeMinor === 0) return { hedge: null, ifWinsMinor: w, ifLosesMinor: l, valueMinor: Math.min(w, l) };
  const hedge = { side, runnerId: '', stakeMinor, oddsHundredths };
  const ifWinsMinor = w + pnlIfRunnerWinsMinor(hedge);
  const ifLosesMinor = l + pnlIfRunnerLosesMinor(hedge);
  return { hedge: { side, stakeMinor, oddsHundredths }, ifWinsMinor, ifLosesMinor, valueMinor: Math.min(ifWinsMinor, ifLosesMinor) };
}
