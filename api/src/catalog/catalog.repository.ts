/** All SQL of the catalog: sports and events. */
import type { Queryable } from '../db/database';
import type { EventStatus, MatchQuery } from './match-query';

export interface SportRow {
  sportId: number;
  name: string;
}

export interface EventRow {
  id: string;
  sportId: number;
  name: string;
  openDate: Date;
  status: EventStatus;
  inPlay: boolean;
}

export async function listActiveSports(q: Queryable): Promise<SportRow[]> {
  const { rows } = await q.query<SportRow>(
    'SELECT sport_id AS "sportId", name FROM sports WHERE active ORDER BY sort_order, sport_id',
  );
  return rows;
}

/** Events by sport and status, soonest first. */
export async function listEvents(q: Queryable, query: MatchQuery): Promise<EventRow[]> {
  const { rows } = await q.query<EventRow>(
    `SELECT id, sport_id AS "sportId", name, open_date AS "openDate", status, in_play AS "inPlay"
     FROM events
     WHERE ($1::int IS NULL OR sport_id = $1) AND ($2::text = 'all' OR status = $2)
     ORDER BY open_date, id
     LIMIT $3`,
    [query.sportId, query.status, query.limit],
  );
  return rows;
}
