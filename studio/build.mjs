// Bundles the studio into dist/main.js (CommonJS, Node 24). npm packages stay external and are
// loaded from node_modules at run time; @backlay/shared is TypeScript source in the workspace,
// so it is bundled. The game page's static files are read from ../public at run time.
import { build } from 'esbuild';
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

/** What both bundles share: one file with the workspace's @backlay/shared in it. */
const common = { bundle: true, plugins: [bundleWorkspaceShared], logLevel: 'info' };

await build({
  ...common,
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  platform: 'node',
  target: 'node24',
  format: 'cjs',
  packages: 'external',
  sourcemap: true,
});

// The games' outcome code for the verify page (issue 32): the same module the server runs, bundled
// for the browser, so a player recomputes a round on their own machine (PF-1 is Web Crypto).
await build({
  ...common,
  entryPoints: [path.join(here, 'src/games/outcome.ts')],
  outfile: path.join(here, 'dist/outcome.js'),
  platform: 'browser',
  target: 'es2020',
  format: 'iife',
  globalName: 'BacklayOutcome',
  minify: true,
  legalComments: 'none',
});
