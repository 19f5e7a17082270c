/**
 * A runner bet's settled P&L (docs/rules/money.md §7.5, §7.7; docs/rules/casino-games.md §1.0.3), in TypeScript. The product
 * settles in SQL (api/sql/functions/settle_market.sql); this is the independent oracle the API
 * tests compare every settled bet with after each test (helper.ts, B4), and docs/rules/money.md's dead-heat
 * cases pin it (settlement-oracle.test.ts). It lives with the tests because nothing in the
 * product runs it (ADR 0015).
 */
import { EVEN_ODDS_HUNDREDTHS, mulDivFloor, pnlIfRunnerLosesMinor, pnlIfRunnerWinsMinor, type RunnerBet } from '@backlay/shared/domain';

/** Result of a runner market (match odds, bookmaker, casino winner). */
export type RunnerResult =
  | { kind: 'WINNER'; runnerId: string }
  | { kind: 'DEAD_HEAT'; runnerIds: readonly string[] }
  /** A market with several winners (racing PLACE): each placed runner wins in full. */
  | { kind: 'PLACED'; runnerIds: readonly string[] }
  | { kind: 'VOID' }
  /** A casino round's market (docs/rules/casino-games.md §1.0.3): how a back bet on each runner settles. */
  | { kind: 'CASINO'; outcomes: Readonly<Record<string, CasinoRunnerOutcome>> };

/** How a back bet on a casino runner settles (shared/src/casino SettleRule); WIN_REDUCED and WIN_PAYTABLE pay `profit` per 100 of stake. */
export interface CasinoRunnerOutcome {
  rule: 'WIN' | 'LOSE' | 'PUSH' | 'HALF_LOSE' | 'WIN_REDUCED' | 'WIN_PAYTABLE' | 'VOID';
  profit?: number;
}

/**
 * A casino bet's P&L: a lay is the negation of the back (a lay on a half-lost runner wins half
 * the stake). Half a stake is rounded toward the player (stake 101 paise loses 50).
 */
function casinoBetMinor(bet: RunnerBet, outcome: CasinoRunnerOutcome | undefined): number {
  if (outcome === undefined) throw new Error(`a casino result names no outcome for runner ${bet.runnerId}`);
  const sign = bet.side === 'BACK' ? 1 : -1;
  switch (outcome.rule) {
    case 'WIN':
      return pnlIfRunnerWinsMinor(bet);
    case 'LOSE':
      return pnlIfRunnerLosesMinor(bet);
    case 'PUSH':
    case 'VOID':
      return 0;
    case 'HALF_LOSE':
      return -sign * Math.trunc(bet.stakeMinor / 2);
    case 'WIN_REDUCED':
    case 'WIN_PAYTABLE':
      return mulDivFloor([sign * bet.stakeMinor, outcome.profit ?? 0], EVEN_ODDS_HUNDREDTHS);
  }
}

/**
 * One runner bet's P&L. For a k-way dead heat on the bet's runner a back wins s(o−k)/k (floored)
 * and a lay is the negation (also floored); k = 1 is a plain win.
 */
export function settledRunnerBetMinor(bet: RunnerBet, result: RunnerResult): number {
  switch (result.kind) {
    case 'VOID':
      return 0;
    case 'CASINO':
      return casinoBetMinor(bet, result.outcomes[bet.runnerId]);
    case 'WINNER':
      return bet.runnerId === result.runnerId ? pnlIfRunnerWinsMinor(bet) : pnlIfRunnerLosesMinor(bet);
    case 'PLACED':
      return result.runnerIds.includes(bet.runnerId) ? pnlIfRunnerWinsMinor(bet) : pnlIfRunnerLosesMinor(bet);
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

/**
 * A price after non-runners (docs/racing-rules.md R-3): multiplied by (1 − f/100) for each removal
 * after the bet was matched, rounded to the nearest hundredth (half up), never below 1.01. Factors
 * in hundredths of a percent (16.2 % = 1620), exact in BigInt.
 */
export function reducedOddsHundredths(oddsHundredths: number, factorsBps: readonly number[]): number {
  if (factorsBps.length === 0) return oddsHundredths;
  let num = BigInt(oddsHundredths);
  let den = 1n;
  for (const f of factorsBps) {
    num *= BigInt(10_000 - f);
    den *= 10_000n;
  }
  const rounded = (2n * num + den) / (2n * den); // half up (num, den > 0)
  return Math.max(101, Number(rounded));
}

/** The worst P&L over every set of `winners` placed runners, by brute force (B2 for PLACE markets). */
export function worstPlacedMinor(bets: readonly RunnerBet[], runnerIds: readonly string[], winners: number): number {
  const k = Math.min(winners, runnerIds.length);
  let worst = Number.POSITIVE_INFINITY;
  const pick = (start: number, chosen: string[]): void => {
    if (chosen.length === k) {
      const placed = new Set(chosen);
      const pnl = bets.reduce((sum, b) => sum + (placed.has(b.runnerId) ? pnlIfRunnerWinsMinor(b) : pnlIfRunnerLosesMinor(b)), 0);
      worst = Math.min(worst, pnl);
      return;
    }
    for (let i = start; i < runnerIds.length; i += 1) pick(i + 1, [...chosen, runnerIds[i] as string]);
  };
  pick(0, []);
  return worst === Number.POSITIVE_INFINITY ? 0 : worst;
}
