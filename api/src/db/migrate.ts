/**
 * Runs the numbered SQL files of api/migrations in order, all pending ones in one transaction,
 * and records each in schema_migrations with a checksum. An advisory lock keeps two starting
 * instances from migrating at once. A migration that was applied and then edited is an error:
 * write a new migration instead.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './database';

const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;
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

/** Applies the pending migrations; returns the names it applied. */
export async function runMigrations(db: Database, dir: string): Promise<string[]> {
  const migrations = readMigrations(dir);
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
    return done;
  });
}
