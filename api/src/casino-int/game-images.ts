/**
 * Tile images of the registry's games that name one of ours (image '/api/casino-int/images/{code}.svg'):
 * an SVG drawn from the game's name, no binary assets. A provider's own images are absolute URLs.
 */
import { tileSvg } from '../common/tile-svg';
import type { CasinoIntService } from './casino-int.service';

/** The SVG tile of the first enabled game with this code, or null. */
export async function gameTileSvg(casinoInt: CasinoIntService, code: string): Promise<string | null> {
  const game = (await casinoInt.games({})).result.find((g) => g.code === code);
  if (game === undefined) return null;
  const hue = [...code].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return tileSvg({ title: game.game_name, subtitle: game.provider_id, hue });
}
