/** All SQL of the stake buttons. */
import type { Queryable } from '../db/database';
import type { StoredButton } from './button-values-rules';

export async function findButtons(q: Queryable, userId: string): Promise<StoredButton[] | null> {
  const { rows } = await q.query<{ labels: string[]; values: string[] }>(
    'SELECT labels, values_minor::text[] AS values FROM button_values WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return row.labels.map((label, i) => ({ label, valueMinor: BigInt(row.values[i] ?? '0') }));
}

export async function saveButtons(q: Queryable, userId: string, buttons: readonly StoredButton[]): Promise<void> {
  await q.query(
    `INSERT INTO button_values (user_id, labels, values_minor, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET labels = EXCLUDED.labels, values_minor = EXCLUDED.values_minor, updated_at = now()`,
    [userId, buttons.map((b) => b.label), buttons.map((b) => b.valueMinor.toString())],
  );
}
