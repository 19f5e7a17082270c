import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Navigate, generatePath, useParams } from 'react-router';
import {
  BuildTag, EmptyState, Page, ROUTES, SPORT_IDS, Spinner, compareCodeUnits, earlyAnswerOr, isRacingSport, useApis, type MatchOddsSummary, type MatchSummary, type NewsMessage, formatOddsDecimal, formatDateTimeMinutes, useLoad, on, type SocketMatchStatusPayload,
} from '@backlay/shared';
import { matchPhaseText, matchPhase, openMatches } from '../format';
import { useT } from '../i18n';
import { overlayText } from '../odds/MarketFrame';
import { SportTabs, offeredSportName, sportPath } from '../sport-tabs';
import { matchBoardCalls, matchBoardFilter } from '../first-calls';

/** Match status filters of /match/{sportId}/{status?} (each label a key of the sports catalog); the API's default is all. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'board.status.all' },
  { value: 'in-play', label: 'board.status.inPlay' },
  { value: 'upcoming', label: 'board.status.upcoming' },
] as const;

/** The list is fetched again this often while it is on screen, so starts and prices stay current. */
export const MATCH_LIST_REFRESH_MS = 20_000;

/** One column of a match's price summary: its heading (1, X, 2) and the runner's best prices. */
export interface OddsColumn {
  label: string;
  back: number | null;
  lay: number | null;
}

const isDraw = (name: string) => /draw/i.test(name);

/**
 * The price columns of a match on the list: 1 and 2 (home and away), and for soccer 1, X, 2 with
 * the draw in the middle whatever its place in the market. Empty prices are null.
 */
export function oddsColumns(sportId: number, odds: MatchOddsSummary | null | undefined): OddsColumn[] {
  const runners = odds?.runners ?? [];
  const sides = runners.filter((r) => !isDraw(r.name));
  const draw = runners.find((r) => isDraw(r.name));
  const col = (label: string, r: (typeof runners)[number] | undefined): OddsColumn => ({ label, back: r?.back ?? null, lay: r?.lay ?? null });
  if (sportId === SPORT_IDS.soccer) return [col('1', sides[0]), col('X', draw), col('2', sides[1])];
  return [col('1', sides[0]), col('2', sides[1])];
}

/** In-play matches first, then by start time. */
export function sortMatches(matches: MatchSummary[]): MatchSummary[] {
  const live = (m: MatchSummary) => Number(matchPhase(m) === 'inplay');
  return [...matches].sort((a, b) => live(b) - live(a) || compareCodeUnits(a.openDate, b.openDate));
}

type MatchStatus = MatchSummary['status'];
const STATUS_ORDER: Readonly<Record<MatchStatus, number>> = { upcoming: 0, inplay: 1, closed: 2 };

/**
 * A listed match with the status the socket said since the list was fetched (`sports.matchStatusChanged`):
 * a match only moves on (upcoming, in play, closed), so the further of the two wins. A match
 * that started is in play; one that ended is closed, so its row reads Finished, kept on the list
 * for FINISHED_KEPT_MS though a fetch leaves it out (ADR 0058).
 */
export function withLiveStatus(match: MatchSummary, live: MatchStatus | undefined): MatchSummary {
  if (live === undefined || STATUS_ORDER[live] <= STATUS_ORDER[match.status]) return match;
  return { ...match, status: live, inPlay: live === 'inplay' ? true : match.inPlay };
}

/** The statuses the socket said since the page opened, by match id. */
function useLiveMatchStatuses(): ReadonlyMap<string, MatchStatus> {
  const [statuses, setStatuses] = useState<ReadonlyMap<string, MatchStatus>>(() => new Map());
  useEffect(() => {
    const sub = on('sports.matchStatusChanged').subscribe(({ matchId, status }: SocketMatchStatusPayload) =>
      setStatuses((before) => (before.get(matchId) === status ? before : new Map(before).set(matchId, status))),
    );
    return () => sub.unsubscribe();
  }, []);
  return statuses;
}

/** How long a match the socket said ended stays on its list, Finished, after a fetch left it out. */
export const FINISHED_KEPT_MS = 60_000;

/**
 * The list's rows: the fetched open matches and, for FINISHED_KEPT_MS after the socket said so, the
 * matches it said ended while they were on this list. A fetch that comes just after the end leaves
 * the match out (closed matches are not listed), which took the Finished row away within a second
 * of its showing, before anyone could read it. Kept rows go at the first render after their time
 * (the list renders at each fetch); another sport or status starts afresh.
 */
function useRowsWithFinished(listKey: string, fetched: MatchSummary[], live: ReadonlyMap<string, MatchStatus>): MatchSummary[] {
  const memory = useRef({ key: listKey, seen: new Map<string, MatchSummary>(), ended: new Map<string, number>() });
  if (memory.current.key !== listKey) memory.current = { key: listKey, seen: new Map(), ended: new Map() };
  const { seen, ended } = memory.current;
  for (const m of fetched) seen.set(m._id, m);
  const now = Date.now();
  for (const [id, status] of live) if (status === 'closed' && seen.has(id) && !ended.has(id)) ended.set(id, now);
  const listed = new Set(fetched.map((m) => m._id));
  const kept: MatchSummary[] = [];
  for (const [id, at] of ended) {
    if (now - at >= FINISHED_KEPT_MS) {
      ended.delete(id);
      seen.delete(id);
    } else if (!listed.has(id)) kept.push(seen.get(id) as MatchSummary);
  }
  // Only what is listed or kept is remembered.
  for (const id of seen.keys()) if (!listed.has(id) && !ended.has(id)) seen.delete(id);
  return kept.length === 0 ? fetched : [...fetched, ...kept];
}

function News({ messages }: { messages: NewsMessage[] }) {
  const t = useT();
  const active = messages.filter((m) => m.active);
  if (active.length === 0) return null;
  return (
    <section className="bl-news" aria-labelledby="bl-news-title">
      <h2 id="bl-news-title" className="bl-visually-hidden">
        {t('board.news')}
      </h2>
      <ul>
        {active.map((m) => (
          <li key={m._id}>{m.text}</li>
        ))}
      </ul>
    </section>
  );
}

function Price({ column, side, value }: { column: string; side: 'back' | 'lay'; value: number | null }) {
  const t = useT();
  return (
    <span className={`bl-price bl-price--${side}`}>
      <span className="bl-visually-hidden">{t(side === 'back' ? 'board.priceBack' : 'board.priceLay', { column })}</span>
      <span className="bl-price__odds">{value === null ? '–' : formatOddsDecimal(value)}</span>
    </span>
  );
}

function MatchRow({ match }: { match: MatchSummary }) {
  const t = useT();
  const columns = oddsColumns(match.sportId, match.matchOdds);
  const phase = matchPhase(match);
  // A match that ended while listed: its prices are over whatever the fetched market said.
  const overlay = phase === 'finished' ? overlayText('closed') : match.matchOdds ? overlayText(match.matchOdds.status) : null;
  return (
    <li className={`bl-match${phase === 'finished' ? ' bl-match--finished' : ''}`}>
      <div className="bl-match__info">
        <Link className="bl-match__link" to={generatePath(ROUTES.odds.path, { matchId: match._id })}>
          {match.name}
        </Link>
        <span className="bl-match__meta">
          {match.competitionName ? <span className="bl-match__competition">{match.competitionName}</span> : null}
          {phase === 'inplay' ? <span className="bl-inplay">{matchPhaseText('inplay')}</span> : null}
          {phase === 'finished' ? <span className="bl-finished">{matchPhaseText('finished')}</span> : null}
          {phase === 'upcoming' ? <time dateTime={match.openDate}>{formatDateTimeMinutes(match.openDate)}</time> : null}
        </span>
      </div>
      <div className="bl-match__odds" role="group" aria-label={t('board.pricesOf', { match: match.name })}>
        {columns.map((c) => (
          <div key={c.label} className="bl-match__col">
            <span className="bl-match__col-label" aria-hidden="true">
              {c.label}
            </span>
            <Price column={c.label} side="back" value={c.back} />
            <Price column={c.label} side="lay" value={c.lay} />
          </div>
        ))}
        {overlay ? (
          <div className="bl-market__overlay" role="status">
            {overlay}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Home (index, dashbaord) and match lists (match/{sportId}/{status?}): the news lines, sport tabs,
 * status filters and the matches of the chosen sport that are not finished (closed matches are
 * left out), in-play first, each with its competition,
 * its start (or a pulsing In-play flag) and its best back and lay per outcome. The list is fetched
 * again every MATCH_LIST_REFRESH_MS; in between, a match that starts turns In-play and one that
 * ends turns Finished (its prices Closed) at once, from the socket's `matchStatus` (ADR 0058),
 * in its place, and stays on the list for FINISHED_KEPT_MS. A match opens its odds page.
 */
export function MatchBoard() {
  const { sportId, status } = matchBoardFilter(useParams());
  // A racing sport has no match list: its races are on racing/{sportId}.
  if (isRacingSport(sportId)) return <Navigate to={sportPath(sportId)} replace />;
  return <Matches sportId={sportId} status={status} />;
}

const NO_NEWS: NewsMessage[] = [];
const NO_MATCHES: MatchSummary[] = [];

function Matches({ sportId, status }: { sportId: number; status: string }) {
  const t = useT();
  const { sports: sportsApi } = useApis();
  // Each first load takes the answer the route module asked early, if any (ADR 0085).
  const calls = matchBoardCalls(sportsApi, sportId, status);
  const { load: sports } = useLoad(() => earlyAnswerOr(calls.sportList));
  // News is a courtesy: without it the page is still whole, so a failure stays quiet.
  const { load: newsLoad } = useLoad(() => earlyAnswerOr(calls.messages));
  const news = newsLoad.state === 'done' ? newsLoad.value : NO_NEWS;
  // A failed refresh keeps the list on screen; only a failed first load replaces it.
  const { load: matches, reload: reloadMatches } = useLoad(() => earlyAnswerOr(calls.matchList), `${sportId}:${status}`, { refreshMs: MATCH_LIST_REFRESH_MS, quietReload: true });
  // The user socket back after a gap: the statuses it said meanwhile were not kept, the list is read again.
  useEffect(() => {
    const sub = on('session.socketJoined').subscribe(({ rejoin }) => {
      if (rejoin) reloadMatches();
    });
    return () => sub.unsubscribe();
  }, [reloadMatches]);

  const live = useLiveMatchStatuses();
  // The page's frame (news, sport tabs, status filters) is drawn once the first answers are in,
  // all at once, where the spinner was: nothing on screen is pushed down by a later answer
  // (layout shift, ADR 0082). Switching sport or status later reloads the list under the frame.
  const [framed, setFramed] = useState(false);
  if (!framed && sports.state !== 'loading' && newsLoad.state !== 'loading' && matches.state !== 'loading') setFramed(true);
  const shown = useRowsWithFinished(`${sportId}:${status}`, matches.state === 'done' ? openMatches(matches.value) : NO_MATCHES, live);
  const sportName = sports.state === 'done' ? offeredSportName(sports.value, sportId) ?? t('board.sport') : t('board.sport');
  return (
    <Page title={sportName}>
      {framed ? (
        <>
          <News messages={news} />
          {sports.state === 'done' ? <SportTabs sports={sports.value} current={sportId} /> : null}
          <nav className="bl-tabs" aria-label={t('board.status')}>
            {STATUS_FILTERS.map((f) => (
              <NavLink key={f.value} to={generatePath(ROUTES.matchList.path, { sportId: String(sportId), status: f.value })} className={f.value === status ? 'active' : undefined} aria-current={f.value === status ? 'page' : undefined}>
                {t(f.label)}
              </NavLink>
            ))}
          </nav>
        </>
      ) : null}
      {!framed || matches.state === 'loading' ? <Spinner label={t('board.loading')} /> : null}
      {framed && matches.state === 'fail' ? <EmptyState>{t('board.failed', { message: matches.message })}</EmptyState> : null}
      {framed && matches.state === 'done' && shown.length === 0 ? <EmptyState>{t('board.empty', { sport: sportName.toLowerCase() })}</EmptyState> : null}
      {framed && shown.length > 0 ? (
        <ul className="bl-matches" aria-label={t('board.matches')}>
          {sortMatches(shown).map((m) => (
            <MatchRow key={m._id} match={withLiveStatus(m, live.get(m._id))} />
          ))}
        </ul>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
