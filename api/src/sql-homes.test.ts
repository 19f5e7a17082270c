/**
 * @jest-environment node
 *
 * Every query a domain runs lives in that domain's `*.repository.ts` (api/README.md, "Rules of
 * the house"; issue 31): a service keeps its logic and its transactions, and the SQL has one
 * place to be read, reviewed and changed. This test reads api/src and names every call of
 * `.query(` / `.query<` / `.queryPrepared(` in a file that is neither a repository nor a test.
 *
 * The one exception is the infrastructure that runs queries for everyone else: `db/` (the pool
 * and its transactions, the migration runner, the function-file check, advisory locks, the
 * leader loop and the health check's ping). It owns no table of a domain. Nothing else is
 * exempt: a seeder (demo/) or a probe (health/) that needs SQL calls a repository or db/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders of api/src whose files may call `.query(` outside a repository (see above). */
const INFRASTRUCTURE = ['db'];

const QUERY_CALL = /\.query(?:Prepared)?\s*(?:<|\()/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

function mustHoldNoQuery(file: string): boolean {
  const rel = relative(__dirname, file).split(sep).join('/');
  if (rel.endsWith('.test.ts') || rel.endsWith('.repository.ts')) return false;
  return !INFRASTRUCTURE.some((folder) => rel.startsWith(`${folder}/`));
}

/** `file:line  text` for each query call of `file`; comment lines are not calls. */
function queryCalls(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(QUERY_CALL)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const lineEnd = text.indexOf('\n', match.index);
    const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim();
    if (line.startsWith('//') || line.startsWith('*') || line.startsWith('/*')) continue;
    const lineNo = text.slice(0, match.index).split('\n').length;
    found.push(`${relative(__dirname, file).split(sep).join('/')}:${lineNo}  ${line}`);
  }
  return found;
}

it('api/src: SQL is run only from *.repository.ts and db/', () => {
  const files = sourceFiles(__dirname);
  // The scan reads the real tree: it must see repositories full of queries, or it proves nothing.
  const repositories = files.filter((f) => f.endsWith('.repository.ts'));
  expect(repositories.length).toBeGreaterThan(10);
  expect(repositories.flatMap(queryCalls).length).toBeGreaterThan(100);

  const outside = files.filter(mustHoldNoQuery).flatMap(queryCalls);
  expect(outside).toEqual([]);
});
