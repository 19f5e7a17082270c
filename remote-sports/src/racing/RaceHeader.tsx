import { formatDate, formatOffTime, type MatchDetail } from '@backlay/shared';
import { useT } from '../i18n';
import { raceClockText, useNow } from './race-time';

/**
 * The head of a race page, under its title (the event name "Venue · Race"): the meeting, the off
 * time with its date, and where the race stands (a countdown to the off, "Off", or "Result" once
 * it is over).
 */
export function RaceHeader({ race, inPlay }: { race: MatchDetail; inPlay?: boolean }) {
  const t = useT();
  const nowMs = useNow();
  const clock = raceClockText({ ...race, inPlay: inPlay ?? race.inPlay }, nowMs);
  return (
    <div className="bl-race-head">
      {race.competitionName ? (
        <p className="bl-match-head">
          <span className="bl-match__competition">{race.competitionName}</span>
        </p>
      ) : null}
      <p className="bl-match-head">
        <span>
          {t('race.off')} <time dateTime={race.openDate}>{formatOffTime(race.openDate)}</time> <small>{formatDate(race.openDate, 'DD/MM/YYYY')}</small>
        </span>
        <span className={`bl-race__clock${clock === t('race.off') ? ' bl-inplay' : ''}`} data-testid="race-clock">
          {clock}
        </span>
      </p>
    </div>
  );
}
