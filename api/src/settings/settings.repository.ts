/** All SQL of settings. */
import type { SettingRow } from '@backlay/shared/contracts';
import type { Queryable } from '../db/database';

export async function listSettings(q: Queryable, options: { lock?: boolean } = {}): Promise<SettingRow[]> {
  const { rows } = await q.query<SettingRow>(
    `SELECT key, value FROM settings ORDER BY key${options.lock === true ? ' FOR UPDATE' : ''}`,
  );
  return rows;
}

export async function findSetting(q: Queryable, key: string): Promise<string | null> {
  const { rows } = await q.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}

export async function upsertSettings(q: Queryable, changes: readonly SettingRow[], updatedBy: string): Promise<void> {
  if (changes.length === 0) return;
  await q.query(
    `INSERT INTO settings (key, value, updated_by, updated_at)
     SELECT t.key, t.value, $3, now() FROM unnest($1::text[], $2::text[]) AS t(key, value)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [changes.map((c) => c.key), changes.map((c) => c.value), updatedBy],
  );
}
