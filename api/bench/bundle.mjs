// Bundles a benchmark's TypeScript module (with @backlay/shared inlined, other packages external)
// next to dist/main.js and loads it (or answers its path, for a child process to load).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const require = createRequire(path.join(apiDir, 'package.json'));

/** Bundles `entry` to dist/`outName` and answers the file's path (a child process loads it). */
export async function bundleBenchModule(entry, outName) {
  const outfile = path.join(apiDir, 'dist', outName);
  await build({
    entryPoints: [path.join(here, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    packages: 'external',
    logLevel: 'warning',
    plugins: [
      {
        name: 'bundle-workspace-shared',
        setup(b) {
          b.onResolve({ filter: /^@backlay\/shared(\/.*)?$/ }, (args) => ({ path: require.resolve(args.path) }));
        },
      },
    ],
  });
  return outfile;
}

export async function loadBenchModule(entry, outName) {
  return require(await bundleBenchModule(entry, outName));
}
