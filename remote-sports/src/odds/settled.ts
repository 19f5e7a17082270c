import { runnerLabel, type DeclaredResult, type Fancy, type Market } from '@backlay/shared';
import { t } from '../i18n';

/**
 * What a settled market or fancy says instead of its prices: "Settled · Winner: India",
 * "Settled · Dead heat: India / Australia", "Settled · 57 runs", "Settled · Void". The result is
 * the one the bets were settled on (the market's live settlement), never the feed's own word.
 */
export function settledText(result: DeclaredResult, runnerName: (selectionId: string) => string = (id) => id): string {
  switch (result.type) {
    case 'WINNER':
      return t('settled.winner', { name: runnerName(result.selectionId) });
    case 'DEAD_HEAT':
      return t('settled.deadHeat', { names: result.selectionIds.map(runnerName).join(' / ') });
    case 'PLACED':
      return t('settled.placed', { names: result.selectionIds.map(runnerName).join(' / ') });
    case 'RUNS':
      return t('settled.runs', { runs: result.runs });
    case 'VOID':
      return t('settled.void');
  }
}

/** The settled line of a runner market, or null while it is not settled (a race's runners with their numbers). */
export function marketSettledText(market: Market, racing = false): string | null {
  if (market.settled === null) return null;
  const names = new Map(market.runners.map((r) => [r.selectionId, racing ? runnerLabel(r.name, r.clothNumber) : r.name]));
  return settledText(market.settled, (id) => names.get(id) ?? id);
}

/** The settled line of a fancy, or null while it is not settled. */
export function fancySettledText(fancy: Fancy): string | null {
  return fancy.settled === null ? null : settledText(fancy.settled);
}
