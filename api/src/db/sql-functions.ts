/**
 * The function files of api/sql/functions (ADR 0013) compared with the functions a database
 * holds. Each file is one `CREATE OR REPLACE FUNCTION public.<name>(<args>)` in the layout of
 * `pg_get_functiondef` (one attribute a line, the body between `$function$` delimiters), named
 * `<name>.sql`. The comparison reads `pg_proc` (prosrc, language, volatility, strictness, result
 * and identity arguments), never `pg_get_functiondef` text, so it holds on PostgreSQL 15 and 18.
 */
import path from 'node:path';
import type { Queryable } from './database';
import { readSqlFunctionFiles } from './migrate';

/** What one file defines. */
export interface SqlFunctionDefinition {
  file: string;
  name: string;
  /** The argument list as written, e.g. `p_market text, p_actor uuid` (no defaults, no OUT). */
  identityArguments: string;
  result: string;
  language: string;
  /** `i` immutable, `s` stable, `v` volatile (pg_proc.provolatile). */
  volatility: 'i' | 's' | 'v';
  strict: boolean;
  /** The text between the `$function$` delimiters: pg_proc.prosrc once applied. */
  source: string;
}

/** A live function of schema public, as pg_proc holds it. */
export type LiveSqlFunction = Omit<SqlFunctionDefinition, 'file'>;

const DELIMITER = '$function$';
const HEADER = /^CREATE OR REPLACE FUNCTION public\.([a-z_][a-z0-9_]*)\(([^)]*)\)\n/;

/** Parses one function file; throws when it is not one function in the expected layout. */
export function parseSqlFunctionFile(file: string, sql: string): SqlFunctionDefinition {
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}`);
  };
  const open = sql.indexOf(`AS ${DELIMITER}`);
  const close = sql.lastIndexOf(DELIMITER);
  if (open < 0 || close <= open) fail(`expected the body between ${DELIMITER} delimiters`);
  if (sql.slice(close + DELIMITER.length).trim() !== ';') fail(`expected only ";" after the closing ${DELIMITER}`);
  const source = sql.slice(open + 3 + DELIMITER.length, close);
  if (source.includes(DELIMITER)) fail(`expected one body (found ${DELIMITER} inside it)`);
  const header = sql.slice(0, open);
  const match = HEADER.exec(header) ?? fail('expected "CREATE OR REPLACE FUNCTION public.<name>(<args>)" on the first line');
  const name = match[1] as string;
  if (file !== `${name}.sql`) fail(`defines ${name}: the file must be named ${name}.sql`);
  const attributes = header.slice(match[0].length).split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const result = attributes.find((line) => line.startsWith('RETURNS '))?.slice('RETURNS '.length) ?? fail('no RETURNS line');
  const language = attributes.find((line) => line.startsWith('LANGUAGE '))?.slice('LANGUAGE '.length) ?? fail('no LANGUAGE line');
  const words = new Set(attributes.filter((line) => !line.startsWith('RETURNS ') && !line.startsWith('LANGUAGE ')).flatMap((line) => line.split(/\s+/)));
  const volatility = words.has('IMMUTABLE') ? 'i' : words.has('STABLE') ? 's' : 'v';
  return { file, name, identityArguments: match[2] as string, result, language, volatility, strict: words.has('STRICT'), source };
}

/** Every function file of `dir`, parsed. */
export function readSqlFunctionDefinitions(dir: string): SqlFunctionDefinition[] {
  return readSqlFunctionFiles(dir).map((f) => parseSqlFunctionFile(path.basename(f.name), f.sql));
}

/** The functions of schema public, by name. */
export async function readLiveSqlFunctions(q: Queryable): Promise<LiveSqlFunction[]> {
  const { rows } = await q.query<{
    name: string; identity_arguments: string; result: string; language: string; volatility: 'i' | 's' | 'v'; strict: boolean; source: string;
  }>(
    `SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS identity_arguments,
            pg_get_function_result(p.oid) AS result, l.lanname AS language, p.provolatile AS volatility,
            p.proisstrict AS strict, p.prosrc AS source
       FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace
       JOIN pg_language l ON l.oid = p.prolang
      WHERE n.nspname = 'public'
      ORDER BY p.proname, identity_arguments`,
  );
  return rows.map((r) => ({
    name: r.name, identityArguments: r.identity_arguments, result: r.result, language: r.language,
    volatility: r.volatility, strict: r.strict, source: r.source,
  }));
}

/**
 * How the live functions differ from the files, one line per difference; empty when every live
 * function of schema public has its file and each file's definition is the live one.
 */
export function compareSqlFunctions(files: readonly SqlFunctionDefinition[], live: readonly LiveSqlFunction[]): string[] {
  const differences: string[] = [];
  const byName = new Map<string, LiveSqlFunction[]>();
  for (const fn of live) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const filed = new Set(files.map((f) => f.name));
  for (const fn of live) {
    if (!filed.has(fn.name)) differences.push(`${fn.name}(${fn.identityArguments}): live, but has no file in sql/functions`);
  }
  for (const file of files) {
    const versions = byName.get(file.name) ?? [];
    if (versions.length === 0) {
      differences.push(`${file.file}: ${file.name} is not in the database`);
      continue;
    }
    if (versions.length > 1) {
      differences.push(`${file.file}: ${versions.length} live overloads of ${file.name} (one function per file)`);
      continue;
    }
    const fn = versions[0] as LiveSqlFunction;
    const fields = ['identityArguments', 'result', 'language', 'volatility', 'strict', 'source'] as const;
    for (const field of fields) {
      if (fn[field] !== file[field]) {
        differences.push(field === 'source'
          ? `${file.file}: the live body of ${file.name} differs from the file`
          : `${file.file}: ${field} is ${JSON.stringify(fn[field])} live, ${JSON.stringify(file[field])} in the file`);
      }
    }
  }
  return differences;
}
