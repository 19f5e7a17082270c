import { ALL_CASINO_CATEGORY, CASINO_CATEGORIES, casinoCategoryName, type CasinoGameListItem } from '@backlay/shared';
import { t as casinoT, type CasinoT } from '../i18n';

/**
 * The category the list shows: the path's `/casino-list/LC/4/{categoryId}`, else the `?category=`
 * query, else All Casino (docs/rules/product.md §2). An id that is not in the menu falls back to All Casino too,
 * so a stale link still shows the games.
 */
export function selectedCategory(pathId: string | undefined, queryId: string | null): number {
  const raw = pathId ?? queryId ?? undefined;
  const id = raw === undefined ? Number.NaN : Number(raw);
  return CASINO_CATEGORIES.some((c) => c.id === id) ? id : ALL_CASINO_CATEGORY;
}

/** The Sports category of docs/rules/product.md §2: it lists the sports exchange's entry, not casino tables. */
export const SPORTS_CATEGORY = 34;

/** The Others category of docs/rules/product.md §2: it lists the international casino's entry (/casino-int), not casino tables. */
export const OTHERS_CATEGORY = 73;

/** The games of a category: every game for All Casino, else those of that category, in the API's order. */
export function gamesOf(games: readonly CasinoGameListItem[], categoryId: number): CasinoGameListItem[] {
  return categoryId === ALL_CASINO_CATEGORY ? [...games] : games.filter((g) => g.categoryId === categoryId);
}

/** A tile's title, or 'Untitled Game' (in the page's language) when the API has none (docs/rules/product.md §2). */
export function tileTitle(game: Pick<CasinoGameListItem, 'title'>, t: CasinoT = casinoT): string {
  return game.title?.trim() ? game.title.trim() : t('tile.untitled');
}

/** A category's name in the page's language (shared's lookup; an id the menu lacks reads as All Casino). */
export function categoryName(id: number): string {
  return casinoCategoryName(id) ?? casinoCategoryName(ALL_CASINO_CATEGORY) ?? '';
}

/** True when a tile cannot be opened: the table is disabled, or no round runs on it (match_id -1). */
export function isSuspended(game: Pick<CasinoGameListItem, 'isDisable' | 'match_id'>): boolean {
  return game.isDisable || game.match_id === -1 || String(game.match_id) === '-1';
}

