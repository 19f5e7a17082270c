import loaderPlugin from './loader-plugin';

describe('federation loader plugin', () => {
  it('gives remote entries 120 s instead of the runtime default 20 s', () => {
    const plugin = loaderPlugin();
    expect((plugin.createScript as unknown as () => { timeout: number })()).toEqual({ timeout: 120_000 });
  });

  it('fetches manifests uncached with a 120 s abort signal', async () => {
    const calls: [string, RequestInit][] = [];
    const original = global.fetch;
    global.fetch = ((url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve({ ok: true } as Response);
    }) as typeof fetch;
    const timeout = jest.spyOn(AbortSignal, 'timeout');
    try {
      await (plugin().fetch as (u: string, i: RequestInit) => Promise<Response>)('http://r/mf-manifest.json', { method: 'GET' });
    } finally {
      global.fetch = original;
    }
    expect(calls[0][1]).toMatchObject({ method: 'GET', cache: 'no-cache' });
    expect(timeout).toHaveBeenCalledWith(120_000);
  });
});

function plugin() {
  return loaderPlugin();
}
