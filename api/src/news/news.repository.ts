/** All SQL of the news lines. */
import type { Queryable } from '../db/database';

export interface NewsRow {
  id: string;
  text: string;
  active: boolean;
  createdAt: Date;
  /** null: every site. */
  siteId: string | null;
}

const COLUMNS = 'id, text, active, created_at AS "createdAt", site_id AS "siteId"';

/**
 * Newest first; `activeOnly` for players. `siteId`: the lines of that site and of every site;
 * null: every line of every site (the Super Admin's screen).
 */
export async function listNews(q: Queryable, filter: { activeOnly: boolean; siteId: string | null }, limit: number): Promise<NewsRow[]> {
  const { rows } = await q.query<NewsRow>(
    `SELECT ${COLUMNS} FROM news_messages
     WHERE (active OR NOT $1) AND ($2::text IS NULL OR site_id IS NULL OR site_id = $2)
     ORDER BY created_at DESC, id LIMIT $3`,
    [filter.activeOnly, filter.siteId, limit],
  );
  return rows;
}

export async function insertNews(q: Queryable, text: string, active: boolean, siteId: string | null, createdBy: string): Promise<NewsRow> {
  const { rows } = await q.query<NewsRow>(
    `INSERT INTO news_messages (text, active, site_id, created_by) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [text, active, siteId, createdBy],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('insert into news_messages returned no row');
  return row;
}

export async function findNews(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<NewsRow | null> {
  const { rows } = await q.query<NewsRow>(
    `SELECT ${COLUMNS} FROM news_messages WHERE id = $1${options.lock === true ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function updateNews(q: Queryable, id: string, text: string, active: boolean): Promise<NewsRow> {
  const { rows } = await q.query<NewsRow>(
    `UPDATE news_messages SET text = $2, active = $3, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, text, active],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`news ${id} vanished inside its transaction`);
  return row;
}
