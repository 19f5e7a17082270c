import { useRef } from 'react';
import type { CasinoRoundView } from '@backlay/shared';
import { dealOrder, handLabel } from '../ui/hands';
import { PlayingCard, dealStepMs } from '../ui/PlayingCard';

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
