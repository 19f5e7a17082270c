/**
 * Cash out of a runner market (docs/rules/money.md §7.8, generalised to n runners; ADR 0056).
 * Pure and integer: the API's offer and placement and the odds page's live button run this code.
 *
 * P_j is the player's P&L if runner j wins. Backing j with stake s at gross odds b adds s(b−1) to
 * P_j and −s elsewhere; laying j with stake t at gross odds l adds −t(l−1) to P_j and +t elsewhere.
 * For a target C, back every runner below it (s_j = (C − P_j)/b_j) and lay every runner above it
 * (t_j = (P_j − C)/l_j): every outcome is then worth V(C) = C + Σt − Σs. V is piecewise linear and
 * concave in C, so its maximum is at a breakpoint C ∈ {P_j}; ties go to the fewest bets. For two
 * runners with a position on one this is §7.8's d / price hedge (T24, T25).
 *
 * A partial cash out of p % places p % of each stake. Stakes are rounded to the nearest paisa
 * (half up) and each bet's P&L is floored toward the house as the placement does
 * (`pnlIfRunnerWinsMinor`). The offer is what the hedge guarantees: floor(min_j (h_j + p/100·P_j)),
 * h_j the hedge's own P&L on runner j. It is never more than the exact p/100 · V (V is the best
 * guaranteed value any hedge at these prices can give); the paise the rounding leaves above that
 * minimum on some runners stay in the player's position.
 */
import { EVEN_ODDS_HUNDREDTHS, pnlIfRunnerLosesMinor, pnlIfRunnerWinsMinor, type BetSide } from './exposure';

/** The market types a cash out is offered on (one winner each). */
export const CASH_OUT_MARKET_TYPES = ['match_odds', 'bookmaker'] as const;
export type CashOutMarketType = (typeof CASH_OUT_MARKET_TYPES)[number];

/**
 * A position whose outcomes differ by less than this (paise) is already level: nothing to cash
 * out. A cash out leaves a few paise of rounding between the runners (see above); this keeps the
 * button from offering to hedge them.
 */
export const CASH_OUT_MIN_SPREAD_MINOR = 100;

/** The partial amounts the product offers, in percent of the full hedge. */
export const CASH_OUT_PERCENTS = [25, 50, 75, 100] as const;

/** A runner's best prices as quoted (hundredths: decimal odds × 100, a bookmaker rate in paise); null: none. */
export interface CashOutRunner {
  runnerId: string;
  back: number | null;
  lay: number | null;
}

/** One bet of the hedge, at the runner's current best price on its side. */
export interface HedgeBet {
  side: BetSide;
  runnerId: string;
  stakeMinor: number;
  /** The price as quoted (the placement's `quotedHundredths`). */
  quotedHundredths: number;
  /** Gross decimal odds × 100 (a bookmaker rate r is 100 + r). */
  oddsHundredths: number;
}

export type CashOutQuote =
  | {
      ok: true;
      percent: number;
      /** The guaranteed amount this cash out takes, in paise (may be negative: a cash out at a loss). */
      valueMinor: number;
      bets: HedgeBet[];
      /** The position after the hedge (runner id → paise). */
      after: Map<string, number>;
    }
  | { ok: false; reason: 'NOTHING_TO_CASH_OUT' | 'NO_PRICE' };

/** An exact fraction n/d, d > 0. */
interface Fraction {
  n: bigint;
  d: bigint;
}
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const cmp = (a: Fraction, b: Fraction): number => {
  const x = a.n * b.d;
  const y = b.n * a.d;
  return x < y ? -1 : x > y ? 1 : 0;
};

const grossOdds = (marketType: CashOutMarketType, quoted: number): number =>
  marketType === 'bookmaker' ? EVEN_ODDS_HUNDREDTHS + quoted : quoted;

/** round(n / d) half up, for d > 0. */
function roundHalfUp(n: bigint, d: bigint): bigint {
  const twice = 2n * n + d;
  const den = 2n * d;
  let q = twice / den;
  if (twice % den !== 0n && twice < 0n) q -= 1n;
  return q;
}

function floorDiv(n: bigint, d: bigint): bigint {
  let q = n / d;
  if (n % d !== 0n && n < 0n) q -= 1n;
  return q;
}

/**
 * The cash out of `percent` % (1–100) of `position` at the runners' prices. Runners of the
 * position not in `runners` (removed) are left out; a runner without a position counts 0.
 */
export function cashOutQuote(
  position: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
  runners: readonly CashOutRunner[],
  marketType: CashOutMarketType,
  percent = 100,
): CashOutQuote {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new Error(`percent must be 1–100, got ${percent}`);
  const get = (id: string): number =>
    position instanceof Map ? (position.get(id) ?? 0) : ((position as Readonly<Record<string, number>>)[id] ?? 0);
  const rows = runners.map((r) => ({ ...r, pnl: get(r.runnerId) }));
  const values = [...new Set(rows.map((r) => r.pnl))];
  if (values.length < 2 || Math.max(...values) - Math.min(...values) < CASH_OUT_MIN_SPREAD_MINOR) return { ok: false, reason: 'NOTHING_TO_CASH_OUT' };

  // The best breakpoint: V(C) exact, ties to the fewest bets.
  let best: { c: number; v: Fraction; bets: number } | null = null;
  for (const c of values) {
    let v: Fraction = { n: BigInt(c), d: 1n };
    let bets = 0;
    let feasible = true;
    for (const r of rows) {
      if (r.pnl === c) continue;
      const quoted = r.pnl > c ? r.lay : r.back;
      if (quoted === null || grossOdds(marketType, quoted) <= EVEN_ODDS_HUNDREDTHS) {
        feasible = false;
        break;
      }
      const odds = BigInt(grossOdds(marketType, quoted));
      // lay: +t = 100(P − C)/l; back: −s = −100(C − P)/b — both are 100(P − C)/odds.
      v = add(v, { n: 100n * BigInt(r.pnl - c), d: odds });
      bets += 1;
    }
    if (!feasible) continue;
    if (best === null || cmp(v, best.v) > 0 || (cmp(v, best.v) === 0 && bets < best.bets)) best = { c, v, bets };
  }
  if (best === null) return { ok: false, reason: 'NO_PRICE' };

  const bets: HedgeBet[] = [];
  for (const r of rows) {
    if (r.pnl === best.c) continue;
    const side: BetSide = r.pnl > best.c ? 'LAY' : 'BACK';
    const quotedHundredths = (side === 'LAY' ? r.lay : r.back) as number;
    const oddsHundredths = grossOdds(marketType, quotedHundredths);
    // p % of |P − C| / odds, in paise: percent · |P − C| / oddsHundredths.
    const stake = Number(roundHalfUp(BigInt(percent) * BigInt(Math.abs(r.pnl - best.c)), BigInt(oddsHundredths)));
    if (stake > 0) bets.push({ side, runnerId: r.runnerId, stakeMinor: stake, quotedHundredths, oddsHundredths });
  }
  if (bets.length === 0) return { ok: false, reason: 'NOTHING_TO_CASH_OUT' };
  // Lays first (each only lowers its own runner towards C and raises the others), then backs.
  bets.sort((a, b) => (a.side === b.side ? 0 : a.side === 'LAY' ? -1 : 1));

  const after = new Map(rows.map((r) => [r.runnerId, r.pnl]));
  for (const bet of bets) {
    const runnerBet = { side: bet.side, runnerId: bet.runnerId, stakeMinor: bet.stakeMinor, oddsHundredths: bet.oddsHundredths };
    const win = pnlIfRunnerWinsMinor(runnerBet);
    const lose = pnlIfRunnerLosesMinor(runnerBet);
    for (const [id, pnl] of after) after.set(id, pnl + (id === bet.runnerId ? win : lose));
  }
  // floor(min_j (h_j + p/100 · P_j)) = floor(min_j (100·h_j + p·P_j) / 100), h_j = after_j − P_j.
  let min: bigint | null = null;
  for (const r of rows) {
    const h = BigInt((after.get(r.runnerId) as number) - r.pnl);
    const x = 100n * h + BigInt(percent) * BigInt(r.pnl);
    if (min === null || x < min) min = x;
  }
  return { ok: true, percent, valueMinor: Number(floorDiv(min as bigint, 100n)), bets, after };
}
