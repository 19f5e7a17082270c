/**
 * Market settlement (RULES §7.5, §7.7): each user's market P&L W from the result, then the
 * balance posting. Pure; idempotency by (marketId, settlementVersion) belongs to the ledger.
 */
import { assertInteger, EVEN_ODDS_HUNDREDTHS, mulDivFloor, pnlIfRunnerLosesMinor, pnlIfRunnerWinsMinor, type RunnerBet } from './exposure';
import { fancyBetPnlMinor, type FancyBet } from './fancy';

/** Result of a runner market (match odds, bookmaker, casino winner). */
export type RunnerResult =
  | { kind: 'WINNER'; runnerId: string }
  | { kind: 'DEAD_HEAT'; runnerIds: readonly string[] }
  | { kind: 'VOID' };

/** Result of a fancy market: the runs, or void. */
export type FancyResult = { kind: 'RUNS'; runs: number } | { kind: 'VOID' };

/** What a tied match does to its match-odds market (a market attribute). */
export type TiePolicy = 'VOID' | 'DEAD_HEAT' | 'TIE_RUNNER_WINS' | 'OFFICIAL_RESULT';

/**
 * One runner bet's P&L. For a k-way dead heat on the bet's runner a back wins s(o−k)/k (floored)
 * and a lay is the negation (also floored); k = 1 is a plain win.
 */
export function settledRunnerBetMinor(bet: RunnerBet, result: RunnerResult): number {
  switch (result.kind) {
    case 'VOID':
      return 0;
    case 'WINNER':
      return bet.runnerId === result.runnerId ? pnlIfRunnerWinsMinor(bet) : pnlIfRunnerLosesMinor(bet);
    case 'DEAD_HEAT': {
      const k = result.runnerIds.length;
      if (k === 0 || new Set(result.runnerIds).size !== k) throw new Error('a dead heat names distinct runners');
      if (!result.runnerIds.includes(bet.runnerId)) return pnlIfRunnerLosesMinor(bet);
      if (k === 1) return pnlIfRunnerWinsMinor(bet);
      pnlIfRunnerLosesMinor(bet); // validates the bet
      const sign = bet.side === 'BACK' ? 1 : -1;
      return mulDivFloor([sign * bet.stakeMinor, bet.oddsHundredths - k * EVEN_ODDS_HUNDREDTHS], k * EVEN_ODDS_HUNDREDTHS);
    }
  }
}

/** Per-user W for a runner market: Σ of the user's bets (= P[winner] of the user's vector). */
export function settleRunnerMarket(bets: readonly (RunnerBet & { userId: string })[], result: RunnerResult): Map<string, number> {
  const out = new Map<string, number>();
  for (const bet of bets) out.set(bet.userId, (out.get(bet.userId) ?? 0) + settledRunnerBetMinor(bet, result));
  return out;
}

/** Per-user W for a fancy market. Fancy settles on runs even when the match ties (T23). */
export function settleFancyMarket(bets: readonly (FancyBet & { userId: string })[], result: FancyResult): Map<string, number> {
  const out = new Map<string, number>();
  for (const bet of bets) {
    const pnl = result.kind === 'VOID' ? 0 : fancyBetPnlMinor(bet, result.runs);
    out.set(bet.userId, (out.get(bet.userId) ?? 0) + pnl);
  }
  return out;
}

/** The match-odds result of a tied match under the market's tie policy (§7.7). */
export function tieResult(
  policy: TiePolicy,
  tie: { tiedRunnerIds: readonly string[]; tieRunnerId?: string; officialWinnerId?: string },
): RunnerResult {
  switch (policy) {
    case 'VOID':
      return { kind: 'VOID' };
    case 'DEAD_HEAT':
      return { kind: 'DEAD_HEAT', runnerIds: tie.tiedRunnerIds };
    case 'TIE_RUNNER_WINS':
      if (tie.tieRunnerId === undefined) throw new Error('TIE_RUNNER_WINS needs the tie runner');
      return { kind: 'WINNER', runnerId: tie.tieRunnerId };
    case 'OFFICIAL_RESULT':
      if (tie.officialWinnerId === undefined) throw new Error('OFFICIAL_RESULT needs the official winner');
      return { kind: 'WINNER', runnerId: tie.officialWinnerId };
  }
}

/** §7.5 step 5: balance += W − commission; the market's exposure is released. */
export function settlementPosting(input: { pnlMinor: number; commissionMinor: number; exposureMinor: number }): {
  balanceDeltaMinor: number;
  exposureReleasedMinor: number;
} {
  assertInteger('pnlMinor', input.pnlMinor);
  assertInteger('commissionMinor', input.commissionMinor);
  assertInteger('exposureMinor', input.exposureMinor);
  if (input.commissionMinor < 0 || input.exposureMinor < 0) throw new Error('commission and exposure are never negative');
  return { balanceDeltaMinor: input.pnlMinor - input.commissionMinor, exposureReleasedMinor: input.exposureMinor };
}
