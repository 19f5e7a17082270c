/**
 * The version /api/health answers comes from the build (api/build.mjs): the package's version and
 * the commit, BUILD_COMMIT here (an image build has no .git). The route itself: api/test/health.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const API = path.resolve(__dirname, '..', '..');

it('the built main.js names the package version and the commit it was built from', () => {
  const outfile = path.join(API, 'dist', 'version-check.js');
  try {
    execFileSync(process.execPath, [path.join(API, 'build.mjs'), '--outfile', 'dist/version-check.js'], {
      cwd: API,
      env: { ...process.env, BUILD_COMMIT: 'abc1234' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const { version } = JSON.parse(readFileSync(path.join(API, 'package.json'), 'utf8')) as { version: string };
    const built = readFileSync(outfile, 'utf8');
    expect(built).toContain(JSON.stringify(`${version}+abc1234`));
    expect(built).not.toContain('__BACKLAY_API_VERSION__');
  } finally {
    rmSync(outfile, { force: true });
    rmSync(`${outfile}.map`, { force: true });
  }
}, 60_000);
