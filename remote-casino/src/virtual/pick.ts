import type { VirtualGameListItem } from '@backlay/shared';

/**
 * A click on a tile of the virtual-games grid (docs/rules/product.md §2: it selects the game only
 * if no game is currently playing). Nothing playing: the clicked game plays. The playing game's
 * own tile: nothing changes. Another tile while one plays: the playing game stays and `busy` says
 * the click was refused.
 */
export function pickStream(playing: VirtualGameListItem | null, clicked: VirtualGameListItem): { playing: VirtualGameListItem; busy: boolean } {
  if (playing === null) return { playing: clicked, busy: false };
  return { playing, busy: playing.id !== clicked.id };
}
