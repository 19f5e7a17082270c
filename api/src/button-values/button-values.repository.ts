/** All SQL of the stake buttons and the bet preferences (ADR 0055). */
import type { OddsAcceptance } from '@backlay/shared/contracts';
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

/** A player's bet preferences (migration 0044); null: none saved (the defaults). */
export interface StoredBetPreferences {
  oddsAcceptance: OddsAcceptance;
  oneClick: boolean;
  oneClickStakeMinor: bigint;
}

export async function findBetPreferences(q: Queryable, userId: string): Promise<StoredBetPreferences | null> {
  const { rows } = await q.query<{ oddsAcceptance: OddsAcceptance; oneClick: boolean; stake: string }>(
    'SELECT odds_acceptance AS "oddsAcceptance", one_click AS "oneClick", one_click_stake_minor::text AS stake FROM bet_preferences WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row === undefined ? null : { oddsAcceptance: row.oddsAcceptance, oneClick: row.oneClick, oneClickStakeMinor: BigInt(row.stake) };
}

/** Saves the given fields (null: keep the stored value, or `defaults`' on a first save); answers the stored row. */
export async function saveBetPreferences(
  q: Queryable,
  userId: string,
  change: { oddsAcceptance: OddsAcceptance | null; oneClick: boolean | null; oneClickStakeMinor: bigint | null },
  defaults: StoredBetPreferences,
): Promise<StoredBetPreferences> {
  const { rows } = await q.query<{ oddsAcceptance: OddsAcceptance; oneClick: boolean; stake: string }>(
    `INSERT INTO bet_preferences AS p (user_id, odds_acceptance, one_click, one_click_stake_minor, updated_at)
     VALUES ($1, coalesce($2::text, $5::text), coalesce($3::boolean, $6::boolean), coalesce($4::bigint, $7::bigint), now())
     ON CONFLICT (user_id) DO UPDATE SET odds_acceptance = coalesce($2::text, p.odds_acceptance), one_click = coalesce($3::boolean, p.one_click),
                                         one_click_stake_minor = coalesce($4::bigint, p.one_click_stake_minor), updated_at = now()
     RETURNING odds_acceptance AS "oddsAcceptance", one_click AS "oneClick", one_click_stake_minor::text AS stake`,
    [userId, change.oddsAcceptance, change.oneClick, change.oneClickStakeMinor?.toString() ?? null, defaults.oddsAcceptance, defaults.oneClick, defaults.oneClickStakeMinor.toString()],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('save bet preferences returned no row');
  return { oddsAcceptance: row.oddsAcceptance, oneClick: row.oneClick, oneClickStakeMinor: BigInt(row.stake) };
}
