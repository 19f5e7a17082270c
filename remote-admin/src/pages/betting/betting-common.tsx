import { ALL_SPORTS, SPORT_IDS, type BetMarketType, type DeclaredResult } from '@backlay/shared';

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

/** The sport filter of the betting screens: all, or one sport of docs/rules/product.md §3. */
export const SPORT_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: ALL_SPORTS, label: 'All sports' },
  { value: String(SPORT_IDS.cricket), label: 'Cricket' },
  { value: String(SPORT_IDS.soccer), label: 'Soccer' },
  { value: String(SPORT_IDS.tennis), label: 'Tennis' },
];

/** How each market type reads. */
export const MARKET_TYPE_LABELS: Record<BetMarketType, string> = { match_odds: 'Match odds', bookmaker: 'Bookmaker', over_under: 'Over/under', fancy: 'Fancy' };

/** A declared (or feed) result in words, with runner names when they are known. */
export function resultText(result: DeclaredResult, runners: ReadonlyArray<{ selectionId: string; name: string }> = []): string {
  const name = (id: string) => runners.find((r) => r.selectionId === id)?.name ?? id;
  switch (result.type) {
    case 'WINNER':
      return `Winner: ${name(result.selectionId)}`;
    case 'DEAD_HEAT':
      return `Dead heat: ${result.selectionIds.map(name).join(', ')}`;
    case 'PLACED':
      return `Placed: ${result.selectionIds.map(name).join(', ')}`;
    case 'RUNS':
      return `${result.runs} runs`;
    case 'VOID':
      return 'Void';
  }
}
