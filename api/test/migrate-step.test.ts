/**
 * Migrations as their own step (issue 34, ADR 0064), with the API's own build: on an empty
 * database a replica started with MIGRATE_AT_START=false does not listen while migrations are
 * pending (it says it waits); `node main.js migrate` applies them and exits 0; the waiting replica
 * then starts on the migrated schema and answers readiness. A replica whose wait runs out exits 1
 * naming the pending migrations, and `migrate` again is a no-op that exits 0.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminQuery, freePort, withDatabase } from './admin-db';
import { TEST_JWT_SECRET, TEST_ORIGIN } from './helper';

const API = path.resolve(__dirname, '..');
const MAIN = path.join(API, 'dist', 'migrate-step-main.js');
const adminUrl = process.env.BACKLAY_TEST_ADMIN_URL ?? '';
const database = `migrate_step_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'backlay-migrate-step-'));

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(API, 'build.mjs'), '--outfile', 'dist/migrate-step-main.js'], { cwd: API, stdio: ['ignore', 'ignore', 'inherit'] });
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
}, 60_000);
afterAll(async () => {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  for (const file of [MAIN, `${MAIN}.map`]) rmSync(file, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function env(port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    TZ: 'UTC',
    DATABASE_URL: withDatabase(adminUrl, database),
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    API_HOST: '127.0.0.1',
    API_PORT: String(port),
    ALLOWED_ORIGINS: TEST_ORIGIN,
    DEMO: 'false',
    LOG_LEVEL: 'info',
    FEED_ENABLED: 'false',
    CASINO_ENABLED: 'false',
    CASINO_INT_RECONCILE_ENABLED: 'false',
    ...extra,
  };
}

/** A process of the built API; its output lines, and how it ended. */
function run(args: string[], processEnv: NodeJS.ProcessEnv): { child: ChildProcess; lines: string[]; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [MAIN, ...args], { env: processEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter((l) => l !== ''));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, lines, exited: new Promise((ok) => child.once('exit', (code) => ok(code))) };
}

const healthOf = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.status,
    () => 0,
  );

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

it('a replica waits for the release\'s migrate step, which applies the migrations and exits; then the replica starts on them', async () => {
  // The wait runs out on an unmigrated database: exit 1, naming what is pending.
  const impatient = run([], env(await freePort(), { MIGRATE_AT_START: 'false', MIGRATIONS_WAIT_SEC: '0' }));
  expect(await impatient.exited).toBe(1);
  expect(impatient.lines.join('\n')).toMatch(/the schema is not migrated: \d+ migration\(s\) pending \(0001_/);

  // A patient replica waits, and does not listen meanwhile.
  const port = await freePort();
  const replica = run([], env(port, { MIGRATE_AT_START: 'false', MIGRATIONS_WAIT_SEC: '60' }));
  try {
    await until('the replica to say it waits', () => replica.lines.some((l) => l.includes('waiting for') && l.includes('migration(s)')));
    expect(await healthOf(port)).toBe(0);

    // The migrate step: applies every migration, exits 0.
    const migrate = run(['migrate'], env(await freePort(), {}));
    expect(await migrate.exited).toBe(0);
    const applied = migrate.lines.map((l) => JSON.parse(l) as { event?: string; applied?: string[] }).find((l) => l.event === 'migrations_applied');
    expect(applied?.applied?.[0]).toMatch(/^0001_/);
    expect(migrate.lines.join('\n')).not.toContain('listening');

    // The replica starts on the migrated schema within its next look (every 2 s).
    await until('the replica to answer readiness', async () => (await healthOf(port)) === 200);
    expect(replica.lines.join('\n')).toContain('schema is the image');
  } finally {
    replica.child.kill('SIGTERM');
    await replica.exited;
  }

  // Migrating again changes nothing.
  const again = run(['migrate'], env(await freePort(), {}));
  expect(await again.exited).toBe(0);
  expect(again.lines.join('\n')).toContain('schema is up to date');
}, 120_000);
