import { useRef, type CSSProperties } from 'react';
import { formatRupees, type CasinoBet, type CasinoRoundView } from '@backlay/shared';
import { resultName } from '../format';
import { openStakes } from './book';
import { useT } from '../i18n';
import { dealOrder, handLabel, handName } from '../ui/hands';
import { PlayingCard, dealStepMs } from '../ui/PlayingCard';

/** The ring of the betting window: the part of it still left, with the seconds in the middle. */
export function RoundTimer({ seconds, bettingSeconds }: { seconds: number; bettingSeconds: number }) {
  const left = bettingSeconds > 0 ? Math.max(0, Math.min(1, seconds / bettingSeconds)) : 0;
  const r = 16;
  const around = 2 * Math.PI * r;
  return (
    <svg className={`bl-round-timer${seconds > 0 && seconds <= 5 ? ' bl-round-timer--ending' : ''}`} viewBox="0 0 40 40" aria-hidden="true" data-left={left.toFixed(2)}>
      <circle cx="20" cy="20" r={r} className="bl-round-timer__track" />
      <circle cx="20" cy="20" r={r} className="bl-round-timer__left" strokeDasharray={`${(left * around).toFixed(2)} ${around.toFixed(2)}`} transform="rotate(-90 20 20)" />
      <text x="20" y="25" textAnchor="middle">
        {seconds > 0 ? seconds : '–'}
      </text>
    </svg>
  );
}

/** The winner as the round's description names it ('Tiger', 'Player B'), once it settled; null before or on a void. */
function winnerName(round: CasinoRoundView): string | null {
  return round.status === 'SETTLED' && round.win ? resultName(round) : null;
}

/** Whether the seat `label` is the one the result names ('Tiger' is the seat 'Tiger'; 'King of Spades' the seat 'Spades'). */
const wins = (winner: string | null, label: string) => winner !== null && (winner === label || winner.endsWith(` ${label}`));

/**
 * The table's felt: each place the game deals to laid out as a box (Dragon | Tiger, Player A |
 * Player B, Andar | Bahar with the Joker, the 32 Cards' four players), before a card is dealt too;
 * the cards dealt into them one by one in dealing order with a CSS animation (none under
 * prefers-reduced-motion), cards already on screen staying put when more arrive; the winning box
 * lit once the round settles; the player's stakes on the boxes it backed; and the betting window's
 * ring while the round is open.
 */
export function DealtCards({
  round,
  seconds = 0,
  bettingSeconds = 0,
  bets = [],
  categoryId,
  seats = [],
}: {
  round: CasinoRoundView;
  seconds?: number;
  bettingSeconds?: number;
  bets?: readonly CasinoBet[];
  categoryId?: number;
  /** The places the game deals to, in dealing order (the table's `seats`): laid out before a card is dealt. */
  seats?: readonly string[];
}) {
  const t = useT();
  const dealt = dealOrder(round.cards, round.hands);
  // Cards that were on screen before the latest cards arrived are not dealt again: only the new
  // batch flies in, from its first card. (Same inputs, same result: safe to work out in render.)
  const deal = useRef({ roundId: round.roundId, base: 0, count: 0 });
  if (deal.current.roundId !== round.roundId) deal.current = { roundId: round.roundId, base: 0, count: 0 };
  if (round.cards.length > deal.current.count) deal.current = { roundId: round.roundId, base: deal.current.count, count: round.cards.length };
  const before = deal.current.base;
  const step = dealStepMs(round.cards.length - before);

  // The boxes: the table's seats in dealing order, then any hand the round dealt to that is not one.
  const boxes = [...seats.map((hand) => dealt.find((h) => h.hand === hand) ?? { hand, cards: [] }), ...dealt.filter((h) => !seats.includes(h.hand))];
  const winner = winnerName(round);
  // The player's backs by runner name: a box is the runner of its name ('Player B').
  const backed = openStakes(bets, (b) => (b.side === 'BACK' ? b.selectionName : null));
  const open = round.status === 'OPEN';
  const note = open ? t('felt.noteOpen') : round.status === 'VOID' ? t('felt.noteVoid') : round.cards.length === 0 ? t('felt.noteDealing') : null;
  const style = categoryId === undefined ? undefined : ({ '--felt-hue': String((categoryId * 47) % 360) } as CSSProperties);

  return (
    <section className={`bl-casino-cards bl-casino-felt${winner ? ' bl-casino-felt--settled' : ''}`} aria-label={t('felt.label')} style={style}>
      {open ? <RoundTimer seconds={seconds} bettingSeconds={bettingSeconds} /> : null}
      {boxes.length > 0 ? (
        <div className="bl-casino-felt__boxes">
          {boxes.map((h) => {
            // The English name matches the result's and the bets' runner names; the screen says it in its language.
            const label = handLabel(h.hand);
            const name = handName(h.hand, t);
            const won = wins(winner, label);
            const stake = backed.get(label) ?? 0;
            return (
              <div key={h.hand} className={`bl-casino-hand${won ? ' bl-casino-hand--won' : ''}`} role="group" aria-label={won ? t('felt.handWins', { hand: name }) : name}>
                <span className="bl-casino-hand__name">
                  {name}
                  {won ? <span className="bl-casino-hand__wins"> {t('felt.wins')}</span> : null}
                </span>
                <span className="bl-casino-hand__cards">
                  {h.cards.length === 0 ? <span className="bl-card-slot" aria-hidden="true" /> : null}
                  {h.cards.map((c) => (
                    <PlayingCard key={`${h.hand}:${c.index}`} code={c.code} dealDelayMs={c.index >= before ? (c.index - before) * step : undefined} />
                  ))}
                </span>
                {stake > 0 ? (
                  <span className="bl-chip bl-casino-hand__stake" aria-label={t('felt.stake', { hand: name, amount: formatRupees(stake) })}>
                    {formatRupees(stake)}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : null}
      {note ? <p className="bl-muted">{note}</p> : null}
    </section>
  );
}
