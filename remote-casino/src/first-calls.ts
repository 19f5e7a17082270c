import { askEarly, type Apis, type CasinoGameListItem, type EarlyCall } from '@backlay/shared';

/**
 * The casino list's first call with its early key (ADR 0085): the games, stamped with when the
 * answer came (each open round's countdown runs on from it). The route module asks it when a
 * page opens on the list, and the list's first load takes it. Here, not in the list's module,
 * so that the route module asks it without loading the list's chunk.
 */
export function casinoListCall(casino: Apis['casino']): EarlyCall<{ games: CasinoGameListItem[]; at: number }> {
  return ['casino.games', () => casino.games().then((games) => ({ games, at: Date.now() }))];
}

/** The route module's prefetch of the casino list. */
export function askCasinoListEarly(_params: unknown, apis: Apis): void {
  askEarly(casinoListCall(apis.casino));
}
