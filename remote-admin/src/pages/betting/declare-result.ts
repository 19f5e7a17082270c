import type { DeclaredResult, ResultMarketRow } from '@backlay/shared';

/**
 * The declare form's pure half: what the admin picked, turned into the DeclaredResult the API
 * takes (or the sentence that says why it cannot be sent yet), and back.
 */

/** What the Result select can hold besides a runner's selection id. */
export const VOID_CHOICE = 'VOID';
export const DEAD_HEAT_CHOICE = 'DEAD_HEAT';
export const RUNS_CHOICE = 'RUNS';

/** The declare form's values as typed. */
export interface DeclareValues {
  /** A runner's selection id (the winner), VOID, DEAD_HEAT (runner markets) or RUNS (fancy). */
  choice: string;
  /** DEAD_HEAT: the runners sharing the win. */
  deadHeat: string[];
  /** RUNS: the runs as typed. */
  runs: string;
}

export const DECLARE_MESSAGES = {
  choose: 'Choose the result',
  deadHeatTwo: 'Choose at least two runners for a dead heat',
  runsInvalid: 'Runs must be a whole number, 0 or more',
  unchanged: 'Choose a result different from the settled one',
} as const;

type Market = Pick<ResultMarketRow, 'marketType' | 'runners'>;

/** True when two results are the same (dead heats compare as sets). */
export function sameResult(a: DeclaredResult, b: DeclaredResult): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'WINNER' && b.type === 'WINNER') return a.selectionId === b.selectionId;
  if (a.type === 'RUNS' && b.type === 'RUNS') return a.runs === b.runs;
  if (a.type === 'DEAD_HEAT' && b.type === 'DEAD_HEAT') return a.selectionIds.length === b.selectionIds.length && a.selectionIds.every((id) => b.selectionIds.includes(id));
  return true;
}

/**
 * The result the form describes for this market, or why not: a winner among the runners, a
 * dead heat of two or more runners (in the market's runner order), the runs of a fancy as a
 * whole number, or void. A correction must differ from `settled`.
 */
export function buildDeclaredResult(values: DeclareValues, market: Market, settled: DeclaredResult | null = null): { result: DeclaredResult } | { error: string } {
  const built = build(values, market);
  if ('error' in built) return built;
  if (settled && sameResult(built.result, settled)) return { error: DECLARE_MESSAGES.unchanged };
  return built;
}

function build(values: DeclareValues, market: Market): { result: DeclaredResult } | { error: string } {
  if (values.choice === VOID_CHOICE) return { result: { type: 'VOID' } };
  if (market.marketType === 'fancy') {
    if (values.choice !== RUNS_CHOICE) return { error: DECLARE_MESSAGES.choose };
    const text = values.runs.trim();
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) return { error: DECLARE_MESSAGES.runsInvalid };
    return { result: { type: 'RUNS', runs: Number(text) } };
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
export function valuesOf(result: DeclaredResult | null, market: Market): DeclareValues {
  const empty: DeclareValues = { choice: market.marketType === 'fancy' ? RUNS_CHOICE : '', deadHeat: [], runs: '' };
  if (!result) return empty;
  switch (result.type) {
    case 'VOID':
      return { ...empty, choice: VOID_CHOICE };
    case 'RUNS':
      return { ...empty, choice: RUNS_CHOICE, runs: String(result.runs) };
    case 'WINNER':
      return { ...empty, choice: result.selectionId };
    case 'DEAD_HEAT':
      return { ...empty, choice: DEAD_HEAT_CHOICE, deadHeat: [...result.selectionIds] };
    case 'PLACED':
      // A racing PLACE result (several winners) is declared through the API; this form has no choice for it yet.
      return empty;
  }
}
