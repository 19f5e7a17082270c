import { useEffect, useState } from 'react';
import type { CasinoRoundView } from '@backlay/shared';
import { resultName } from '../format';
import { COUNTDOWN_TICK_MS, secondsToClose } from './countdown';

/**
 * Seconds left to bet on an open round, on the server's clock, ticking while the round is open
 * (0 for any other round). The state only changes when the whole second does.
 */
export function useSecondsToClose(round: CasinoRoundView | null, offsetMs: number): number {
  const open = round?.status === 'OPEN';
  const closesAt = round?.closesAt ?? '';
  const [seconds, setSeconds] = useState(() => (open ? secondsToClose(closesAt, offsetMs, Date.now()) : 0));
  useEffect(() => {
    const read = () => setSeconds(open ? secondsToClose(closesAt, offsetMs, Date.now()) : 0);
    read();
    if (!open) return undefined;
    const timer = setInterval(read, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [open, closesAt, offsetMs]);
  return seconds;
}

/** The round's state in words: the countdown while open, then closed, dealt, settled or void. */
export function roundStatusText(round: CasinoRoundView, seconds: number): string {
  switch (round.status) {
    case 'OPEN':
      return seconds > 0 ? `Bets close in ${seconds} s` : 'Betting closed';
    case 'CLOSED':
      return round.cards.length > 0 ? 'Betting closed · dealing' : 'Betting closed';
    case 'SETTLED':
      return `Settled · ${resultName(round)}`;
    case 'VOID':
      // The server's reasons already say what happened to the bets ("Table disabled by admin: every bet refunded").
      return round.voidReason ? `Void: ${round.voidReason}` : 'Void · every bet refunded';
  }
}

/** The round line under the title: its id and its state, the countdown as a timer while open. */
export function RoundStatus({ round, seconds }: { round: CasinoRoundView; seconds: number }) {
  const counting = round.status === 'OPEN' && seconds > 0;
  return (
    <p className="bl-casino-round">
      <span>
        Round <strong data-testid="round-id">{round.roundId}</strong>
      </span>
      <span className={`bl-casino-round__status bl-casino-round__status--${round.status.toLowerCase()}${counting && seconds <= 5 ? ' bl-casino-round__status--ending' : ''}`} role={counting ? 'timer' : 'status'} aria-live={counting ? 'off' : 'polite'}>
        {roundStatusText(round, seconds)}
      </span>
    </p>
  );
}
