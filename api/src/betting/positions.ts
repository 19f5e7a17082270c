/**
 * Pure rules of a stored position (positions.pnl): the P&L per outcome as the API shows it, and a
 * position rebuilt from the open bets with the shared maths (a void recomputes it this way; the
 * tests compare the incremental positions of place_runner_bet / place_fancy_bet_checked with it).
 * Runner markets keep {selectionId: pnl}; fancies the run book {"lines": [...], "zones": [...]}.
 */
import type { BetMarketType, ProfitListRow } from '@backlay/shared/contracts';
import {
  exposureMinor,
  fancyBook,
  fancyZoneStarts,
  fancyExposureMinor,
  listedPnlVector,
  placedExposureMinor,
  type FancyBet,
  type RunnerBet,
} from '@backlay/shared/domain';
import { paiseToRupees } from '../common/money';

/** Runner vector (selection id → paise). */
export type RunnerPnl = Record<string, number>;
/** Fancy run book as stored. */
export interface FancyPnl {
  lines: number[];
  zones: number[];
}
export type StoredPnl = RunnerPnl | FancyPnl;

export function isFancyPnl(pnl: StoredPnl): pnl is FancyPnl {
  return Array.isArray((pnl as FancyPnl).lines) && Array.isArray((pnl as FancyPnl).zones);
}

/** The P&L per outcome in rupees: one row per runner, or per run zone (lowest first) for a fancy. */
export function profitList(pnl: StoredPnl): ProfitListRow[] {
  if (isFancyPnl(pnl)) {
    return fancyZoneStarts(pnl.lines).map(({ zone, fromRuns }) => ({
      selectionId: String(fromRuns),
      profit: paiseToRupees(BigInt(pnl.zones[zone] ?? 0)),
      fromRuns,
    }));
  }
  return Object.entries(pnl).map(([selectionId, value]) => ({ selectionId, profit: paiseToRupees(BigInt(value)) }));
}

/** One open bet as stored (odds in hundredths; fancy: odds = 100 + rate, line in runLine). */
export interface StoredBet {
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  selectionId: string;
  stakeMinor: number;
  oddsHundredths: number;
  runLine: number | null;
}

/**
 * The position of one (user, market) rebuilt from its open bets. Runner markets keep the outcomes
 * the stored position already has (`runnerIds`, the market's runners at placement).
 */
export function rebuildPosition(
  marketType: BetMarketType,
  bets: readonly StoredBet[],
  runnerIds: readonly string[],
  numberOfWinners = 1,
): { pnl: StoredPnl; exposureMinor: number } {
  if (marketType === 'fancy') {
    const fancyBets: FancyBet[] = bets.map((b) => {
      if (b.runLine === null || (b.side !== 'YES' && b.side !== 'NO')) throw new Error('a fancy bet needs YES/NO and a line');
      return { side: b.side, line: b.runLine, rate: b.oddsHundredths - 100, stakeMinor: b.stakeMinor };
    });
    const book = fancyBook(fancyBets);
    return { pnl: { lines: [...book.lines], zones: [...book.zonesMinor] }, exposureMinor: fancyExposureMinor(book) };
  }
  const runnerBets: RunnerBet[] = bets.map((b) => {
    if (b.side !== 'BACK' && b.side !== 'LAY') throw new Error('a runner bet is BACK or LAY');
    return { side: b.side, runnerId: b.selectionId, stakeMinor: b.stakeMinor, oddsHundredths: b.oddsHundredths };
  });
  // A bet on a runner removed since (a racing non-runner) only loses: listedPnlVector.
  const vector = listedPnlVector(runnerBets, runnerIds);
  // A PLACE market (k > 1 winners): its worst case is k placed runners (docs/racing-rules.md R-2).
  const exposure = numberOfWinners > 1 ? placedExposureMinor(runnerBets, runnerIds, numberOfWinners) : exposureMinor(vector);
  return { pnl: Object.fromEntries(vector), exposureMinor: exposure };
}
