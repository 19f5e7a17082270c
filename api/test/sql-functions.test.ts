/**
 * One file per database function (api/sql/functions, ADR 0013). The database here is migrated by
 * the product's migrator (all of api/migrations, then every function file): every function of
 * schema public has its file, every file defines one live function, and the live definition
 * (pg_proc: prosrc, language, volatility, strictness, result, identity arguments) is the file's.
 * The comparison reads pg_proc, not pg_get_functiondef text, so it holds on PostgreSQL 15 and 18.
 */
import { readdirSync } from 'node:fs';
import { runMigrations } from '../src/db/migrate';
import {
  compareSqlFunctions,
  parseSqlFunctionFile,
  readLiveSqlFunctions,
  readSqlFunctionDefinitions,
  type SqlFunctionDefinition,
} from '../src/db/sql-functions';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
let files: SqlFunctionDefinition[];
beforeAll(async () => {
  t = await buildTestApp();
  files = readSqlFunctionDefinitions(t.config.paths.sqlFunctionsDir);
});
afterAll(() => t.close());

describe('api/sql/functions', () => {
  it('holds only function files, one function each, named after it', () => {
    const names = readdirSync(t.config.paths.sqlFunctionsDir).sort();
    expect(names).toEqual(files.map((f) => f.file));
    expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
    // The hot rules are among them (placement, settlement, row rules, the delete guards).
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining([
      'place_runner_bet', 'place_runner_bets', 'place_fancy_bet_checked', 'place_fancy_bets_checked',
      'settle_market', 'rollback_settlement', 'bets_row_check', 'positions_row_check', 'ledger_accounts_row_check',
      'backlay_role_tier', 'users_never_deleted', 'events_keep_bets',
      'reprice_runner_positions', 'reduced_odds', 'runner_exposure', 'ledger_accounts_shrink_shortfall',
    ]));
  });

  it('every live function of schema public has its file and every file is a live function', async () => {
    const live = await readLiveSqlFunctions(t.db);
    expect(live.map((f) => `${f.name}(${f.identityArguments})`).sort()).toEqual(files.map((f) => `${f.name}(${f.identityArguments})`).sort());
    // Migration 0020 dropped the two unused placement functions.
    expect(live.map((f) => f.name)).not.toContain('place_bet');
    expect(live.map((f) => f.name)).not.toContain('place_fancy_bet');
  });

  it('the live definition of each function is its file: body (prosrc), language, volatility, result', async () => {
    expect(compareSqlFunctions(files, await readLiveSqlFunctions(t.db))).toEqual([]);
  });

  it('reports a live function that differs from its file, and the migrator puts the file back', async () => {
    await t.db.query(`CREATE OR REPLACE FUNCTION public.backlay_role_tier(role text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$ SELECT array_position(ARRAY['admin','sadmin','smdl','mdl','dl','user','guest']::text[], role) $function$`);
    await t.db.query(`CREATE OR REPLACE FUNCTION public.positions_row_check(exposure_minor bigint, market_type text, status text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$ BEGIN RETURN true; END $function$`);
    await t.db.query('CREATE FUNCTION public.not_in_a_file() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$');
    try {
      expect(compareSqlFunctions(files, await readLiveSqlFunctions(t.db))).toEqual([
        'not_in_a_file(): live, but has no file in sql/functions',
        'backlay_role_tier.sql: the live body of backlay_role_tier differs from the file',
        'positions_row_check.sql: volatility is "s" live, "i" in the file',
        'positions_row_check.sql: the live body of positions_row_check differs from the file',
      ]);
    } finally {
      await t.db.query('DROP FUNCTION public.not_in_a_file()');
    }
    // Every start re-applies the files (idempotent: nothing pending, the functions replaced).
    expect(await runMigrations(t.db, t.config.paths.migrationsDir, t.config.paths.sqlFunctionsDir)).toEqual([]);
    expect(compareSqlFunctions(files, await readLiveSqlFunctions(t.db))).toEqual([]);
  });

  it('reports a file whose function is not live, and a changed signature', async () => {
    const tier = files.find((f) => f.name === 'backlay_role_tier') as SqlFunctionDefinition;
    const live = await readLiveSqlFunctions(t.db);
    expect(compareSqlFunctions([...files, { ...tier, file: 'gone.sql', name: 'gone' }], live)).toEqual(['gone.sql: gone is not in the database']);
    expect(compareSqlFunctions(files.map((f) => (f === tier ? { ...tier, identityArguments: 'role text, strict boolean', result: 'bigint' } : f)), live)).toEqual([
      'backlay_role_tier.sql: identityArguments is "role text" live, "role text, strict boolean" in the file',
      'backlay_role_tier.sql: result is "integer" live, "bigint" in the file',
    ]);
  });

  it('parses only one function in the pg_get_functiondef layout, in a file named after it', () => {
    const sql = `CREATE OR REPLACE FUNCTION public.f(a integer)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE STRICT
AS $function$
BEGIN RETURN a; END $function$;
`;
    expect(parseSqlFunctionFile('f.sql', sql)).toEqual({
      file: 'f.sql', name: 'f', identityArguments: 'a integer', result: 'integer', language: 'plpgsql', volatility: 's', strict: true,
      source: '\nBEGIN RETURN a; END ',
    });
    expect(() => parseSqlFunctionFile('g.sql', sql)).toThrow('g.sql: defines f: the file must be named f.sql');
    expect(() => parseSqlFunctionFile('f.sql', `${sql}CREATE OR REPLACE FUNCTION public.h() RETURNS int LANGUAGE sql AS $function$ SELECT 1 $function$;\n`)).toThrow(/f\.sql: /);
    expect(() => parseSqlFunctionFile('f.sql', sql.replace('$function$;', '$function$; SELECT 1;'))).toThrow('expected only ";" after the closing $function$');
  });
});
