import { ALL_SPORTS, SPORT_IDS, sportLabel, type BetMarketType, type DeclaredResult } from '@backlay/shared';
import { t } from '../../i18n';

/** Books and bet lists refresh this often while the page is visible (the brief: every 5 s). */
export const LIVE_REFRESH_MS = 5_000;

/**
 * A market's title inside a `.bl-market__head` one level below the page's section headings
 * (h3): the look the shell's stylesheet gives the h2 of the players' market frames.
 */
export const MARKET_TITLE_STYLE = { fontSize: '.95rem', margin: 0, marginRight: 'auto' } as const;

/** A compact table inside a market frame: the frame's border ends it, no gap below. */
export const FRAMED_TABLE_STYLE = { marginBottom: 0 } as const;

/** Space between the sections of a betting screen (match groups, panels of the agent view). */
export const SECTION_STYLE = { marginBottom: 20 } as const;

/** The sport filter of the betting screens: all, or one sport of docs/rules/product.md §3 (in the page's language). */
export function sportOptions(): ReadonlyArray<{ value: string; label: string }> {
  return [
    { value: ALL_SPORTS, label: t('sport.all') },
    { value: String(SPORT_IDS.cricket), label: sportLabel(SPORT_IDS.cricket) },
    { value: String(SPORT_IDS.soccer), label: sportLabel(SPORT_IDS.soccer) },
    { value: String(SPORT_IDS.tennis), label: sportLabel(SPORT_IDS.tennis) },
  ];
}

/** How a market type reads (in the page's language). */
export function marketTypeLabel(type: BetMarketType): string {
  return t(`marketType.${type}`);
}

/** A declared (or feed) result in words, with runner names when they are known. */
export function resultText(result: DeclaredResult, runners: ReadonlyArray<{ selectionId: string; name: string }> = []): string {
  const name = (id: string) => runners.find((r) => r.selectionId === id)?.name ?? id;
  switch (result.type) {
    case 'WINNER':
      return t('result.winner', { name: name(result.selectionId) });
    case 'DEAD_HEAT':
      return t('result.deadHeat', { names: result.selectionIds.map(name).join(', ') });
    case 'PLACED':
      return t('result.placed', { names: result.selectionIds.map(name).join(', ') });
    case 'RUNS':
      return t('result.runs', { runs: result.runs });
    case 'VOID':
      return t('result.void');
  }
}
