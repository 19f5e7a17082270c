import { useEffect, useState } from 'react';
import { localizeApiMessage, type CasinoRoundView } from '@backlay/shared';
import { t as casinoT, useT, type CasinoT } from '../i18n';
import { resultName } from '../format';
import { runnerName } from '../ui/hands';
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
export function roundStatusText(round: CasinoRoundView, seconds: number, t: CasinoT = casinoT): string {
  switch (round.status) {
    case 'OPEN':
      return seconds > 0 ? t('round.closesIn', { seconds }) : t('round.bettingClosed');
    case 'CLOSED':
      return round.cards.length > 0 ? t('round.dealing') : t('round.bettingClosed');
    case 'SETTLED':
      // The winner as the page's language names the runner ('Tiger' → 'टाइगर'); a description the catalog does not know, as sent.
      return t('round.settled', { result: runnerName(resultName(round), t) });
    case 'VOID':
      // The server's reasons already say what happened to the bets ("Table disabled by admin: every bet refunded").
      return round.voidReason ? t('round.voidReason', { reason: localizeApiMessage(round.voidReason) }) : t('round.void');
  }
}

/** The round line under the title: its id and its state, the countdown as a timer while open. */
export function RoundStatus({ round, seconds }: { round: CasinoRoundView; seconds: number }) {
  const t = useT();
  const counting = round.status === 'OPEN' && seconds > 0;
  return (
    <p className="bl-casino-round">
      <span>
        {t('round.label')} <strong data-testid="round-id">{round.roundId}</strong>
      </span>
      <span className={`bl-casino-round__status bl-casino-round__status--${round.status.toLowerCase()}${counting && seconds <= 5 ? ' bl-casino-round__status--ending' : ''}`} role={counting ? 'timer' : 'status'} aria-live={counting ? 'off' : 'polite'}>
        {roundStatusText(round, seconds, t)}
      </span>
    </p>
  );
}
