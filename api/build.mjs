// Bundles the API into dist/main.js (CommonJS, Node 24). npm packages stay external and are
// loaded from node_modules at run time; @backlay/shared is TypeScript source in the workspace,
// so it is bundled. Migrations and function files are not bundled: main.js reads them from
// ../migrations and ../sql/functions (config.ts paths, resolved from dist/ as from src/).
// `--outfile dist/<name>.js` writes another file of dist/ (the crash test's build, api/test/crash,
// so it never rewrites a dist/main.js that a running stack has loaded). The version /api/health
// answers is the package's and the commit's (BUILD_COMMIT, else git).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, 'package.json'));

/** Resolves @backlay/shared imports to their TypeScript source so esbuild bundles them. */
const bundleWorkspaceShared = {
  name: 'bundle-workspace-shared',
  setup(b) {
    b.onResolve({ filter: /^@backlay\/shared(\/.*)?$/ }, (args) => ({
      path: require.resolve(args.path),
    }));
  },
};

const outArg = process.argv.indexOf('--outfile');
const outfile = path.resolve(here, outArg === -1 ? 'dist/main.js' : process.argv[outArg + 1]);
if (path.dirname(outfile) !== path.join(here, 'dist')) throw new Error('--outfile must name a file of dist/ (main.js finds ../migrations from there)');

/** The commit the build comes from: BUILD_COMMIT (an image build without .git), else git's, else "unknown". */
function commit() {
  if (process.env.BUILD_COMMIT) return process.env.BUILD_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}
const { version } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  packages: 'external',
  plugins: [bundleWorkspaceShared],
  sourcemap: true,
  logLevel: 'info',
  // GET /api/health's version (src/health/version.ts).
  define: { __BACKLAY_API_VERSION__: JSON.stringify(`${version}+${commit()}`) },
});
