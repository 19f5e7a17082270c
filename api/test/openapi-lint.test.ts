/**
 * An API operators can integrate with (issue 34): the live app's OpenAPI document passes Redocly's
 * `recommended` lint (every operation with a summary, an operationId and its security declared;
 * valid 3.0 schemas), and a typed client built on the types openapi-typescript generates from it
 * compiles: a call to a route with the wrong body or a misspelt path does not. Both tools are ESM,
 * so api/scripts/openapi-check.mjs runs them in a child process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildTestApp, type TestContext } from './helper';

const run = promisify(execFile);
const API = path.resolve(__dirname, '..');
const TSC = path.join(API, 'node_modules', 'typescript', 'bin', 'tsc');
const dir = mkdtempSync(path.join(tmpdir(), 'backlay-openapi-'));
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(t.app.swagger()));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

it('passes Redocly\'s recommended lint with no error', async () => {
  const result = await run(process.execPath, [path.join(API, 'scripts', 'openapi-check.mjs'), path.join(dir, 'openapi.json'), path.join(dir, 'api.d.ts')], { cwd: API }).catch(
    (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
  );
  const lines = result.stdout.split('\n');
  const errors = lines.filter((l) => l.startsWith('error '));
  expect(errors.slice(0, 20)).toEqual([]);
  expect(lines).toContain('lint: 0 error(s), 0 warning(s)');
}, 120_000);

it('a typed client on the generated types compiles, and a wrong call does not', async () => {
  // The client an integrator writes: paths and bodies checked by the compiler.
  const client = `import type { paths } from './api';
type Post<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;
export async function post<P extends keyof paths>(base: string, path: P, body: Post<P>, token: string): Promise<unknown> {
  const res = await fetch(base + String(path), { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
}
export const login = (base: string) => post(base, '/api/login', { username: 'demo-user', password: 'x' }, '');
`;
  const tsconfig = { compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler', lib: ['es2022', 'dom'], skipLibCheck: false }, files: ['client.ts'] };
  writeFileSync(path.join(dir, 'client.ts'), client);
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  await run(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')]);

  // A misspelt path and a body without the password are compile errors.
  writeFileSync(path.join(dir, 'client.ts'), `${client}export const wrong = (base: string) => post(base, '/api/logon', { username: 'u' }, '');\n`);
  const failed = await run(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json')]).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
  expect(failed).toMatch(/client\.ts\(\d+,\d+\): error TS2345/);
}, 120_000);
