import { Link, generatePath, useParams } from 'react-router';
import {
  BuildTag, EmptyState, PAGE_SIZE_MAX, Page, ROUTES, Spinner, compareCodeUnits, formatDate, formatOffTime, raceParts, useApis, type MatchSummary, type SportItem, useLoad,
} from '@backlay/shared';
import { useT } from '../i18n';
import { SportTabs, offeredSportName } from '../sport-tabs';
import { raceClockText, useNow } from './race-time';

/** How many races "Next races" lists. */
export const NEXT_RACES = 8;

/** The races are fetched again this often while the page is on screen (new races, offs, results). */
export const RACE_LIST_REFRESH_MS = 20_000;

/** Races by off time, earliest first (ties by id, so the order is the same on every load). */
const byOffTime = (a: MatchSummary, b: MatchSummary) => compareCodeUnits(a.openDate, b.openDate) || compareCodeUnits(a._id, b._id);

/** The races still to run or running, by off time (earliest first), at most `count`. */
export function nextRaces(races: readonly MatchSummary[], count = NEXT_RACES): MatchSummary[] {
  return races
    .filter((r) => r.status !== 'closed')
    .sort(byOffTime)
    .slice(0, count);
}

/** One meeting of a day: its name (the competition, e.g. "Sheffield (GB)") and its races by off time. */
export interface Meeting {
  name: string;
  races: MatchSummary[];
}

/** One day of meetings ("YYYY-MM-DD", local time), meetings by their first race. */
export interface RaceDay {
  date: string;
  meetings: Meeting[];
}

/** The races grouped by local day, then by meeting (the competition, else the venue), each by off time. */
export function meetingsByDay(races: readonly MatchSummary[]): RaceDay[] {
  const sorted = [...races].sort(byOffTime);
  const days = new Map<string, Map<string, MatchSummary[]>>();
  for (const race of sorted) {
    const date = formatDate(race.openDate, 'YYYY-MM-DD');
    const meeting = race.competitionName || raceParts(race.name).venue || race.name;
    const day = days.get(date) ?? new Map<string, MatchSummary[]>();
    day.set(meeting, [...(day.get(meeting) ?? []), race]);
    days.set(date, day);
  }
  return [...days.entries()].sort(([a], [b]) => compareCodeUnits(a, b)).map(([date, meetings]) => ({ date, meetings: [...meetings.entries()].map(([name, list]) => ({ name, races: list })) }));
}

/** A day's date as its heading shows it (DD/MM/YYYY), or null for today. */
function otherDay(date: string, nowMs: number): string | null {
  if (date === formatDate(nowMs, 'YYYY-MM-DD')) return null;
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const raceHref = (race: MatchSummary) => generatePath(ROUTES.odds.path, { matchId: race._id });

function NextRace({ race, nowMs }: { race: MatchSummary; nowMs: number }) {
  const t = useT();
  const { venue, race: raceName } = raceParts(race.name);
  const clock = raceClockText(race, nowMs);
  return (
    <li className="bl-match bl-race">
      <div className="bl-match__info">
        <Link className="bl-match__link" to={raceHref(race)}>
          {venue ? <span className="bl-race__venue">{venue}</span> : null} <span className="bl-race__name">{raceName}</span>
        </Link>
        <span className="bl-match__meta">
          <time dateTime={race.openDate}>{formatOffTime(race.openDate)}</time>
          {race.competitionName ? <span className="bl-match__competition">{race.competitionName}</span> : null}
        </span>
      </div>
      <span className={`bl-race__clock${clock === t('race.off') ? ' bl-inplay' : ''}`} data-testid="race-clock">
        {clock}
      </span>
    </li>
  );
}

/**
 * racing/{sportId}: a racing sport's next races (by off time: venue, race name, off time and a
 * countdown, "Off" once started) and the day's meetings (a row per venue with its race times,
 * a finished race marked "Result"). Every race opens its race page (odds/{matchId}). The list is
 * fetched again every RACE_LIST_REFRESH_MS; a failed refresh keeps what is on screen.
 */
export function RacingBoard() {
  const params = useParams();
  const sportId = Number(params.sportId);
  return <Racing key={sportId} sportId={sportId} />;
}

const NO_SPORTS: SportItem[] = [];

function Racing({ sportId }: { sportId: number }) {
  const t = useT();
  const { sports: sportsApi } = useApis();
  const { load: sportList } = useLoad(() => sportsApi.sportList());
  const sports = sportList.state === 'done' ? sportList.value : NO_SPORTS;
  // A failed refresh keeps what is on screen; only a failed first load replaces it.
  const { load: races } = useLoad(() => sportsApi.matchList({ sportId, status: 'all', limit: PAGE_SIZE_MAX }), String(sportId), { refreshMs: RACE_LIST_REFRESH_MS, quietReload: true });
  const nowMs = useNow();

  const sportName = offeredSportName(sports, sportId) ?? t('racing.title');
  const list = races.state === 'done' ? races.value : [];
  const next = nextRaces(list);
  const days = meetingsByDay(list);
  return (
    <Page title={sportName}>
      {sports.length > 0 ? <SportTabs sports={sports} current={sportId} /> : null}
      {races.state === 'loading' ? <Spinner label={t('racing.loading')} /> : null}
      {races.state === 'fail' ? <EmptyState>{t('racing.failed', { message: races.message })}</EmptyState> : null}
      {races.state === 'done' && list.length === 0 ? <EmptyState>{t('racing.empty', { sport: sportName.toLowerCase() })}</EmptyState> : null}
      {next.length > 0 ? (
        <section aria-labelledby="bl-next-races">
          <h2 id="bl-next-races">{t('racing.next')}</h2>
          <ol className="bl-matches" aria-label={t('racing.next')}>
            {next.map((r) => (
              <NextRace key={r._id} race={r} nowMs={nowMs} />
            ))}
          </ol>
        </section>
      ) : null}
      {days.length > 0 ? (
        <section aria-labelledby="bl-meetings">
          <h2 id="bl-meetings">{t('racing.meetings')}</h2>
          {days.map((day) => {
            const date = otherDay(day.date, nowMs);
            return (
              <div key={day.date} className="bl-race-day">
                <h3>{date ?? t('racing.today')}</h3>
                <ul className="bl-meetings" aria-label={date === null ? t('racing.meetingsToday') : t('racing.meetingsOn', { date })}>
                  {day.meetings.map((meeting) => (
                    <li key={meeting.name} className="bl-meeting" aria-label={meeting.name}>
                      <span className="bl-meeting__venue">{meeting.name}</span>
                      <span className="bl-meeting__races">
                        {meeting.races.map((race) => {
                          const finished = race.status === 'closed';
                          return (
                            <Link
                              key={race._id}
                              to={raceHref(race)}
                              className={`bl-meeting__race${finished ? ' bl-meeting__race--result' : ''}`}
                              aria-label={
                                finished
                                  ? t('racing.raceLinkResult', { time: formatOffTime(race.openDate), race: raceParts(race.name).race })
                                  : `${formatOffTime(race.openDate)} ${raceParts(race.name).race}`
                              }
                            >
                              {formatOffTime(race.openDate)}
                            </Link>
                          );
                        })}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
