/**
 * @jest-environment node
 */
import { remotesOfArea } from './area-remotes';
import { EARLY_MANIFEST_TTL_MS, askManifestsEarly, earlyManifestOr } from './early-manifests';

const CONFIG = { sports: 'http://s/mf-manifest.json', casino: 'http://c/mf-manifest.json', payments: 'http://p/mf-manifest.json', admin: 'http://a/mf-manifest.json' };

describe('the manifests asked for with the app (ADR 0085)', () => {
  const original = global.fetch;
  let fetched: string[];
  beforeEach(() => {
    fetched = [];
    global.fetch = jest.fn((url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(`{"from":"${url}"}`));
    }) as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = original;
  });

  it("names each signed-in area's remotes from the route table", () => {
    expect(remotesOfArea('player')).toEqual(['casino', 'payments', 'sports']);
    expect(remotesOfArea('admin')).toContain('admin');
    expect(remotesOfArea('admin')).not.toContain('sports');
  });

  it("hands the runtime the manifest asked for early, once, without asking again; the next ask goes to the network", async () => {
    askManifestsEarly(CONFIG, ['sports'], 1_000);
    expect(fetched).toEqual(['http://s/mf-manifest.json']);
    expect(global.fetch).toHaveBeenCalledWith('http://s/mf-manifest.json', expect.objectContaining({ cache: 'no-cache' }));
    const taken = await earlyManifestOr('http://s/mf-manifest.json', {}, 1_500);
    expect(await taken.json()).toEqual({ from: 'http://s/mf-manifest.json' });
    expect(fetched).toHaveLength(1);
    await earlyManifestOr('http://s/mf-manifest.json', {}, 1_600);
    expect(fetched).toHaveLength(2);
  });

  it('asks the network for a manifest asked for longer ago than the TTL (a redeploy is seen)', async () => {
    askManifestsEarly(CONFIG, ['casino'], 1_000);
    await earlyManifestOr('http://c/mf-manifest.json', {}, 1_000 + EARLY_MANIFEST_TTL_MS + 1);
    expect(fetched).toEqual(['http://c/mf-manifest.json', 'http://c/mf-manifest.json']);
  });

  it('forgets a manifest whose early fetch failed, so the runtime asks for itself', async () => {
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    askManifestsEarly(CONFIG, ['payments'], 1_000);
    await new Promise((resolve) => setImmediate(resolve));
    global.fetch = jest.fn(() => Promise.resolve(new Response('{}'))) as unknown as typeof fetch;
    await earlyManifestOr('http://p/mf-manifest.json', {}, 1_100);
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a remote the config does not name', () => {
    askManifestsEarly({ sports: 'http://s2/mf-manifest.json' }, ['casino'], 1_000);
    expect(fetched).toEqual([]);
  });
});
