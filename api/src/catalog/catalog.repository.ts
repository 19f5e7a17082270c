/**
 * SQL of the catalog's structure: sports (with their settings), competitions and events. The
 * feed ingest writes the feed's columns; admins write the import flag and the switches.
 * `Visibility` says whose view a query answers: 'player' sees imported, active matches of active
 * sports; 'admin' (admin and sadmin) sees every imported match.
 */
import type { MatchSortKey } from '@backlay/shared/contracts';
import { orderByClause } from '../common/sorting';
import type { FeedCompetition, FeedEvent } from '../feed/feed-provider';
import type { Queryable } from '../db/database';
import type { MatchRow, SeriesMatchRow } from './market-view';
import type { EventStatus, MatchQuery } from './match-query';

export type Visibility = 'player' | 'admin';

export interface SportRow {
  sportId: number;
  name: string;
  active: boolean;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxProfitMinor: bigint;
  betDelaySec: number;
}

/** The condition on `e` (events) and `s` (sports) under which a viewer sees a match. */
export function visibleMatch(visibility: Visibility): string {
  return visibility === 'player' ? 'e.imported AND e.active AND s.active' : 'e.imported';
}

interface RawSport {
  sportId: number;
  name: string;
  active: boolean;
  minStakeMinor: string;
  maxStakeMinor: string;
  maxProfitMinor: string;
  betDelaySec: number;
}

const SPORT_COLUMNS = `sport_id AS "sportId", name, active, min_stake_minor::text AS "minStakeMinor",
  max_stake_minor::text AS "maxStakeMinor", max_profit_minor::text AS "maxProfitMinor", bet_delay_sec AS "betDelaySec"`;

function toSport(row: RawSport): SportRow {
  return {
    ...row,
    minStakeMinor: BigInt(row.minStakeMinor),
    maxStakeMinor: BigInt(row.maxStakeMinor),
    maxProfitMinor: BigInt(row.maxProfitMinor),
  };
}

/** Sports in display order; `activeOnly` for players. */
export async function listSports(q: Queryable, activeOnly: boolean): Promise<SportRow[]> {
  const { rows } = await q.query<RawSport>(
    `SELECT ${SPORT_COLUMNS} FROM sports WHERE active OR NOT $1 ORDER BY sort_order, sport_id`,
    [activeOnly],
  );
  return rows.map(toSport);
}

export async function findSport(q: Queryable, sportId: number, options: { lock?: boolean } = {}): Promise<SportRow | null> {
  const { rows } = await q.query<RawSport>(
    `SELECT ${SPORT_COLUMNS} FROM sports WHERE sport_id = $1${options.lock === true ? ' FOR UPDATE' : ''}`,
    [sportId],
  );
  const row = rows[0];
  return row === undefined ? null : toSport(row);
}

export async function updateSport(q: Queryable, sport: SportRow, updatedBy: string | null): Promise<void> {
  await q.query(
    `UPDATE sports SET active = $2, min_stake_minor = $3, max_stake_minor = $4, max_profit_minor = $5, bet_delay_sec = $6,
            updated_by = $7, updated_at = now()
     WHERE sport_id = $1`,
    [
      sport.sportId,
      sport.active,
      sport.minStakeMinor.toString(),
      sport.maxStakeMinor.toString(),
      sport.maxProfitMinor.toString(),
      sport.betDelaySec,
      updatedBy,
    ],
  );
}

// ---- the feed's side: competitions and events ----

export async function upsertCompetitions(q: Queryable, competitions: readonly FeedCompetition[]): Promise<void> {
  if (competitions.length === 0) return;
  await q.query(
    `INSERT INTO competitions (id, sport_id, name)
     SELECT c.id, c.sport_id, c.name FROM jsonb_to_recordset($1::jsonb) AS c(id text, sport_id int, name text)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name WHERE competitions.name IS DISTINCT FROM EXCLUDED.name`,
    [JSON.stringify(competitions.map((c) => ({ id: c.competitionId, sport_id: c.sportId, name: c.name })))],
  );
}

/**
 * Writes the feed's columns of events; the import and the admin switch are left alone. Answers
 * each written event's status as stored (a closed event stays closed).
 */
export async function upsertEvents(q: Queryable, events: readonly FeedEvent[]): Promise<Array<{ id: string; status: EventStatus }>> {
  if (events.length === 0) return [];
  const { rows } = await q.query<{ id: string; status: EventStatus }>(
    `INSERT INTO events (id, sport_id, competition_id, name, home, away, open_date, status, in_play, updated_at)
     SELECT e.id, e.sport_id, e.competition_id, e.name, e.home, e.away, to_timestamp(e.open_ms / 1000.0), e.status, e.in_play, now()
     FROM jsonb_to_recordset($1::jsonb)
       AS e(id text, sport_id int, competition_id text, name text, home text, away text, open_ms bigint, status text, in_play boolean)
     ON CONFLICT (id) DO UPDATE SET
       sport_id = EXCLUDED.sport_id, competition_id = EXCLUDED.competition_id, name = EXCLUDED.name, home = EXCLUDED.home,
       away = EXCLUDED.away, open_date = EXCLUDED.open_date, in_play = EXCLUDED.in_play, updated_at = now(),
       -- A closed event stays closed.
       status = CASE WHEN events.status = 'closed' THEN 'closed' ELSE EXCLUDED.status END
     RETURNING id, status`,
    [
      JSON.stringify(
        events.map((e) => ({
          id: e.eventId,
          sport_id: e.sportId,
          competition_id: e.competitionId,
          name: e.name,
          home: e.home,
          away: e.away,
          open_ms: e.openDateMs,
          status: e.status,
          in_play: e.inPlay,
        })),
      ),
    ],
  );
  return rows;
}

/**
 * Closes the open events that the provider no longer offers and that should have started by
 * `beforeMs`; returns their ids. Their markets are voided by the markets repository.
 */
export async function closeVanishedEvents(q: Queryable, offeredIds: readonly string[], beforeMs: number): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE events SET status = 'closed', in_play = false, updated_at = now()
     WHERE kind = 'sport' AND status <> 'closed' AND NOT (id = ANY($1::text[])) AND open_date < to_timestamp($2 / 1000.0)
     RETURNING id`,
    [offeredIds, beforeMs],
  );
  return rows.map((row) => row.id);
}

/**
 * Deletes events nobody imported that closed more than `ageMs` ago (their markets go with them).
 * An event with bets is kept: the events_keep_bets trigger (migration 0016) would refuse its
 * delete and with it the whole prune.
 */
export async function pruneClosedEvents(q: Queryable, ageMs: number): Promise<number> {
  const { rowCount } = await q.query(
    `DELETE FROM events e
     WHERE NOT e.imported AND e.status = 'closed' AND e.updated_at < now() - make_interval(secs => $1 / 1000.0)
       AND NOT EXISTS (SELECT 1 FROM positions p WHERE p.match_id = e.id)`,
    [ageMs],
  );
  return rowCount ?? 0;
}

// ---- reads ----

const MATCH_COLUMNS = `e.id, e.sport_id AS "sportId", e.name, coalesce(e.competition_id, '') AS "competitionId",
  coalesce(c.name, '') AS "competitionName", e.open_date AS "openDate", e.status, e.in_play AS "inPlay",
  e.active, e.imported`;

/** Competitions of a sport with their open (not closed) events, for the import screens. */
export async function listFeedCompetitions(
  q: Queryable,
  sportId: number,
): Promise<Array<{ competitionId: string; name: string; sportId: number; matchCount: number }>> {
  const { rows } = await q.query<{ competitionId: string; name: string; sportId: number; matchCount: number }>(
    `SELECT c.id AS "competitionId", c.name, c.sport_id AS "sportId", count(e.id)::int AS "matchCount"
     FROM competitions c JOIN events e ON e.competition_id = c.id AND e.status <> 'closed'
     WHERE c.sport_id = $1
     GROUP BY c.id ORDER BY c.name, c.id`,
    [sportId],
  );
  return rows;
}

/** Open events of a competition as the feed offers them, soonest first. */
export async function listFeedEvents(q: Queryable, sportId: number, competitionId: string): Promise<MatchRow[]> {
  const { rows } = await q.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM events e LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE e.sport_id = $1 AND e.competition_id = $2 AND e.status <> 'closed'
     ORDER BY e.open_date, e.id`,
    [sportId, competitionId],
  );
  return rows;
}

/** One event whatever its state (admin tools, import). */
export async function findEvent(q: Queryable, eventId: string, options: { lock?: boolean } = {}): Promise<MatchRow | null> {
  const { rows } = await q.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM events e LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE e.id = $1${options.lock === true ? ' FOR UPDATE OF e' : ''}`,
    [eventId],
  );
  return rows[0] ?? null;
}

/** One match if the viewer sees it. */
export async function findVisibleMatch(q: Queryable, eventId: string, visibility: Visibility): Promise<MatchRow | null> {
  const { rows } = await q.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM events e JOIN sports s ON s.sport_id = e.sport_id LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE e.id = $1 AND ${visibleMatch(visibility)}`,
    [eventId],
  );
  return rows[0] ?? null;
}

/** In play first, then upcoming soonest first, then closed latest first; then by id. */
const MATCH_DEFAULT_ORDER = `CASE e.status WHEN 'inplay' THEN 0 WHEN 'upcoming' THEN 1 ELSE 2 END,
              CASE WHEN e.status = 'closed' THEN -extract(epoch FROM e.open_date) ELSE extract(epoch FROM e.open_date) END,
              e.id`;

/** The columns get-match-list sorts by (ADR 0068): the only SQL a sort request chooses from. */
const MATCH_SORT_SQL: Readonly<Record<MatchSortKey, string>> = {
  name: 'lower(e.name)',
  competition: 'lower(c.name)',
  openDate: 'e.open_date',
  active: 'e.active',
};

/**
 * Matches the viewer sees (less the sports of `sportsOff`: the viewer's site's), by sport and status and a search of the match's or competition's
 * name: in the order asked for, then in play first, then upcoming, then closed (latest first).
 */
export async function listVisibleMatches(q: Queryable, query: MatchQuery, visibility: Visibility, sportsOff: readonly number[] = []): Promise<MatchRow[]> {
  const { rows } = await q.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM events e JOIN sports s ON s.sport_id = e.sport_id LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE ${visibleMatch(visibility)} AND ($1::int IS NULL OR e.sport_id = $1) AND ($2::text = 'all' OR e.status = $2)
       AND ($4::text IS NULL OR e.name ILIKE $4 OR c.name ILIKE $4) AND NOT (e.sport_id = ANY ($5::int[]))
     ${orderByClause(MATCH_SORT_SQL, query.sort ?? null, MATCH_DEFAULT_ORDER)}
     LIMIT $3`,
    [query.sportId, query.status, query.limit, query.pattern ?? null, sportsOff],
  );
  return rows;
}

/** Sets an event imported (idempotent); returns false when it already was. */
export async function markImported(q: Queryable, eventId: string, actorId: string | null): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE events SET imported = true, imported_at = now(), imported_by = $2, active = true WHERE id = $1 AND NOT imported`,
    [eventId, actorId],
  );
  return (rowCount ?? 0) > 0;
}

export async function setMatchActive(q: Queryable, eventId: string, active: boolean): Promise<void> {
  await q.query('UPDATE events SET active = $2 WHERE id = $1', [eventId, active]);
}

/**
 * Open (not closed) matches the viewer sees in a sport, with their competition and the counts
 * of active markets and open active fancies; soonest first.
 */
export async function listSeriesMatches(q: Queryable, sportId: number, visibility: Visibility): Promise<SeriesMatchRow[]> {
  const { rows } = await q.query<SeriesMatchRow>(
    `SELECT coalesce(e.competition_id, '') AS "competitionId", coalesce(c.name, '') AS "competitionName", e.sport_id AS "sportId",
            e.id, e.name, e.open_date AS "openDate", e.status, e.in_play AS "inPlay",
            (SELECT count(*)::int FROM markets m WHERE m.event_id = e.id AND m.active AND m.feed_status <> 'closed') AS "marketCount",
            (SELECT count(*)::int FROM fancies f WHERE f.event_id = e.id AND f.active AND f.feed_status <> 'closed') AS "fancyCount"
     FROM events e JOIN sports s ON s.sport_id = e.sport_id LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE e.sport_id = $1 AND e.status <> 'closed' AND ${visibleMatch(visibility)}
     ORDER BY e.open_date, e.id`,
    [sportId],
  );
  return rows;
}

/** Imported events of a sport that are not closed (the demo keeps one of each running). */
export async function countImportedOpen(q: Queryable, sportId: number, exceptIds: readonly string[] = []): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE sport_id = $1 AND imported AND status <> 'closed' AND NOT (id = ANY($2))`,
    [sportId, exceptIds],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Every open event of a sport (of one competition, when given) that nobody imported and whose
 * markets the feed has written, soonest start first (demo mode imports them all); with
 * `startsBefore`, only those in play or starting by then (the demo's races of the next hour).
 */
export async function findImportCandidates(q: Queryable, sportId: number, competitionId?: string, startsBefore?: Date): Promise<MatchRow[]> {
  const { rows } = await q.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM events e LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE e.sport_id = $1 AND ($2::text IS NULL OR e.competition_id = $2) AND NOT e.imported AND e.status <> 'closed'
       AND ($3::timestamptz IS NULL OR e.status = 'inplay' OR e.open_date <= $3)
       AND EXISTS (SELECT 1 FROM markets m WHERE m.event_id = e.id)
     ORDER BY e.open_date, e.id`,
    [sportId, competitionId ?? null, startsBefore ?? null],
  );
  return rows;
}

/** Of these events, those stored, open and not imported (with at least one market). */
export async function notImportedOpen(q: Queryable, eventIds: readonly string[]): Promise<Array<{ id: string; sportId: number; competitionId: string }>> {
  if (eventIds.length === 0) return [];
  const { rows } = await q.query<{ id: string; sportId: number; competitionId: string }>(
    `SELECT e.id, e.sport_id AS "sportId", e.competition_id AS "competitionId" FROM events e
     WHERE e.id = ANY($1) AND NOT e.imported AND e.status <> 'closed' AND EXISTS (SELECT 1 FROM markets m WHERE m.event_id = e.id)
     ORDER BY e.id`,
    [eventIds],
  );
  return rows;
}

/** The next event worth importing in a sport: one in play (most recent start) or else the soonest upcoming. */
export async function findImportCandidate(q: Queryable, sportId: number, exceptIds: readonly string[] = []): Promise<MatchRow | null> {
  const { rows } = await q.query<MatchRow>(
    `SELECT ${MATCH_COLUMNS} FROM events e LEFT JOIN competitions c ON c.id = e.competition_id
     WHERE e.sport_id = $1 AND NOT e.imported AND e.status <> 'closed' AND NOT (e.id = ANY($2))
       AND EXISTS (SELECT 1 FROM markets m WHERE m.event_id = e.id)
     ORDER BY CASE e.status WHEN 'inplay' THEN 0 ELSE 1 END,
              CASE WHEN e.status = 'inplay' THEN -extract(epoch FROM e.open_date) ELSE extract(epoch FROM e.open_date) END
     LIMIT 1`,
    [sportId, exceptIds],
  );
  return rows[0] ?? null;
}
