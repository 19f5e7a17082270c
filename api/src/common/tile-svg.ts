/**
 * The SVG of a game tile, drawn from text (no binary assets to ship or license): a gradient of
 * one hue, the title and a second line. 4:3, the tiles' own shape (`.bl-lazy-img`), so a tile
 * shows all of it: a wider image was cropped at both sides by `object-fit: cover`.
 */
const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export interface TileArt {
  title: string;
  subtitle: string;
  /** 0–359. */
  hue: number;
  /** A faint circle in the top right corner. */
  halo?: boolean;
}

/** The title's font size: 28, smaller for a long title so it stays inside the tile (a glyph is about 0.58 em wide). */
export function titleFontSize(title: string): number {
  return Math.max(14, Math.min(28, Math.floor(272 / (0.58 * [...title].length))));
}

export function tileSvg({ title, subtitle, hue, halo = false }: TileArt): string {
  const name = escapeXml(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" role="img" aria-label="${name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,18%)"/></linearGradient></defs>
<rect width="320" height="240" rx="12" fill="url(#g)"/>${halo ? '\n<circle cx="270" cy="50" r="80" fill="rgba(255,255,255,0.07)"/>' : ''}
<text x="24" y="140" font-family="system-ui,sans-serif" font-size="${titleFontSize(title)}" font-weight="700" fill="#fff">${name}</text>
<text x="24" y="174" font-family="system-ui,sans-serif" font-size="15" fill="rgba(255,255,255,0.75)">${escapeXml(subtitle)}</text>
</svg>`;
}
