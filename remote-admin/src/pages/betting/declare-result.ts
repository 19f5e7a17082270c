import type { DeclaredResult, ResultMarketRow } from '@backlay/shared';
import { t } from '../../i18n';

/**
 * The declare form's pure half: what the admin picked, turned into the DeclaredResult the API
 * takes (or the sentence that says why it cannot be sent yet), and back.
 */

/** What the Result select can hold besides a runner's selection id. */
export const VOID_CHOICE = 'VOID';
export const DEAD_HEAT_CHOICE = 'DEAD_HEAT';
export const RUNS_CHOICE = 'RUNS';
/** A market of several winners (a racing PLACE market): the placed runners. */
export const PLACED_CHOICE = 'PLACED';

/** The declare form's values as typed. */
export interface DeclareValues {
  /**
   * A runner's selection id (the winner), VOID, DEAD_HEAT (one-winner runner markets), PLACED (a
   * market of several winners: its only choice besides VOID) or RUNS (fancy).
   */
  choice: string;
  /** DEAD_HEAT: the runners sharing the win. */
  deadHeat: string[];
  /** PLACED: the placed runners (1 to the market's number of winners). */
  placed: string[];
  /** RUNS: the runs as typed. */
  runs: string;
}

/** Why a result cannot be sent yet, in the page's language. */
export const DECLARE_MESSAGES = {
  get choose() {
    return t('declare.error.choose');
  },
  get deadHeatTwo() {
    return t('declare.error.deadHeatTwo');
  },
  get runsInvalid() {
    return t('declare.error.runsInvalid');
  },
  get unchanged() {
    return t('declare.error.unchanged');
  },
  get placedNone() {
    return t('declare.error.placedNone');
  },
};

/** A PLACE market of k places takes 1 to k placed runners (docs/racing-rules.md R-2). */
export function placedTooMany(numberOfWinners: number): string {
  return t('declare.error.placedTooMany', { count: numberOfWinners });
}

type ResultMarket = Pick<ResultMarketRow, 'marketType' | 'runners'> & Partial<Pick<ResultMarketRow, 'numberOfWinners'>>;

/** True for a market of several winners (a racing PLACE market): its result is PLACED, never WINNER or DEAD_HEAT. */
export function isPlaceMarket(market: ResultMarket): boolean {
  return market.marketType !== 'fancy' && (market.numberOfWinners ?? 1) > 1;
}

/** True when two results are the same (dead heats compare as sets). */
export function sameResult(a: DeclaredResult, b: DeclaredResult): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'WINNER' && b.type === 'WINNER') return a.selectionId === b.selectionId;
  if (a.type === 'RUNS' && b.type === 'RUNS') return a.runs === b.runs;
  if ((a.type === 'DEAD_HEAT' && b.type === 'DEAD_HEAT') || (a.type === 'PLACED' && b.type === 'PLACED')) {
    return a.selectionIds.length === b.selectionIds.length && a.selectionIds.every((id) => b.selectionIds.includes(id));
  }
  return true;
}

/**
 * The result the form describes for this market, or why not: a winner among the runners, a
 * dead heat of two or more runners (in the market's runner order), on a market of k > 1 winners
 * the 1 to k placed runners (in runner order), the runs of a fancy as a whole number, or void. A
 * correction must differ from `settled`.
 */
export function buildDeclaredResult(values: DeclareValues, market: ResultMarket, settled: DeclaredResult | null = null): { result: DeclaredResult } | { error: string } {
  const built = build(values, market);
  if ('error' in built) return built;
  if (settled && sameResult(built.result, settled)) return { error: DECLARE_MESSAGES.unchanged };
  return built;
}

function build(values: DeclareValues, market: ResultMarket): { result: DeclaredResult } | { error: string } {
  if (values.choice === VOID_CHOICE) return { result: { type: 'VOID' } };
  if (market.marketType === 'fancy') {
    if (values.choice !== RUNS_CHOICE) return { error: DECLARE_MESSAGES.choose };
    const text = values.runs.trim();
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return { error: DECLARE_MESSAGES.runsInvalid };
    return { result: { type: 'RUNS', runs: Number(text) } };
  }
  if (isPlaceMarket(market)) {
    if (values.choice !== PLACED_CHOICE) return { error: DECLARE_MESSAGES.choose };
    const ids = market.runners.map((r) => r.selectionId).filter((id) => values.placed.includes(id));
    if (ids.length === 0) return { error: DECLARE_MESSAGES.placedNone };
    const k = market.numberOfWinners ?? 1;
    if (ids.length > k) return { error: placedTooMany(k) };
    return { result: { type: 'PLACED', selectionIds: ids } };
  }
  if (values.choice === DEAD_HEAT_CHOICE) {
    const ids = market.runners.map((r) => r.selectionId).filter((id) => values.deadHeat.includes(id));
    if (ids.length < 2) return { error: DECLARE_MESSAGES.deadHeatTwo };
    return { result: { type: 'DEAD_HEAT', selectionIds: ids } };
  }
  if (market.runners.some((r) => r.selectionId === values.choice)) return { result: { type: 'WINNER', selectionId: values.choice } };
  return { error: DECLARE_MESSAGES.choose };
}

/** The form's starting values: from a known result (the feed's, or the settled one), else empty. */
export function valuesOf(result: DeclaredResult | null, market: ResultMarket): DeclareValues {
  const empty: DeclareValues = { choice: market.marketType === 'fancy' ? RUNS_CHOICE : isPlaceMarket(market) ? PLACED_CHOICE : '', deadHeat: [], placed: [], runs: '' };
  if (!result) return empty;
  switch (result.type) {
    case 'VOID':
      return { ...empty, choice: VOID_CHOICE };
    case 'RUNS':
      return { ...empty, choice: RUNS_CHOICE, runs: String(result.runs) };
    case 'WINNER':
      // A PLACE market where the feed named one runner: that runner placed.
      return isPlaceMarket(market) ? { ...empty, choice: PLACED_CHOICE, placed: [result.selectionId] } : { ...empty, choice: result.selectionId };
    case 'DEAD_HEAT':
      return { ...empty, choice: DEAD_HEAT_CHOICE, deadHeat: [...result.selectionIds] };
    case 'PLACED':
      return { ...empty, choice: PLACED_CHOICE, placed: [...result.selectionIds] };
  }
}
