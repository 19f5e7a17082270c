/**
 * Pure rules of results (docs/rules/money.md §7.5, §7.7): which declared results fit a market, their canonical
 * form (the one stored in settlements.result and compared for "same result"), and the result the
 * feed gave. Runner markets take WINNER, DEAD_HEAT (k ≥ 2 distinct known runners) or VOID; a
 * market with k > 1 winners (a racing PLACE market, docs/racing-rules.md R-2) takes PLACED (1 to k
 * distinct known runners, each winning in full), WINNER or VOID, never DEAD_HEAT; fancies RUNS
 * (a whole number ≥ 0) or VOID.
 */
import type { DeclaredResult } from '@backlay/shared/contracts';

/** What a result is declared on. */
export type ResultTarget =
  | { kind: 'market'; selectionIds: readonly string[]; numberOfWinners?: number }
  | { kind: 'fancy' };

/** The largest run count accepted for a fancy (a sanity bound, far above any innings). */
export const MAX_RUNS = 100_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The canonical result for `target`, or null when `raw` does not fit it. Dead-heat runners are
 * sorted, so the same declaration always compares equal.
 */
export function canonicalResult(target: ResultTarget, raw: unknown): DeclaredResult | null {
  if (!isRecord(raw)) return null;
  switch (raw.type) {
    case 'VOID':
      return { type: 'VOID' };
    case 'WINNER': {
      if (target.kind !== 'market' || typeof raw.selectionId !== 'string') return null;
      return target.selectionIds.includes(raw.selectionId) ? { type: 'WINNER', selectionId: raw.selectionId } : null;
    }
    case 'DEAD_HEAT': {
      if (target.kind !== 'market' || !Array.isArray(raw.selectionIds) || (target.numberOfWinners ?? 1) > 1) return null;
      const ids = raw.selectionIds as unknown[];
      if (ids.length < 2 || !ids.every((id): id is string => typeof id === 'string' && target.selectionIds.includes(id))) return null;
      if (new Set(ids).size !== ids.length) return null;
      return { type: 'DEAD_HEAT', selectionIds: [...ids].sort() };
    }
    case 'PLACED': {
      const winners = target.kind === 'market' ? (target.numberOfWinners ?? 1) : 1;
      if (target.kind !== 'market' || winners < 2 || !Array.isArray(raw.selectionIds)) return null;
      const ids = raw.selectionIds as unknown[];
      if (ids.length < 1 || ids.length > winners) return null;
      if (!ids.every((id): id is string => typeof id === 'string' && target.selectionIds.includes(id))) return null;
      if (new Set(ids).size !== ids.length) return null;
      return { type: 'PLACED', selectionIds: [...ids].sort() };
    }
    case 'RUNS': {
      if (target.kind !== 'fancy' || typeof raw.runs !== 'number') return null;
      return Number.isSafeInteger(raw.runs) && raw.runs >= 0 && raw.runs <= MAX_RUNS ? { type: 'RUNS', runs: raw.runs } : null;
    }
    default:
      return null;
  }
}

/**
 * The feed's result of a runner market: markets.feed_result is a selection id or 'void' (null:
 * none yet); a racing PLACE market's placed runners (markets.feed_placed, sorted) are PLACED.
 * The same as settlement.repository FEED_RESULT_JSON.
 */
export function feedMarketResult(result: string | null, placed: readonly string[] | null = null): DeclaredResult | null {
  if (result === 'void') return { type: 'VOID' };
  if (placed !== null) return { type: 'PLACED', selectionIds: [...placed] };
  if (result === null) return null;
  return { type: 'WINNER', selectionId: result };
}

/** The feed's result of a fancy: the runs once closed; closed without runs is void (null: still open). */
export function feedFancyResult(feedStatus: string, runs: number | null): DeclaredResult | null {
  if (feedStatus !== 'closed') return null;
  return runs === null ? { type: 'VOID' } : { type: 'RUNS', runs };
}

/** Two canonical results are the same result (dead-heat runners in any order). */
export function sameResult(a: DeclaredResult, b: DeclaredResult): boolean {
  switch (a.type) {
    case 'WINNER':
      return b.type === 'WINNER' && a.selectionId === b.selectionId;
    case 'DEAD_HEAT':
    case 'PLACED': {
      if (b.type !== a.type || a.selectionIds.length !== b.selectionIds.length) return false;
      const other = new Set(b.selectionIds);
      return a.selectionIds.every((id) => other.has(id));
    }
    case 'RUNS':
      return b.type === 'RUNS' && a.runs === b.runs;
    case 'VOID':
      return b.type === 'VOID';
  }
}

/** "Winner 58805", "Dead heat 1 / 2", "46 runs", "Void" — for remarks and audit rows. */
export function describeResult(result: DeclaredResult, names: ReadonlyMap<string, string> = new Map()): string {
  const name = (id: string) => names.get(id) ?? id;
  switch (result.type) {
    case 'WINNER':
      return `Winner ${name(result.selectionId)}`;
    case 'DEAD_HEAT':
      return `Dead heat ${result.selectionIds.map(name).join(' / ')}`;
    case 'PLACED':
      return `Placed ${result.selectionIds.map(name).join(' / ')}`;
    case 'RUNS':
      return `${result.runs} runs`;
    case 'VOID':
      return 'Void';
  }
}
