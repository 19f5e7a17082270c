/**
 * @jest-environment node
 *
 * The package boundaries of eslint.config.mjs bite: each forbidden import is an error with the
 * reason, and the allowed ways in pass (so a rule that forbade everything would fail here too).
 *
 * ESLint runs in a child Node process: it loads the flat config with a dynamic import(), which
 * Jest's module sandbox refuses without --experimental-vm-modules.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

interface Case {
  code: string;
  /** Where the snippet pretends to live; the file need not exist. */
  filePath: string;
}
interface Finding {
  ruleId: string | null;
  message: string;
}

/** Lints each snippet with the repository's config through ESLint's Node API (ESLint#lintText). */
function lint(cases: readonly Case[]): Promise<Finding[][]> {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const out = [];
    for (const { code, filePath } of JSON.parse(process.env.LINT_CASES)) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
    }
    process.stdout.write(JSON.stringify(out));`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: ROOT, env: { ...process.env, LINT_CASES: JSON.stringify(cases) }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Finding[][])),
    );
  });
}

const REMOTE_TO_REMOTE = /A remote never imports another remote/;
const REMOTE_TO_SHELL = /A remote never imports the shell/;
const SHELL_TO_REMOTE = /The shell loads a remote through Module Federation/;
const RELATIVE = /Do not reach into another package by a relative path/;
const DEEP_SHARED = /Import @backlay\/shared only through its package.json exports/;
const API_SHARED_ROOT = /The api imports only the isomorphic subpaths of @backlay\/shared/;
const STUDIO_SHARED_ROOT = /The studio imports only the isomorphic subpaths of @backlay\/shared/;
const EXPORT_ALL = /`export \*` hides what a package offers/;

/** [what, file, code, the one boundary error expected (null: none)] */
const CASES: [string, string, string, RegExp | null][] = [
  ['a remote importing another remote', 'remote-casino/src/pages/Lobby.tsx', "import { routes } from '@backlay/remote-sports';\nexport { routes };\n", REMOTE_TO_REMOTE],
  ['a remote importing another remote by a relative path', 'remote-payments/src/pages/Deposit.tsx', "export { ClientList } from '../../../remote-admin/src/pages/ClientList';\n", RELATIVE],
  ['a remote importing the shell', 'remote-admin/src/pages/Home.tsx', "import type { Layout } from '@backlay/shell/src/layout';\nexport type { Layout };\n", REMOTE_TO_SHELL],
  ["the shell importing a remote's source", 'shell/src/federation/screens.tsx', "import { routes } from '@backlay/remote-sports/src/expose/routes';\nexport { routes };\n", SHELL_TO_REMOTE],
  ["the shell importing a remote's source by a relative path", 'shell/src/federation/screens.tsx', "import { routes } from '../../../remote-sports/src/expose/routes';\nexport { routes };\n", RELATIVE],
  ['a deep @backlay/shared path', 'remote-sports/src/odds/Slip.tsx', "import { MESSAGES } from '@backlay/shared/src/contracts/messages';\nexport { MESSAGES };\n", DEEP_SHARED],
  ['a deep path under a declared subpath', 'shell/src/pages/Login.tsx', "import { MESSAGES } from '@backlay/shared/contracts/messages';\nexport { MESSAGES };\n", DEEP_SHARED],
  ['a relative path into shared', 'shell/src/pages/Login.tsx', "import { formatRupees } from '../../../shared/src/kernel/money';\nexport { formatRupees };\n", RELATIVE],
  ['a relative path into @backlay/build', 'e2e/support/stack.mjs', "import { serve } from '../../shared/build/serve.mjs';\nexport { serve };\n", RELATIVE],
  ['the api importing the @backlay/shared root', 'api/src/betting/betting.service.ts', "import { MESSAGES } from '@backlay/shared';\nexport { MESSAGES };\n", API_SHARED_ROOT],
  ['the api importing a browser subpath of @backlay/shared', 'api/src/auth/auth.service.ts', "import { readCredentials } from '@backlay/shared/storage';\nexport { readCredentials };\n", API_SHARED_ROOT],
  ['the studio importing the @backlay/shared root', 'studio/src/app.ts', "import { MESSAGES } from '@backlay/shared';\nexport { MESSAGES };\n", STUDIO_SHARED_ROOT],
  ["the studio reaching into the api's source", 'studio/src/studio.ts', "export { ledger } from '../../api/src/ledger/ledger.service';\n", RELATIVE],
  ['export * in an index', 'shared/src/contracts/index.ts', "export * from './api';\n", EXPORT_ALL],
  ['export * as a namespace', 'remote-sports/src/odds/index.ts', "export * as ladder from './MarketLadder';\n", EXPORT_ALL],
  // The allowed ways in.
  ['a remote importing the @backlay/shared root', 'remote-sports/src/odds/Slip.tsx', "import { MESSAGES } from '@backlay/shared';\nexport { MESSAGES };\n", null],
  ['a remote importing a declared subpath', 'remote-sports/src/odds/Slip.tsx', "import { buildMarket } from '@backlay/shared/testing';\nexport { buildMarket };\n", null],
  ['the shell importing a declared subpath', 'shell/src/pages/SignInCard.tsx', "import { Button } from '@backlay/shared/ui/kit';\nexport { Button };\n", null],
  ['a relative import inside a package', 'shared/src/ui/kit.tsx', "import { MESSAGES } from '../contracts/messages';\nexport { MESSAGES };\n", null],
  ['the api importing the isomorphic subpaths', 'api/src/auth/password-rules.ts',
    "import { MESSAGES } from '@backlay/shared/contracts';\nimport { checkPasswordPolicy } from '@backlay/shared/domain';\nimport { COMMON_PASSWORD_COUNT } from '@backlay/shared/common-passwords';\nexport { MESSAGES, checkPasswordPolicy, COMMON_PASSWORD_COUNT };\n", null],
  ['the studio importing cw1 and casino', 'studio/src/app.ts', "import { verifyCw1 } from '@backlay/shared/cw1';\nimport { pf1Stream } from '@backlay/shared/casino';\nexport { verifyCw1, pf1Stream };\n", null],
  ['e2e importing @backlay/build through its exports', 'e2e/support/stack.mjs', "import { serve } from '@backlay/build/serve';\nexport { serve };\n", null],
  ['named re-exports', 'shared/src/domain/index.ts', "export { commissionMinor } from './commission';\n", null],
];

describe('the lint boundaries (eslint.config.mjs)', () => {
  let findings: Finding[][];

  beforeAll(async () => {
    findings = await lint(CASES.map(([, filePath, code]) => ({ filePath, code })));
  }, 120_000);

  it.each(CASES.map((c, i) => [c[0], i] as const))('%s', (_what, i) => {
    const [, , , expected] = CASES[i];
    const boundaryErrors = findings[i].filter((f) => f.ruleId === 'no-restricted-imports' || f.ruleId === 'no-restricted-syntax');
    if (expected === null) {
      expect(findings[i]).toEqual([]);
    } else {
      expect(boundaryErrors).toHaveLength(1);
      expect(boundaryErrors[0].message).toMatch(expected);
    }
  });
});
