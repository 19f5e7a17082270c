/**
 * The backup and its restore runbook (issue 34, ADR 0065), run as an operator would, with the
 * scripts the nightly job runs (deploy/backup/backup.sh, restore.sh) and the server's own
 * pg_dump / pg_restore: a database with money in every state (chips, an approved deposit, a pending
 * one, bets open and settled) is dumped, the dump restored into a new, empty database, and what
 * came back is the same business state (the digest of every business table), passes every ledger
 * invariant (L1–L17, bets and positions), and has no migration pending. A restore over a database
 * that has tables is refused; dumps older than the retention are removed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Database } from '../src/db/database';
import { schemaStatus } from '../src/db/migrate';
import { adminQuery, withDatabase } from './admin-db';
import { backOrLay, createMatch, createPlayer, postData } from './bet-reports-helper';
import { assertLedgerInvariants, buildTestApp, businessStateDigest, TEST_TXN_PASSWORD, type TestContext } from './helper';
import { buildChain, newUtr, pngImage, sendDecision, sendDeposit } from './payments-helper';

const run = promisify(execFile);
const SCRIPTS = path.resolve(__dirname, '..', '..', 'deploy', 'backup');
const adminUrl = process.env.BACKLAY_TEST_ADMIN_URL ?? '';
const restoredName = `restored_${randomBytes(4).toString('hex')}`;
const backupDir = mkdtempSync(path.join(tmpdir(), 'backlay-backups-'));
let t: TestContext;
let restored: Database | null = null;

beforeAll(async () => {
  t = await buildTestApp();
  await adminQuery(adminUrl, `CREATE DATABASE ${restoredName}`);
}, 60_000);
afterAll(async () => {
  await restored?.close();
  await t.close();
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
  rmSync(backupDir, { recursive: true, force: true });
});

it('a nightly dump restored into a new database is the same business, and every ledger invariant holds on it', async () => {
  // Money in every state: chips down the chain, a deposit approved and one pending, bets settled and open.
  const chain = await buildChain(t, 1_000_000n);
  const approved = await sendDeposit(t, chain.tokens.player, { amount: '700', utrno: newUtr() }, { data: await pngImage() });
  expect((await sendDecision(t, chain.tokens.dl, approved.data._id, 'approved')).status).toBe(200);
  expect((await sendDeposit(t, chain.tokens.player, { amount: '300', utrno: newUtr() }, { data: await pngImage() })).status).toBe(200);
  const player = await createPlayer(t, chain.dl.id, 5_000n);
  const settledMatch = await createMatch(t, { markets: [{ runners: { a: [200, 202], b: [198, 200] } }] });
  const openMatch = await createMatch(t, { markets: [{ runners: { a: [150, 152], b: [250, 252] } }] });
  await backOrLay(t, player, settledMatch, settledMatch.marketIds[0] ?? '', { selectionId: 'a', side: 'BACK', odds: 2, stake: 400 });
  await backOrLay(t, player, openMatch, openMatch.marketIds[0] ?? '', { selectionId: 'b', side: 'LAY', odds: 2.52, stake: 200 });
  await postData(t, chain.tokens.admin, '/api/declare-result', { transactionPassword: TEST_TXN_PASSWORD, marketId: settledMatch.marketIds[0], result: { type: 'WINNER', selectionId: 'b' } });
  const before = await businessStateDigest(t.db);

  // An old dump past the retention, to be removed by tonight's run.
  const old = path.join(backupDir, 'backlay-20260101T000000Z.dump');
  writeFileSync(old, 'old');
  const twentyDaysAgo = Date.now() / 1000 - 20 * 86_400;
  utimesSync(old, twentyDaysAgo, twentyDaysAgo);

  const backup = await run('sh', [path.join(SCRIPTS, 'backup.sh')], { env: { PATH: process.env.PATH, DATABASE_URL: t.config.database.url ?? '', BACKUP_DIR: backupDir, BACKUP_KEEP_DAYS: '14' } });
  const dumps = readdirSync(backupDir);
  expect(dumps).toHaveLength(1);
  expect(dumps[0]).toMatch(/^backlay-\d{8}T\d{6}Z\.dump$/);
  expect(backup.stdout).toContain(`removed ${old}`);
  const dump = path.join(backupDir, dumps[0] ?? '');

  const target = withDatabase(adminUrl, restoredName);
  const restore = await run('sh', [path.join(SCRIPTS, 'restore.sh'), dump, target], { env: { PATH: process.env.PATH } });
  expect(restore.stdout).toContain('restored into the target database');

  restored = Database.connect({ url: target, poolMax: 2, statementTimeoutMs: 30_000, lockTimeoutMs: 5_000 });
  expect(await businessStateDigest(restored)).toBe(before);
  await assertLedgerInvariants(restored);
  expect(await schemaStatus(restored, t.config.paths.migrationsDir)).toEqual({ pending: [], changed: [] });

  // Restoring over a database that has tables is refused, and changes nothing.
  const again = run('sh', [path.join(SCRIPTS, 'restore.sh'), dump, target], { env: { PATH: process.env.PATH } });
  await expect(again).rejects.toMatchObject({ code: 3, stderr: expect.stringContaining('the target database is not empty') });
  expect(await businessStateDigest(restored)).toBe(before);
}, 120_000);
