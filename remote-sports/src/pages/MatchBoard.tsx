import { useEffect, useState } from 'react';
import { NavLink, useParams } from 'react-router';
import moment from 'moment';
import { BuildTag, EmptyState, Page, Spinner, notify, sportsApi, type MatchSummary, type SportItem } from '@backlay/shared';

/** Match status filters of /match/{sportId}/{status?}; the API's default is all. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'in-play', label: 'In-play' },
  { value: 'upcoming', label: 'Upcoming' },
] as const;

/** Cricket is the default sport of the home page (SPEC: the mobile landing is /match/4/in-play). */
export const DEFAULT_SPORT_ID = 4;

type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'fail'; message: string };

/**
 * Home (index, dashbaord) and match lists (match/{sportId}/{status?}): sport tabs, status filters
 * and the matches of the chosen sport, in-play first.
 */
export function MatchBoard() {
  const params = useParams();
  const sportId = Number(params.sportId ?? DEFAULT_SPORT_ID);
  const status = params.status ?? 'all';
  const [sports, setSports] = useState<Load<SportItem[]>>({ state: 'loading' });
  const [matches, setMatches] = useState<Load<MatchSummary[]>>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    sportsApi.sportList().then(
      (value) => live && setSports({ state: 'done', value }),
      (error: Error) => live && setSports({ state: 'fail', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setMatches({ state: 'loading' });
    sportsApi.matchList({ sportId, status }).then(
      (value) => live && setMatches({ state: 'done', value }),
      (error: Error & { silent?: boolean }) => {
        if (!live) return;
        setMatches({ state: 'fail', message: error.message });
        if (!error.silent) notify('error', error.message);
      },
    );
    return () => {
      live = false;
    };
  }, [sportId, status]);

  const sportName = sports.state === 'done' ? sports.value.find((s) => s.sportId === sportId)?.name ?? 'Sport' : 'Sport';
  return (
    <Page title={sportName}>
      {sports.state === 'done' ? (
        <nav className="bl-tabs" aria-label="Sports">
          {sports.value.map((s) => (
            <NavLink key={s.sportId} to={`/match/${s.sportId}`} className={s.sportId === sportId ? 'active' : undefined} aria-current={s.sportId === sportId ? 'page' : undefined}>
              {s.name}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <nav className="bl-tabs" aria-label="Match status">
        {STATUS_FILTERS.map((f) => (
          <NavLink key={f.value} to={`/match/${sportId}/${f.value}`} className={f.value === status ? 'active' : undefined} aria-current={f.value === status ? 'page' : undefined}>
            {f.label}
          </NavLink>
        ))}
      </nav>
      {matches.state === 'loading' ? <Spinner label="Loading matches" /> : null}
      {matches.state === 'fail' ? <EmptyState>Matches could not be loaded: {matches.message}</EmptyState> : null}
      {matches.state === 'done' && matches.value.length === 0 ? <EmptyState>No {sportName.toLowerCase()} matches are open right now.</EmptyState> : null}
      {matches.state === 'done' && matches.value.length > 0 ? (
        <ul className="bl-matches" aria-label="Matches">
          {[...matches.value]
            .sort((a, b) => Number(b.inPlay) - Number(a.inPlay) || a.openDate.localeCompare(b.openDate))
            .map((m) => (
              <li key={m._id}>
                <strong>{m.name}</strong> <span className="bl-badge">{m.inPlay ? 'In-play' : moment(m.openDate).format('DD/MM/YYYY h:mm A')}</span>
              </li>
            ))}
        </ul>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
