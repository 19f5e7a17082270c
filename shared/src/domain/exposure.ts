/**
 * Runner-market P&L vectors and exposure (docs/rules/money.md §7.1), in integer paise, from the
 * user's point of view. Pure: the API's bet placement and the front end's "book" use the same code.
 *
 * Odds are integers in hundredths (2.50 → 250). A bet's P&L is computed exactly with BigInt and
 * then rounded toward the house (floor of the user's P&L): a back profit rounds down, a lay
 * exposure rounds up. The two only differ from the exact value when stake × (odds − 1) is not a
 * whole number of paise.
 */

export type BetSide = 'BACK' | 'LAY';

/** A matched bet on one runner of a match-odds, bookmaker or other winner market. */
export interface RunnerBet {
  side: BetSide;
  runnerId: string;
  stakeMinor: number;
  /** Decimal odds × 100, e.g. 2.50 → 250. Above 100. */
  oddsHundredths: number;
}

/** P&L per outcome (runner id → paise). */
export type PnlVector = ReadonlyMap<string, number>;

/** Decimal odds 1.00 in hundredths. */
export const EVEN_ODDS_HUNDREDTHS = 100;

/** Throws unless `value` is a safe integer (paise, hundredths, basis points are all integers). */
export function assertInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a safe integer, got ${value}`);
}

/**
 * floor(Π factors / divisor) computed exactly (BigInt), so no float path can produce 449.99999.
 * The divisor must be positive; the result must be a safe integer.
 */
export function mulDivFloor(factors: readonly number[], divisor: number): number {
  factors.forEach((f, i) => assertInteger(`factor ${i}`, f));
  assertInteger('divisor', divisor);
  if (divisor <= 0) throw new Error('divisor must be positive');
  const n = factors.reduce((p, f) => p * BigInt(f), 1n);
  const d = BigInt(divisor);
  let q = n / d;
  if (n % d !== 0n && n < 0n) q -= 1n;
  const out = Number(q);
  assertInteger('result', out);
  return out;
}

/** Throws for a stake that is not a positive integer number of paise or odds not above 1.00. */
export function assertRunnerBet(bet: RunnerBet): void {
  assertInteger('stakeMinor', bet.stakeMinor);
  assertInteger('oddsHundredths', bet.oddsHundredths);
  if (bet.stakeMinor <= 0) throw new Error(`stake must be positive, got ${bet.stakeMinor}`);
  if (bet.oddsHundredths <= EVEN_ODDS_HUNDREDTHS) throw new Error(`odds must be above 1.00, got ${bet.oddsHundredths}`);
  if (bet.side !== 'BACK' && bet.side !== 'LAY') throw new Error(`unknown side ${String(bet.side)}`);
}

/** The user's P&L if the bet's runner wins: back +s(o−1), lay −s(o−1) (the lay's exposure). */
export function pnlIfRunnerWinsMinor(bet: RunnerBet): number {
  assertRunnerBet(bet);
  const sign = bet.side === 'BACK' ? 1 : -1;
  return mulDivFloor([sign * bet.stakeMinor, bet.oddsHundredths - EVEN_ODDS_HUNDREDTHS], EVEN_ODDS_HUNDREDTHS);
}

/** The user's P&L if the bet's runner loses: back −s, lay +s. */
export function pnlIfRunnerLosesMinor(bet: RunnerBet): number {
  assertRunnerBet(bet);
  return bet.side === 'BACK' ? -bet.stakeMinor : bet.stakeMinor;
}


/** A zero vector over the market's runners. */
export function emptyVector(runnerIds: readonly string[]): Map<string, number> {
  if (new Set(runnerIds).size !== runnerIds.length) throw new Error('runner ids must be distinct');
  return new Map(runnerIds.map((id) => [id, 0]));
}

/** The vector plus one bet, in O(runners). The input is not changed. Throws for an unknown runner. */
export function applyBet(vector: PnlVector, bet: RunnerBet): Map<string, number> {
  if (!vector.has(bet.runnerId)) throw new Error(`runner ${bet.runnerId} is not in this market`);
  const win = pnlIfRunnerWinsMinor(bet);
  const lose = pnlIfRunnerLosesMinor(bet);
  const out = new Map<string, number>();
  for (const [id, pnl] of vector) out.set(id, pnl + (id === bet.runnerId ? win : lose));
  return out;
}

/** P[ω] = Σ_b P_b[ω] over every bet of one market (netted: back and lay on one runner offset). */
export function marketPnlVector(bets: readonly RunnerBet[], runnerIds: readonly string[]): Map<string, number> {
  return bets.reduce<Map<string, number>>((v, b) => applyBet(v, b), emptyVector(runnerIds));
}

/**
 * The vector over the market's listed runners when some bets are on runners not listed: such a
 * bet only loses, its losing leg counted on every listed runner. (A racing non-runner's bets are
 * void from its removal on and left out before this is called: ADR 0046.)
 */
export function listedPnlVector(bets: readonly RunnerBet[], runnerIds: readonly string[]): Map<string, number> {
  const listed = new Set(runnerIds);
  const gone = [...new Set(bets.map((b) => b.runnerId).filter((id) => !listed.has(id)))];
  const vector = marketPnlVector(bets, [...runnerIds, ...gone]);
  for (const id of gone) vector.delete(id);
  return vector;
}

/** Market exposure E = max(0, −min_ω P[ω]); 0 for no outcomes. Takes a vector or plain values. */
export function exposureMinor(vector: PnlVector | readonly number[]): number {
  const values = Array.isArray(vector) ? (vector as readonly number[]) : [...(vector as PnlVector).values()];
  let min = 0;
  for (const v of values) if (v < min) min = v;
  return min === 0 ? 0 : -min;
}

/**
 * Exposure of a market with `winners` > 1 placed runners (a PLACE market, docs/racing-rules.md
 * R-2), each placed runner winning in full. With A = Σ_b P_b(b's runner loses) (every runner
 * loses) and P[r] = A + D[r], the worst outcome is A + the `winners` smallest D[r] = the
 * `winners` smallest P[r] − (winners − 1)·A; the exposure is max(0, −that). One winner: exposureMinor.
 */
export function placedExposureMinor(bets: readonly RunnerBet[], runnerIds: readonly string[], winners: number): number {
  const vector = listedPnlVector(bets, runnerIds);
  if (winners <= 1) return exposureMinor(vector);
  const allLose = bets.reduce((sum, b) => sum + pnlIfRunnerLosesMinor(b), 0);
  const smallest = [...vector.values()].sort((a, b) => a - b).slice(0, winners);
  const worst = smallest.reduce((sum, v) => sum + v, 0) - (smallest.length - 1) * allLose;
  return worst >= 0 ? 0 : -worst;
}
