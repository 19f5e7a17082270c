/**
 * Every app's webpack configuration, as built: the 120 s chunk time-out, one route module per
 * remote, no remote URL in the shell, and the shared singletons.
 */
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const APPS = ['shell', 'remote-sports', 'remote-casino', 'remote-payments', 'remote-admin'];

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (app: string) => require(join(ROOT, app, 'webpack.config.cjs'))({}, { mode: 'production' });

function federation(config: { plugins: { constructor: { name: string }; _options?: Record<string, unknown> }[] }) {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return plugin?._options as { name: string; exposes: Record<string, string>; remotes: Record<string, string>; shared: Record<string, { singleton: boolean }> };
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
  } else {
    it('a remote exposes exactly one route module', () => {
      expect(Object.keys(mf.exposes)).toEqual(['./routes']);
    });
  }
});
