/**
 * Tile images of the registry's games that name one of ours (image '/api/casino-int/images/{code}.svg'):
 * an SVG drawn from the game's name, no binary assets. A provider's own images are absolute URLs.
 */
import type { CasinoIntService } from './casino-int.service';

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The SVG tile of the first enabled game with this code, or null. */
export async function gameTileSvg(casinoInt: CasinoIntService, code: string): Promise<string | null> {
  const game = (await casinoInt.games({})).result.find((g) => g.code === code);
  if (game === undefined) return null;
  const hue = [...code].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  const title = escapeXml(game.game_name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,18%)"/></linearGradient></defs>
<rect width="320" height="200" rx="12" fill="url(#g)"/>
<text x="24" y="120" font-family="system-ui,sans-serif" font-size="28" font-weight="700" fill="#fff">${title}</text>
<text x="24" y="152" font-family="system-ui,sans-serif" font-size="15" fill="rgba(255,255,255,0.75)">${escapeXml(game.provider_id)}</text>
</svg>`;
}
