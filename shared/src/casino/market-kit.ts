/**
 * Small pieces every table uses: what a back bet returns under each settlement rule, RTP from
 * exact outcome counts, settling a market whose winner is known, the rules panel's market lines
 * and strict config reading. Prices are decimal × 100 throughout (docs/rules/casino-games.md §1.0.2).
 */
import { type CasinoMarketDef, type CasinoRunnerDef, type RunnerOutcome } from './types';

/**
 * What a back bet returns per 100 staked, stake included (docs/rules/casino-games.md §1.0.3): the engine pays
 * stake × this / 100. `back` is the runner's price × 100.
 */
export function backReturnPer100(outcome: RunnerOutcome, back: number): number {
  switch (outcome.rule) {
    case 'WIN':
      return back;
    case 'LOSE':
      return 0;
    case 'PUSH':
    case 'VOID':
      return 100;
    case 'HALF_LOSE':
      return 50;
    case 'WIN_REDUCED':
    case 'WIN_PAYTABLE':
      if (outcome.profit === undefined || !(outcome.profit >= 0)) throw new Error(`${outcome.rule} needs its profit per 100`);
      return 100 + outcome.profit;
  }
}

/**
 * Expected return per unit staked, from exact outcome counts: Σ count × returnPer100 / (total ×
 * 100). Counts are whole numbers of equally likely deals, so the only rounding is the final float.
 */
export function rtpFromCounts(cases: readonly (readonly [count: number, returnPer100: number])[], total: number): number {
  let sum = 0;
  for (const [count, ret] of cases) sum += count * ret;
  return sum / (total * 100);
}

/**
 * RTP of a lay at price `lay` on a runner that wins `winCount` of `total` deals, per unit of
 * liability ((lay − 1) × stake, what a lay debits): the layer gets liability + stake back when the
 * runner loses, nothing when it wins, so RTP = P(loses) × lay / (lay − 1).
 */
export function layRtpFromCounts(winCount: number, total: number, lay: number): number {
  return ((total - winCount) * lay) / (total * (lay - 100));
}

export const WIN: RunnerOutcome = Object.freeze({ rule: 'WIN' });
export const LOSE: RunnerOutcome = Object.freeze({ rule: 'LOSE' });
export const PUSH: RunnerOutcome = Object.freeze({ rule: 'PUSH' });
export const HALF_LOSE: RunnerOutcome = Object.freeze({ rule: 'HALF_LOSE' });
export const VOID: RunnerOutcome = Object.freeze({ rule: 'VOID' });

/**
 * Settles a market with one winning runner: `winner` WINs, every other runner gets `others`
 * (LOSE unless the table's rule says a push or half-loss, e.g. on a tie).
 */
export function settleMarket(market: CasinoMarketDef, winner: string, others: RunnerOutcome = LOSE): Record<string, RunnerOutcome> {
  if (!market.runners.some((r) => r.selectionId === winner)) throw new Error(`market ${market.code} has no runner '${winner}'`);
  const out: Record<string, RunnerOutcome> = {};
  for (const r of market.runners) out[r.selectionId] = r.selectionId === winner ? WIN : others;
  return out;
}

/** A price × 100 as the screens write it: 198 → '1.98'. */
export function formatPriceHundredths(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}

/** An RTP as the rules panel prints it: 0.98313 → '98.31%'. */
export function formatRtp(rtp: number): string {
  return `${(rtp * 100).toFixed(2)}%`;
}

function runnerTerms(r: CasinoRunnerDef): string {
  const lay = r.lay != null ? `, lay ${formatPriceHundredths(r.lay)}${r.layRtp !== undefined ? ` (RTP ${formatRtp(r.layRtp)} of liability)` : ''}` : '';
  return `${formatPriceHundredths(r.back as number)}${r.rtp !== undefined ? `, RTP ${formatRtp(r.rtp)}` : ''}${lay}`;
}

/**
 * One rules-panel line per market: its bettable runners with price and RTP. Runners on the same
 * terms are grouped, so a row of thirteen card ranks or 37 roulette numbers is one entry. By default
 * only neighbours group (the line keeps the runners' order); `'by-terms'` groups all runners on the
 * same terms, for markets whose prices interleave (Lottery's triples: 000 at one price, 001 another).
 */
export function marketRuleLines(markets: readonly CasinoMarketDef[], grouping: 'adjacent' | 'by-terms' = 'adjacent'): string[] {
  return markets.map((market) => {
    const groups: { names: string[]; terms: string }[] = [];
    for (const r of market.runners) {
      if (r.back === null) continue;
      const terms = runnerTerms(r);
      const same = grouping === 'by-terms' ? groups.find((g) => g.terms === terms) : groups[groups.length - 1];
      if (same && same.terms === terms) same.names.push(r.name);
      else groups.push({ names: [r.name], terms });
    }
    const parts = groups.map((g) => {
      // A market named after its runners ('Player A / Player B', 'Tie') need not repeat them.
      if (g.names.join(' / ') === market.name) return g.names.length > 1 ? `${g.terms} each` : g.terms;
      const names = g.names.length > 4 ? `${g.names[0]} … ${g.names[g.names.length - 1]} (each)` : g.names.join(' / ');
      return `${names} ${g.terms}`;
    });
    return `${market.name}: ${parts.join('; ')}.`;
  });
}

/**
 * Reads a table config from stored JSON: every key is one of a fixed set of choices; a missing key
 * takes the default; an unknown key or value throws, so a typo cannot silently run the default rules.
 */
export function readConfig<C extends { [K in keyof C]: string | boolean }>(raw: unknown, defaults: C, choices: { [K in keyof C]: readonly C[K][] }): C {
  if (raw === undefined || raw === null) return { ...defaults };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('a table config is an object');
  const out: Record<string, string | boolean> = { ...defaults };
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.prototype.hasOwnProperty.call(choices, key)) throw new Error(`unknown table config key '${key}'`);
    const allowed = (choices as Record<string, readonly (string | boolean)[]>)[key];
    if (!allowed.includes(value as string | boolean)) throw new Error(`table config ${key} is one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, not ${JSON.stringify(value)}`);
    out[key] = value as string | boolean;
  }
  return out as C;
}

/** Throws unless the shoe holds at least `needed` cards (a truncated or wrong shoe). */
export function assertShoe(shoe: readonly string[], needed: number, game: string): void {
  if (shoe.length < needed) throw new Error(`${game} needs ${needed} cards, the shoe has ${shoe.length}`);
}
