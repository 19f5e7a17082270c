import { useRef } from 'react';
import type { CasinoRoundView } from '@backlay/shared';
import { PlayingCard, dealStepMs } from '../ui/PlayingCard';

/** A hand's key as a heading: 'dragon' → 'Dragon', 'playerA' → 'Player A'. */
export function handLabel(key: string): string {
  const words = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each card of the hands with its place in the deal (its index in `cards`, the dealing order), so
 * they are dealt in that order across hands: Dragon's card first, then Tiger's. A card code that
 * occurs twice (a shoe of several decks) takes the next unused place. The hands come in the order
 * their first card was dealt: the API's object keys carry no order (JSON storage sorts them).
 */
export function dealOrder(cards: readonly string[], hands: Record<string, string[]>): Array<{ hand: string; cards: Array<{ code: string; index: number }> }> {
  const used = new Set<number>();
  const placed = Object.entries(hands).map(([hand, codes]) => ({
    hand,
    cards: codes.map((code) => {
      const index = cards.findIndex((c, i) => c === code && !used.has(i));
      if (index >= 0) used.add(index);
      return { code, index: index >= 0 ? index : cards.length };
    }),
  }));
  const first = (h: (typeof placed)[number]) => Math.min(cards.length, ...h.cards.map((c) => c.index));
  return placed.sort((a, b) => first(a) - first(b));
}

/**
 * The round's cards by hand, dealt one by one in dealing order with a CSS animation (none under
 * prefers-reduced-motion). Cards already on screen stay put when more arrive; the new ones are
 * dealt after each other from the first new one. Before the deal it says when the cards come.
 */
export function DealtCards({ round }: { round: CasinoRoundView }) {
  const hands = dealOrder(round.cards, round.hands);
  // Cards that were on screen before the latest cards arrived are not dealt again: only the new
  // batch flies in, from its first card. (Same inputs, same result: safe to work out in render.)
  const deal = useRef({ roundId: round.roundId, base: 0, count: 0 });
  if (deal.current.roundId !== round.roundId) deal.current = { roundId: round.roundId, base: 0, count: 0 };
  if (round.cards.length > deal.current.count) deal.current = { roundId: round.roundId, base: deal.current.count, count: round.cards.length };
  const before = deal.current.base;
  const step = dealStepMs(round.cards.length - before);

  if (hands.length === 0) {
    return (
      <section className="bl-casino-cards" aria-label="Cards">
        <p className="bl-muted">{round.status === 'OPEN' ? 'The cards are dealt when betting closes.' : round.status === 'VOID' ? 'No cards: the round was voided.' : 'Dealing…'}</p>
      </section>
    );
  }
  return (
    <section className="bl-casino-cards" aria-label="Cards">
      {hands.map((h) => (
        <div key={h.hand} className="bl-casino-hand" role="group" aria-label={handLabel(h.hand)}>
          <span className="bl-casino-hand__name">{handLabel(h.hand)}</span>
          <span className="bl-casino-hand__cards">
            {h.cards.map((c) => (
              <PlayingCard key={`${h.hand}:${c.index}`} code={c.code} dealDelayMs={c.index >= before ? (c.index - before) * step : undefined} />
            ))}
          </span>
        </div>
      ))}
    </section>
  );
}
