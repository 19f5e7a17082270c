/**
 * Tile images of the casino list: an SVG per table drawn from its game's title and category (no
 * binary assets to ship or license). The hue follows the category so related tables look alike.
 */
import { tileSvg as drawTile } from '../common/tile-svg';
import { gameOf, LIVE_TABLES } from './tables';

/** The SVG of a table's tile, or null when no table plays that game code. */
export function tileSvg(gameCode: string): string | null {
  if (!LIVE_TABLES.some((table) => table.gameCode === gameCode)) return null;
  const game = gameOf(gameCode);
  if (game === null) return null;
  const hue = (game.categoryId * 47) % 360;
  return drawTile({ title: game.title, subtitle: 'Live · provably fair', hue, halo: true });
}
