import type { CasinoIntGame, CasinoIntProvider, CasinoIntSubCategory } from '@backlay/shared';

/**
 * The provider tab that is active: the one whose `type` is the path's /casino-int/{type}, else the
 * first (docs/rules/product.md §2: the first is active by default, and a stale link still shows games).
 */
export function activeProvider(providers: readonly CasinoIntProvider[], type: string | undefined): CasinoIntProvider | undefined {
  return providers.find((p) => p.type === type) ?? providers[0];
}

/** The sub-category tabs of a provider, in the API's order. */
export function subCategoriesOf(categories: readonly CasinoIntSubCategory[], provider: CasinoIntProvider | undefined): CasinoIntSubCategory[] {
  return provider ? categories.filter((c) => c.provider_id === provider._id) : [];
}

/**
 * The sub-category the `?category=` query selects: one of the provider's tabs, else none (every
 * game of the provider), so a link from another provider's tab never empties the grid.
 */
export function selectedSubCategory(tabs: readonly CasinoIntSubCategory[], query: string | null): string | null {
  return tabs.some((c) => c._id === query) ? query : null;
}

/** The tiles: the provider's games, of the selected sub-category when there is one. */
export function intGamesOf(games: readonly CasinoIntGame[], provider: CasinoIntProvider | undefined, subCategory: string | null): CasinoIntGame[] {
  if (!provider) return [];
  return games.filter((g) => g.provider_id === provider._id && (subCategory === null || g.sub_category === subCategory));
}
