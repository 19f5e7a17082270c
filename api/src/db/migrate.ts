/**
 * Runs the numbered SQL files of api/migrations in order, all pending ones in one transaction,
 * and records each in schema_migrations with a checksum. An advisory lock keeps two starting
 * instances from migrating at once. A migration that was applied and then edited is an error:
 * write a new migration instead.
 *
 * Then, in the same transaction and under the same lock, it re-applies every file of
 * api/sql/functions (one `CREATE OR REPLACE FUNCTION` each, ADR 0013) on every start: a function
 * changes by editing its file. The files run in name order, but the order does not matter:
 * PL/pgSQL bodies are resolved when called, and the one SQL-language function
 * (`backlay_role_tier`) reads no table or function of ours.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;
const FUNCTION_FILE_PATTERN = /^[a-z_][a-z0-9_]*\.sql$/;
/** Arbitrary constant identifying the migration lock. */
const MIGRATION_LOCK_ID = 72_810_001;

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

/** The migration files of `dir`, sorted by version. */
export function readMigrations(dir: string): MigrationFile[] {
  const files = readdirSync(dir).filter((f) => FILE_PATTERN.test(f)).sort();
  const seen = new Set<string>();
  return files.map((name) => {
    const version = name.slice(0, 4);
    if (seen.has(version)) throw new Error(`Two migrations share version ${version}`);
    seen.add(version);
    const sql = readFileSync(path.join(dir, name), 'utf8');
    return { version, name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/** The function files of `dir` (api/sql/functions), sorted by name. */
export function readSqlFunctionFiles(dir: string): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => FUNCTION_FILE_PATTERN.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name), 'utf8') }));
}

/**
 * Applies the pending migrations of `dir`, then re-applies every function file of
 * `functionsDir`; returns the names of the migrations it applied.
 */
export async function runMigrations(db: Database, dir: string, functionsDir: string): Promise<string[]> {
  const migrations = readMigrations(dir);
  const functions = readSqlFunctionFiles(functionsDir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    text PRIMARY KEY,
      name       text NOT NULL,
      checksum   text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: string; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((row) => [row.version, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.version);
      if (previous !== undefined) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} changed after it was applied (was ${previous.name})`);
        }
        continue;
      }
      await tx.query(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum,
      ]);
      done.push(migration.name);
    }
    for (const fn of functions) await tx.query(fn.sql);
    return done;
  });
}

/**
 * The migrations of `dir` this database has not applied yet (their names), and those applied with
 * another checksum (edited after they ran): what a replica that does not migrate (MIGRATE_AT_START=false)
 * waits on. Reads only; a database never migrated has every migration pending.
 */
export async function schemaStatus(db: Database, dir: string): Promise<{ pending: string[]; changed: string[] }> {
  const migrations = readMigrations(dir);
  const { rows: exists } = await db.query<{ found: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS found`);
  const applied = new Map<string, string>();
  if (exists[0]?.found === true) {
    const { rows } = await db.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations');
    for (const row of rows) applied.set(row.version, row.checksum);
  }
  const pending: string[] = [];
  const changed: string[] = [];
  for (const migration of migrations) {
    const checksum = applied.get(migration.version);
    if (checksum === undefined) pending.push(migration.name);
    else if (checksum !== migration.checksum) changed.push(migration.name);
  }
  return { pending, changed };
}

