/**
 * Every app's webpack configuration, as built: the 120 s chunk time-out, one route module per
 * remote, no remote URL in the shell, the shared singletons, and one federation runtime on the page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import runtimeCorePlugin, { RUNTIME_CORE, RUNTIME_CORE_GLOBAL } from './runtime-core-plugin';

const ROOT = join(__dirname, '..', '..', '..');
const APPS = ['shell', 'remote-sports', 'remote-casino', 'remote-payments', 'remote-admin'];

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (app: string) => require(join(ROOT, app, 'webpack.config.cjs'))({}, { mode: 'production' });

function federation(config: { plugins: { constructor: { name: string }; _options?: Record<string, unknown> }[] }) {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return plugin?._options as {
    name: string;
    exposes: Record<string, string>;
    remotes: Record<string, string>;
    shared: Record<string, { singleton: boolean }>;
    runtimePlugins: string[];
    experiments: { externalRuntime?: boolean; provideExternalRuntime?: boolean };
  };
}

describe.each(APPS)('%s webpack config', (app) => {
  const config = load(app);
  const mf = federation(config);

  it('gives lazy chunks 120 s', () => {
    expect(config.output.chunkLoadTimeout).toBe(120_000);
  });

  it('shares the singletons, and not rxjs or axios (one copy inside @backlay/shared, tree-shaken: ADR 0025)', () => {
    for (const dep of ['react', 'react-dom', 'react-router', 'react-router-dom', 'socket.io-client', 'moment', '@backlay/shared']) {
      expect(mf.shared[dep]).toMatchObject({ singleton: true });
    }
    expect(mf.shared.rxjs).toBeUndefined();
    expect(mf.shared.axios).toBeUndefined();
  });

  it('bakes in no remote URL', () => {
    expect(mf.remotes).toEqual({});
  });

  if (app === 'shell') {
    it('the host exposes nothing and loads remotes with a 120 s runtime plugin', () => {
      expect(mf.exposes).toEqual({});
    });

    it('the host has its page, and lends its federation runtime to the remotes by its own plugin (ADR 0084)', () => {
      expect(Object.keys(config.entry)).toEqual(['main']);
      expect(mf.runtimePlugins.some((p) => p.endsWith('runtime-core-plugin.ts'))).toBe(true);
      // Not the package's provideExternalRuntime: it puts runtime-core's whole namespace on the page.
      expect(mf.experiments.provideExternalRuntime).toBeUndefined();
      expect(mf.experiments.externalRuntime).toBeUndefined();
    });
  } else {
    it('a remote exposes exactly one route module', () => {
      expect(Object.keys(mf.exposes)).toEqual(['./routes']);
    });

    it("a remote's one entry is remoteEntry.js, on the host's federation runtime (ADR 0084)", () => {
      expect(config.entry).toEqual({});
      expect(config.plugins.some((p: { constructor: { name: string } }) => p.constructor.name === 'HtmlWebpackPlugin')).toBe(false);
      expect(mf.experiments.externalRuntime).toBe(true);
    });
  }
});

describe("the host's runtime-core, lent to the remotes", () => {
  /**
   * Every name the installed @module-federation/runtime (what a remote's remoteEntry.js runs)
   * imports from @module-federation/runtime-core, read from its files: a remote built against it
   * finds each one on the object the host lends (an upgrade that imports one more fails here,
   * not in a player's browser).
   */
  function namesTheRuntimeImports(): string[] {
    const fromShell = createRequire(join(ROOT, 'shell', 'package.json'));
    const fromEnhanced = createRequire(fromShell.resolve('@module-federation/enhanced/webpack'));
    const fromTools = createRequire(fromEnhanced.resolve('@module-federation/runtime-tools'));
    const runtimeDir = dirname(fromTools.resolve('@module-federation/runtime'));
    const names = new Set<string>();
    for (const file of readdirSync(runtimeDir).filter((f) => f.endsWith('.js'))) {
      const source = readFileSync(join(runtimeDir, file), 'utf8');
      for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@module-federation\/runtime-core["']/g)) {
        for (const name of list.split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]);
      }
    }
    return [...names].sort();
  }

  it('holds every name the remotes\' runtime imports from it, each a real export', () => {
    const names = namesTheRuntimeImports();
    expect(names).toEqual(expect.arrayContaining(['ModuleFederation', 'CurrentGlobal']));
    expect(Object.keys(RUNTIME_CORE).sort()).toEqual(names);
    for (const name of names) expect(RUNTIME_CORE[name as keyof typeof RUNTIME_CORE]).toBeDefined();
  });

  it('is on the page once the host\'s runtime starts', () => {
    const plugin = runtimeCorePlugin();
    const args = { options: { name: 'shell' } };
    expect((plugin.beforeInit as unknown as (a: typeof args) => typeof args)(args)).toBe(args);
    expect((globalThis as Record<string, unknown>)[RUNTIME_CORE_GLOBAL]).toBe(RUNTIME_CORE);
  });
});

describe("the shell's index.html", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { stripStyleComments } = require(join(ROOT, 'shell', 'webpack.config.cjs')) as { stripStyleComments: (html: string) => string };
  const source = readFileSync(join(ROOT, 'shell', 'public', 'index.html'), 'utf8');

  it('is built with its inline stylesheet free of comments, every rule kept (issue 37: the first page downloads it)', () => {
    const built = stripStyleComments(source);
    const css = (html: string) => /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css(source)).toContain('/*');
    expect(css(built)).not.toMatch(/\/\*|\*\//);
    // The same rules: every declaration block of the source is in the build, in order.
    const blocks = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').match(/[^{}]+\{[^{}]*\}/g)?.map((b) => b.replace(/\s+/g, ' ').trim()) ?? [];
    expect(blocks(css(built))).toEqual(blocks(css(source)));
    expect(blocks(css(built)).length).toBeGreaterThan(100);
    // Outside the stylesheet nothing changes.
    expect(built.replace(/<style[^>]*>[\s\S]*?<\/style>/, '')).toBe(source.replace(/<style[^>]*>[\s\S]*?<\/style>/, ''));
  });
});
