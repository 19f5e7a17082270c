/**
 * Test support for the RTP enumerations (not exported by the package): adds up, in exact integer
 * arithmetic, what a back bet on every runner returns over a weighted enumeration of rounds, so a
 * test can compare a table's published RTP and its rules panel with the rules it actually applies.
 */
import { backReturnPer100, formatPriceHundredths, formatRtp } from '../market-kit';
import { type CasinoMarketDef, type RoundResult, type SettleRule } from '../types';

export class RtpTally {
  /** Σ weight × return per 100, per `market/selection`. */
  private readonly returns = new Map<string, bigint>();
  /** Σ weight per `market/selection/rule`. */
  private readonly rules = new Map<string, bigint>();
  total = 0n;

  constructor(private readonly markets: readonly CasinoMarketDef[]) {}

  /** Adds one equally-weighted class of rounds: `weight` deals that all resolve to `result`. */
  add(result: RoundResult, weight: bigint | number): void {
    const w = BigInt(weight);
    this.total += w;
    for (const market of this.markets) {
      const outcomes = result.outcomes[market.code];
      if (!outcomes) throw new Error(`round has no outcome for market ${market.code}`);
      for (const runner of market.runners) {
        const outcome = outcomes[runner.selectionId];
        if (!outcome) throw new Error(`round has no outcome for ${market.code}/${runner.selectionId}`);
        const ruleKey = `${market.code}/${runner.selectionId}/${outcome.rule}`;
        this.rules.set(ruleKey, (this.rules.get(ruleKey) ?? 0n) + w);
        if (runner.back === null) continue;
        const key = `${market.code}/${runner.selectionId}`;
        this.returns.set(key, (this.returns.get(key) ?? 0n) + w * BigInt(backReturnPer100(outcome, runner.back)));
      }
    }
  }

  /** The exact RTP of a back bet as numerator / denominator. */
  exactRtp(market: string, selection: string): { num: bigint; den: bigint } {
    const num = this.returns.get(`${market}/${selection}`);
    if (num === undefined) throw new Error(`no bettable runner ${market}/${selection}`);
    return { num, den: this.total * 100n };
  }

  /** The RTP of a back bet, to 18 decimals of the exact ratio. */
  rtp(market: string, selection: string): number {
    const { num, den } = this.exactRtp(market, selection);
    return ratio(num, den);
  }

  /** The weight of rounds in which the runner's back bet settles by `rule`, as a probability. */
  probability(market: string, selection: string, rule: SettleRule): number {
    return ratio(this.rules.get(`${market}/${selection}/${rule}`) ?? 0n, this.total);
  }

  /** The weight (not divided by the total) of rounds in which the runner settles by `rule`. */
  weight(market: string, selection: string, rule: SettleRule): bigint {
    return this.rules.get(`${market}/${selection}/${rule}`) ?? 0n;
  }
}

/** num / den to 18 decimals (exact integer division first, then one float rounding). */
export function ratio(num: bigint, den: bigint): number {
  const scale = 10n ** 18n;
  return Number((num * scale) / den) / 1e18;
}

/** Rounds as the doc prints: true when `value` written with `decimals` decimals is `printed`. */
export function printsAs(value: number, printed: string): boolean {
  const decimals = printed.split('.')[1]?.length ?? 0;
  return value.toFixed(decimals) === printed;
}

/**
 * Checks every bettable runner of `markets` against the tally: the runner's `rtp` equals the
 * enumerated RTP (to 1e-12), and the rules panel's line for its market prints the same price and
 * RTP. Returns the list of mismatches, empty when all agree.
 */
export function rtpMismatches(markets: readonly CasinoMarketDef[], tally: RtpTally, rulesLines: readonly string[]): string[] {
  const problems: string[] = [];
  for (const market of markets) {
    const line = rulesLines.find((l) => l.startsWith(`${market.name}:`));
    for (const runner of market.runners) {
      if (runner.back === null) continue;
      const exact = tally.rtp(market.code, runner.selectionId);
      if (runner.rtp === undefined || Math.abs(runner.rtp - exact) > 1e-12) problems.push(`${market.code}/${runner.selectionId}: rtp ${runner.rtp} ≠ enumerated ${exact}`);
      const printed = `${formatPriceHundredths(runner.back)}, RTP ${formatRtp(exact)}`;
      if (!line || !line.includes(printed)) problems.push(`${market.code}/${runner.selectionId}: rules line ${JSON.stringify(line)} lacks '${printed}'`);
    }
  }
  return problems;
}
