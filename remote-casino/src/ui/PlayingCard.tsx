import { RANK_LABELS, SUIT_SYMBOLS, isRed, parseCard, type Suit } from '@backlay/shared/casino';

/** Time between two cards of a deal: each card starts flying in this long after the one before. */
export const DEAL_STEP_MS = 500;

const SUIT_NAMES: Record<Suit, string> = { S: 'spades', H: 'hearts', C: 'clubs', D: 'diamonds' };
const RANK_NAMES: Record<string, string> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };

/** A card code's words for screen readers: '8DD' → '8 of diamonds', 'KSS' → 'King of spades'. */
export function cardWords(code: string): string {
  try {
    const card = parseCard(code);
    const rank = RANK_LABELS[card.rank];
    return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[card.suit]}`;
  } catch {
    return code;
  }
}

/**
 * One playing card from its Diamond code ('8DD'): rank and suit symbol, red for hearts and
 * diamonds, named in words for screen readers. With `dealIndex` it is dealt in: it flies in
 * `dealIndex` × `DEAL_STEP_MS` after the first card (the CSS animation `bl-deal`, which
 * prefers-reduced-motion turns off: the cards are then simply there).
 */
export function PlayingCard({ code, dealIndex }: { code: string; dealIndex?: number }) {
  let face: { rank: string; suit: string; red: boolean } | null = null;
  try {
    const card = parseCard(code);
    face = { rank: RANK_LABELS[card.rank], suit: SUIT_SYMBOLS[card.suit], red: isRed(card) };
  } catch {
    face = null; // not a card code (a roulette pocket): shown as sent
  }
  const style = dealIndex === undefined ? undefined : { animationDelay: `${dealIndex * DEAL_STEP_MS}ms` };
  const classes = ['bl-card', face?.red ? 'bl-card--red' : '', dealIndex === undefined ? '' : 'bl-card--dealt'].filter(Boolean).join(' ');
  return (
    <span className={classes} style={style} role="img" aria-label={cardWords(code)} data-card={code}>
      {face ? (
        <>
          <span className="bl-card__rank">{face.rank}</span>
          <span className="bl-card__suit">{face.suit}</span>
        </>
      ) : (
        <span className="bl-card__rank">{code}</span>
      )}
    </span>
  );
}
