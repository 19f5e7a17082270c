import { RANK_LABELS, SUIT_SYMBOLS, isRed, parseCard, type Suit } from '@backlay/shared/casino';

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
 * diamonds, named in words for screen readers. With `dealDelayMs` it is dealt in: it flies in that
 * long after the deal starts (the CSS animation `bl-deal`, which prefers-reduced-motion turns off:
 * the cards are then simply there).
 */
export function PlayingCard({ code, dealDelayMs }: { code: string; dealDelayMs?: number }) {
  let face: { rank: string; suit: string; red: boolean } | null = null;
  try {
    const card = parseCard(code);
    face = { rank: RANK_LABELS[card.rank], suit: SUIT_SYMBOLS[card.suit], red: isRed(card) };
  } catch {
    face = null; // not a card code (a roulette pocket): shown as sent
  }
  const style = dealDelayMs === undefined ? undefined : { animationDelay: `${dealDelayMs}ms` };
  const classes = ['bl-card', face?.red ? 'bl-card--red' : '', dealDelayMs === undefined ? '' : 'bl-card--dealt'].filter(Boolean).join(' ');
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
