/**
 * Tile images of the casino list (issue 32): artwork per table, drawn in SVG from the game itself
 * (no binary assets to ship or license, no text to duplicate the tile's title): its felt in the
 * category's hue, and the game's own pieces on it — the wheel for Roulette, the balls for Lottery,
 * the cards each table deals (Dragon's and Tiger's, Teen Patti's three, the four kings of Race 20).
 * The live badge and its countdown are the list's (HTML over the picture), not the picture's.
 */
import { ROULETTE_WHEEL_ORDER, pocketColour } from '@backlay/shared/casino';
import { gameOf, LIVE_TABLES } from './tables';

const W = 320;
const H = 240;

/** A playing card centred at (x, y), turned by `turn` degrees, showing `face` ('K♥', '7', 'D'). */
function card(x: number, y: number, turn: number, face: string, red: boolean): string {
  const ink = red ? '#c62828' : '#1f1f1f';
  return `<g transform="translate(${x} ${y}) rotate(${turn})"><rect x="-32" y="-45" width="64" height="90" rx="7" fill="#fff" stroke="rgba(0,0,0,.25)"/><text y="12" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${[...face].length > 2 ? 22 : 30}" font-weight="800" fill="${ink}">${face}</text></g>`;
}

/** Cards fanned around the tile's centre. */
function fan(faces: readonly string[], spread = 14): string {
  const mid = (faces.length - 1) / 2;
  return faces.map((face, i) => card(W / 2 + (i - mid) * 46, H / 2 + 8 + Math.abs(i - mid) * 6, (i - mid) * spread, face, /[♥♦]/.test(face))).join('');
}

/** Two cards face to face with a badge between them (Dragon v Tiger, Player v Banker, seat v dealer). */
function duel(left: string, right: string, badge: string): string {
  return `${card(W / 2 - 62, H / 2 + 6, -8, left, /[♥♦]/.test(left))}${card(W / 2 + 62, H / 2 + 6, 8, right, /[♥♦]/.test(right))}<circle cx="${W / 2}" cy="${H / 2 + 6}" r="22" fill="#f2b705"/><text x="${W / 2}" y="${H / 2 + 12}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="16" font-weight="800" fill="#3a2a00">${badge}</text>`;
}

/** The European wheel: 37 pockets in the wheel's order, red, black and the green zero. */
function wheel(): string {
  const cx = W / 2;
  const cy = H / 2;
  const r = 96;
  const slice = (2 * Math.PI) / ROULETTE_WHEEL_ORDER.length;
  const at = (angle: number, radius: number) => `${(cx + radius * Math.sin(angle)).toFixed(2)} ${(cy - radius * Math.cos(angle)).toFixed(2)}`;
  const pockets = ROULETTE_WHEEL_ORDER.map((n, i) => {
    const fill = { green: '#0b7a3b', red: '#c62828', black: '#1f1f1f' }[pocketColour(n)];
    return `<path d="M ${cx} ${cy} L ${at(i * slice, r)} A ${r} ${r} 0 0 1 ${at((i + 1) * slice, r)} Z" fill="${fill}"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="#6b4a1f"/>${pockets}<circle cx="${cx}" cy="${cy}" r="${r * 0.58}" fill="#8a6428"/><circle cx="${cx}" cy="${cy}" r="${r * 0.2}" fill="#d4a84a"/><circle cx="${at(0.3, r * 0.82).split(' ')[0]}" cy="${at(0.3, r * 0.82).split(' ')[1]}" r="7" fill="#fff"/>`;
}

/** Lottery balls with their digits. */
function balls(digits: readonly string[]): string {
  const colours = ['#c62828', '#1a4f9c', '#f2b705'];
  return digits
    .map((d, i) => {
      const x = W / 2 + (i - (digits.length - 1) / 2) * 84;
      return `<circle cx="${x}" cy="${H / 2}" r="38" fill="${colours[i % colours.length]}"/><circle cx="${x}" cy="${H / 2}" r="22" fill="#fff"/><text x="${x}" y="${H / 2 + 10}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="28" font-weight="800" fill="#1f1f1f">${d}</text>`;
    })
    .join('');
}

/** What lies on each table's felt, by game code. */
const MOTIFS: Readonly<Record<string, () => string>> = {
  teen20: () => fan(['A♠', 'K♥', 'Q♦']),
  teen3cj: () => fan(['J♣', '10♥', '9♠']),
  poker20: () => fan(['A♥', 'K♥', 'Q♥', 'J♥', '10♥'], 10),
  dt20: () => duel('K♠', 'Q♥', 'VS'),
  baccarat: () => duel('9♦', '8♣', 'P B'),
  war: () => duel('A♣', 'K♦', 'WAR'),
  ab20: () => duel('A', 'B', 'J♥'),
  lucky7: () => card(W / 2, H / 2 + 4, -6, '7♥', true) + card(W / 2 + 56, H / 2 + 14, 12, '7♠', false),
  lucky7b: () => card(W / 2, H / 2 + 4, 6, '7♦', true) + card(W / 2 - 56, H / 2 + 14, -12, '7♣', false),
  card32: () => fan(['8', '9', '10', '11'], 8),
  card32b: () => fan(['11', '10', '9', '8'], 8),
  aaa: () => fan(['A♦', '7♣', 'K♥']),
  btable: () => `<rect x="40" y="70" width="240" height="100" rx="8" fill="#1f1f1f"/>${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${52 + i * 29}" y="78" width="14" height="10" rx="2" fill="#fff"/><rect x="${52 + i * 29}" y="152" width="14" height="10" rx="2" fill="#fff"/>`).join('')}${card(W / 2, H / 2, 0, 'A♠', false)}`,
  queen: () => card(W / 2 - 40, H / 2 + 8, -10, 'Q♥', true) + card(W / 2 + 40, H / 2 + 8, 10, 'Q♠', false),
  worli: () => fan(['1', '2', '3']),
  lottery: () => balls(['4', '0', '7']),
  race20: () => fan(['K♠', 'K♥', 'K♣', 'K♦'], 9),
  roulette: wheel,
};

/** The SVG of a table's tile, or null when no table plays that game code. */
export function tileSvg(gameCode: string): string | null {
  if (!LIVE_TABLES.some((table) => table.gameCode === gameCode)) return null;
  const game = gameOf(gameCode);
  const motif = Object.prototype.hasOwnProperty.call(MOTIFS, gameCode) ? MOTIFS[gameCode] : undefined;
  if (game === null || motif === undefined) return null;
  const hue = (game.categoryId * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${game.title.replace(/[&<>"']/g, '')}">
<defs><radialGradient id="felt" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="hsl(${hue},45%,34%)"/><stop offset="1" stop-color="hsl(${hue},55%,14%)"/></radialGradient></defs>
<rect width="${W}" height="${H}" rx="12" fill="url(#felt)"/><ellipse cx="${W / 2}" cy="${H / 2}" rx="146" ry="104" fill="none" stroke="rgba(242,183,5,.35)" stroke-width="3"/>
${motif()}
</svg>`;
}
