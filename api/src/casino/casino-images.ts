/**
 * Tile images of the casino list: an SVG per table drawn from its game's title and category (no
 * binary assets to ship or license). The hue follows the category so related tables look alike.
 */
import { gameOf, LIVE_TABLES } from './tables';

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The SVG of a table's tile, or null when no table plays that game code. */
export function tileSvg(gameCode: string): string | null {
  if (!LIVE_TABLES.some((table) => table.gameCode === gameCode)) return null;
  const game = gameOf(gameCode);
  if (game === null) return null;
  const hue = (game.categoryId * 47) % 360;
  const title = escapeXml(game.title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,18%)"/></linearGradient></defs>
<rect width="320" height="200" rx="12" fill="url(#g)"/>
<circle cx="270" cy="45" r="70" fill="rgba(255,255,255,0.07)"/>
<text x="24" y="120" font-family="system-ui,sans-serif" font-size="28" font-weight="700" fill="#fff">${title}</text>
<text x="24" y="152" font-family="system-ui,sans-serif" font-size="15" fill="rgba(255,255,255,0.75)">Live · provably fair</text>
</svg>`;
}
