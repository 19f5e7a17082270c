/**
 * SQL of the provider and game registry (migration 0028): providers, their active secrets and
 * their games, and each provider's clearing account.
 */
import type { Queryable } from '../db/database';

/** A provider as the wallet and the launch need it. */
export interface WalletProvider {
  id: string;
  name: string;
  partnerId: string;
  launchUrl: string;
  currencies: string[];
  seamless: boolean;
  enabled: boolean;
}

export interface SecretRow {
  id: string;
  secret: string;
  createdAt: string;
}

export interface GameRow {
  providerId: string;
  code: string;
  name: string;
  image: string;
  category: string;
  subCategory: string;
  enabled: boolean;
  /** The game's maximum payout multiplier, two decimals ("1000.00"). */
  maxMultiplier: string;
}

/** The ledger code of a provider's clearing account. */
export function clearingAccountCode(providerId: string): string {
  return `system:cw1_clearing:${providerId}`;
}

const PROVIDER_COLUMNS = `id, name, partner_id AS "partnerId", launch_url AS "launchUrl", currencies, seamless, enabled`;

export async function listProviders(q: Queryable): Promise<WalletProvider[]> {
  const { rows } = await q.query<WalletProvider>(`SELECT ${PROVIDER_COLUMNS} FROM casino_int_providers ORDER BY sort_order, id`, []);
  return rows;
}

export async function findProvider(q: Queryable, id: string): Promise<WalletProvider | null> {
  const { rows } = await q.query<WalletProvider>(`SELECT ${PROVIDER_COLUMNS} FROM casino_int_providers WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findProviderByPartnerId(q: Queryable, partnerId: string): Promise<WalletProvider | null> {
  const { rows } = await q.query<WalletProvider>(`SELECT ${PROVIDER_COLUMNS} FROM casino_int_providers WHERE partner_id = $1`, [partnerId]);
  return rows[0] ?? null;
}

/** Active secrets, newest first (a rotation keeps the previous one until it is retired). */
export async function activeSecrets(q: Queryable, providerId: string): Promise<SecretRow[]> {
  const { rows } = await q.query<SecretRow>(
    `SELECT id, secret, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
     FROM casino_int_secrets WHERE provider_id = $1 AND retired_at IS NULL ORDER BY created_at DESC, id`,
    [providerId],
  );
  return rows;
}

export async function insertProvider(q: Queryable, p: Omit<WalletProvider, 'enabled'> & { sortOrder?: number }): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO casino_int_providers (id, name, partner_id, launch_url, currencies, seamless, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [p.id, p.name, p.partnerId, p.launchUrl, p.currencies, p.seamless, p.sortOrder ?? 100],
  );
  if (rowCount === 1) {
    await q.query("INSERT INTO ledger_accounts (kind, code, allow_negative) VALUES ('system', $1, true) ON CONFLICT (code) DO NOTHING", [
      clearingAccountCode(p.id),
    ]);
  }
  return rowCount === 1;
}

export async function insertSecret(q: Queryable, providerId: string, secret: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>('INSERT INTO casino_int_secrets (provider_id, secret) VALUES ($1, $2) RETURNING id', [providerId, secret]);
  return rows[0]?.id ?? '';
}

export async function retireSecret(q: Queryable, providerId: string, secretId: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'UPDATE casino_int_secrets SET retired_at = now() WHERE provider_id = $1 AND id = $2 AND retired_at IS NULL',
    [providerId, secretId],
  );
  return rowCount === 1;
}

/** Takes the provider row's lock (FOR UPDATE): serialises the changes of its secrets. */
export async function lockProvider(q: Queryable, id: string): Promise<void> {
  await q.query('SELECT 1 FROM casino_int_providers WHERE id = $1 FOR UPDATE', [id]);
}

export async function setProviderLaunchUrl(q: Queryable, id: string, launchUrl: string): Promise<void> {
  await q.query('UPDATE casino_int_providers SET launch_url = $2 WHERE id = $1', [id, launchUrl]);
}

export async function setProviderEnabled(q: Queryable, id: string, enabled: boolean): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE casino_int_providers SET enabled = $2 WHERE id = $1', [id, enabled]);
  return rowCount === 1;
}

const GAME_COLUMNS = `provider_id AS "providerId", code, name, image, category, sub_category AS "subCategory", enabled,
  max_multiplier::text AS "maxMultiplier"`;

export async function listGames(q: Queryable, providerId?: string): Promise<GameRow[]> {
  const { rows } = await q.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM casino_int_games WHERE ($1::text IS NULL OR provider_id = $1) ORDER BY provider_id, sort_order, code`,
    [providerId ?? null],
  );
  return rows;
}

export async function findGame(q: Queryable, providerId: string, code: string): Promise<GameRow | null> {
  const { rows } = await q.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM casino_int_games WHERE provider_id = $1 AND code = $2`, [providerId, code]);
  return rows[0] ?? null;
}

export async function insertGame(q: Queryable, g: Omit<GameRow, 'enabled'> & { sortOrder?: number }): Promise<boolean> {
  const { rowCount } = await q.query(
    `INSERT INTO casino_int_games (provider_id, code, name, image, category, sub_category, sort_order, max_multiplier)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [g.providerId, g.code, g.name, g.image, g.category, g.subCategory, g.sortOrder ?? 100, g.maxMultiplier],
  );
  return rowCount === 1;
}

/** Sets a game's maximum payout multiplier (the studio's seed, at every start). */
export async function setGameMaxMultiplier(q: Queryable, providerId: string, code: string, maxMultiplier: string): Promise<void> {
  await q.query('UPDATE casino_int_games SET max_multiplier = $3 WHERE provider_id = $1 AND code = $2', [providerId, code, maxMultiplier]);
}

export async function setGameEnabled(q: Queryable, providerId: string, code: string, enabled: boolean): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE casino_int_games SET enabled = $3 WHERE provider_id = $1 AND code = $2', [providerId, code, enabled]);
  return rowCount === 1;
}

/** Clearing balances by provider id, paise. */
export async function clearingBalances(q: Queryable): Promise<Map<string, bigint>> {
  const providers = await listProviders(q);
  const { rows } = await q.query<{ code: string; balance: string }>(
    "SELECT code, balance_minor::text AS balance FROM ledger_accounts WHERE code LIKE 'system:cw1_clearing:%'",
    [],
  );
  const byCode = new Map(rows.map((row) => [row.code, BigInt(row.balance)]));
  return new Map(providers.map((p) => [p.id, byCode.get(clearingAccountCode(p.id)) ?? 0n]));
}
