import { RANK_LABELS, SUIT_SYMBOLS, isRed, parseCard } from '@backlay/shared/casino';
import { t, tOr } from '../i18n';

/** Time between two cards of a deal: each card starts flying in this long after the one before. */
export const DEAL_STEP_MS = 500;
/**
 * A long deal (Andar Bahar can deal forty cards at once) is squeezed into this much time, so the
 * last card lands well before the round settles (the engine shows a deal for at most 8 s).
 */
export const DEAL_MAX_MS = 5_000;

/** The step between cards when `count` new cards are dealt at once. */
export function dealStepMs(count: number): number {
  return count <= 1 ? DEAL_STEP_MS : Math.min(DEAL_STEP_MS, Math.floor(DEAL_MAX_MS / (count - 1)));
}

/** A card code's words for screen readers, in the page's language: '8DD' → '8 of diamonds', 'KSS' → 'King of spades'. */
export function cardWords(code: string): string {
  try {
    const card = parseCard(code);
    const rank = RANK_LABELS[card.rank];
    return t('card.words', { rank: tOr(t, `card.rank.${rank}`, rank), suit: tOr(t, `card.suit.${card.suit}`, card.suit) });
  } catch {
    return code;
  }
}

/** Where the pips of a number card sit on the 60 × 84 face (x, y; a pip below the middle is drawn upside down). */
const PIPS: Readonly<Record<number, ReadonlyArray<readonly [number, number]>>> = {
  2: [[30, 22], [30, 62]],
  3: [[30, 22], [30, 42], [30, 62]],
  4: [[20, 22], [40, 22], [20, 62], [40, 62]],
  5: [[20, 22], [40, 22], [30, 42], [20, 62], [40, 62]],
  6: [[20, 22], [40, 22], [20, 42], [40, 42], [20, 62], [40, 62]],
  7: [[20, 22], [40, 22], [30, 32], [20, 42], [40, 42], [20, 62], [40, 62]],
  8: [[20, 22], [40, 22], [30, 32], [20, 42], [40, 42], [30, 52], [20, 62], [40, 62]],
  9: [[20, 20], [40, 20], [20, 34], [40, 34], [30, 42], [20, 50], [40, 50], [20, 64], [40, 64]],
  10: [[20, 20], [40, 20], [30, 27], [20, 34], [40, 34], [20, 50], [40, 50], [30, 57], [20, 64], [40, 64]],
};

/** A corner index: the rank over the suit, top left, or turned to the bottom right. */
function CardCorner({ label, suit, turned = false }: { label: string; suit: string; turned?: boolean }) {
  return (
    <g fontWeight="800" textAnchor="middle" transform={turned ? 'rotate(180 30 42)' : undefined}>
      <text x="8" y="13" fontSize={label.length > 1 ? 10 : 12}>
        {label}
      </text>
      <text x="8" y="23" fontSize="9">
        {suit}
      </text>
    </g>
  );
}

/** The middle of a face: the pips of a number card, one large pip for an ace, a framed letter for a court card. */
function CardCentre({ rank, label, suit }: { rank: number; label: string; suit: string }) {
  if (rank === 1) {
    return (
      <text x="30" y="52" textAnchor="middle" fontSize="30">
        {suit}
      </text>
    );
  }
  if (rank > 10) {
    return (
      <>
        <rect x="13" y="17" width="34" height="50" rx="3" className="bl-card__court" />
        <text x="30" y="42" textAnchor="middle" fontSize="18" fontWeight="800">
          {label}
        </text>
        <text x="30" y="60" textAnchor="middle" fontSize="13">
          {suit}
        </text>
      </>
    );
  }
  return (
    <>
      {(PIPS[rank] ?? []).map(([x, y], i) => (
        <text key={i} x={x} y={y + 4} textAnchor="middle" fontSize="11" transform={y > 42 ? `rotate(180 ${x} ${y})` : undefined}>
          {suit}
        </text>
      ))}
    </>
  );
}

/**
 * One playing card from its Diamond code ('8DD'), drawn as a real card in SVG (one deck, crisp at
 * every size: its width is the CSS's): rank and suit in two corners, the pips, a framed court card;
 * red for hearts and diamonds, named in words for screen readers. With `dealDelayMs` it is dealt
 * in: it flies in that long after the deal starts (the CSS animation `bl-deal`, which
 * prefers-reduced-motion turns off: the cards are then simply there).
 */
export function PlayingCard({ code, dealDelayMs }: { code: string; dealDelayMs?: number }) {
  let face: { rank: number; label: string; suit: string; red: boolean } | null = null;
  try {
    const card = parseCard(code);
    face = { rank: card.rank, label: RANK_LABELS[card.rank], suit: SUIT_SYMBOLS[card.suit], red: isRed(card) };
  } catch {
    face = null; // not a card code (a roulette pocket): shown as sent
  }
  const style = dealDelayMs === undefined ? undefined : { animationDelay: `${dealDelayMs}ms` };
  const classes = ['bl-card', face?.red ? 'bl-card--red' : '', dealDelayMs === undefined ? '' : 'bl-card--dealt'].filter(Boolean).join(' ');
  return (
    <span className={classes} style={style} role="img" aria-label={cardWords(code)} data-card={code}>
      <svg viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="currentColor">
        <rect x="0.5" y="0.5" width="59" height="83" rx="5" className="bl-card__face" />
        {face ? (
          <>
            <CardCorner label={face.label} suit={face.suit} />
            <CardCorner label={face.label} suit={face.suit} turned />
            <CardCentre rank={face.rank} label={face.label} suit={face.suit} />
          </>
        ) : (
          <text x="30" y="50" textAnchor="middle" fontSize="24" fontWeight="800">
            {code}
          </text>
        )}
      </svg>
    </span>
  );
}
