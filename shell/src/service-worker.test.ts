/**
 * @jest-environment node
 *
 * The service worker (public/sw.js, ADR 0076) run in a sandbox with a fake `self` and Cache
 * Storage: what it answers from a cache, what it never caches (the API, the files that name other
 * files), the offline page for a navigation without a network, caches of other versions dropped;
 * and the push notifications it shows (ADR 0071).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

type Listener = (event: Record<string, unknown>) => void;
type Route = 'network' | 'page' | 'precached' | 'chunk';

const ORIGIN = 'https://play.backlay.example';
const REMOTE = 'https://cdn.backlay.example';
const SOURCE = readFileSync(path.join(__dirname, '..', 'public', 'sw.js'), 'utf8');
/** The line the build fills in (shell/webpack.config.cjs). */
const BUILD_LINE = "const BUILD = { version: 'dev', precache: [] };";
const BUILD = { version: 'v2', precache: ['/main.1a2b3c4d.js', '/offline.html'] };

/** Cache Storage as the worker uses it: caches by name, entries by URL, in insertion order. */
const absolute = (url: string) => new URL(url, ORIGIN).href;

class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();
  constructor(private readonly fetchImpl: (url: string) => Promise<Response>) {}
  async open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    const fetchImpl = this.fetchImpl;
    return {
      match: async (url: string) => store.get(absolute(url))?.clone(),
      put: async (url: string, response: Response) => void store.set(absolute(url), response),
      keys: async () => [...store.keys()],
      delete: async (url: string) => store.delete(absolute(url)),
      addAll: async (urls: string[]) => {
        for (const url of urls) store.set(absolute(url), await fetchImpl(url));
      },
    };
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

function worker({ tabs = [], preload = true }: { tabs?: Array<{ url: string; navigate: jest.Mock; focus: jest.Mock }>; preload?: boolean } = {}) {
  const listeners = new Map<string, Listener>();
  const fetch = jest.fn(async (input: string | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN).href;
    const mode = init?.mode ?? (typeof input === 'string' ? 'cors' : input.mode);
    const sameOrigin = url.startsWith(`${ORIGIN}/`);
    // A cross-origin answer to a request without CORS is opaque (status 0, unreadable).
    if (!sameOrigin && mode === 'no-cors') return Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaque' });
    const response = url.endsWith('/missing.0badc0de.js') ? new Response('Not found', { status: 404 }) : new Response(`body of ${url}`, { status: 200 });
    // What a browser's fetch says of an answer it may read: its own origin's, or allowed by CORS.
    return Object.defineProperty(response, 'type', { value: sameOrigin ? 'basic' : 'cors' });
  });
  const caches = new FakeCaches((url) => fetch(url));
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: jest.fn(async () => undefined), navigationPreload: preload ? { enable: jest.fn(async () => undefined) } : undefined },
    clients: { matchAll: jest.fn(async () => tabs), openWindow: jest.fn(async () => null), claim: jest.fn(async () => undefined) },
    skipWaiting: jest.fn(async () => undefined),
  };
  const sandbox: Record<string, unknown> = { self, URL, caches, fetch, Response };
  runInNewContext(SOURCE.replace(BUILD_LINE, `const BUILD = ${JSON.stringify(BUILD)};`), sandbox);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  /** A fetch event: what the worker answered with, or null when it left the request to the network. */
  type RequestOptions = { method?: string; mode?: RequestMode | 'navigate'; preloadResponse?: Promise<Response | undefined> };
  /** A fetch event: the worker's answer (null when it left the request to the network) and what it does behind it (`waitUntil`). */
  const fetchEvent = (url: string, { method = 'GET', mode = 'no-cors', preloadResponse }: RequestOptions = {}) => {
    let answer: Promise<Response> | null = null;
    const behind: Promise<unknown>[] = [];
    listeners.get('fetch')?.({ request: { url, method, mode }, preloadResponse, respondWith: (p: Promise<Response>) => (answer = p), waitUntil: (p: Promise<unknown>) => behind.push(p) });
    return { answer: answer as Promise<Response> | null, behind };
  };
  /** A fetch event's answer, once what the worker does behind it (keeping a chunk) is done too. */
  const request = async (url: string, options: RequestOptions = {}) => {
    const { answer, behind } = fetchEvent(url, options);
    if (answer === null) return null;
    const response = await answer;
    await Promise.all(behind);
    return response;
  };
  const routeOf = sandbox.routeOf as (request: { url: string; method: string; mode: string }, origin: string) => Route;
  return { self, listeners, dispatch, fetchEvent, request, fetch, caches, routeOf };
}

const push = (data: unknown) => ({ data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });

/** Requests the worker leaves to the network, every one a GET (the first test below). */
const LEFT_TO_NETWORK = [
  `${ORIGIN}/api/site`,
  `${ORIGIN}/api/get-user-balance`,
  `${ORIGIN}/api/docs`,
  `${ORIGIN}/api`,
  `${ORIGIN}/socket.io/?EIO=4&transport=polling&t=abc`,
  `${ORIGIN}/remotes.json`,
  `${REMOTE}/sports/mf-manifest.json`,
  `${ORIGIN}/remotes/casino/mf-manifest.json`,
  `${REMOTE}/sports/remoteEntry.js`,
  `${ORIGIN}/remotes/casino/remoteEntry.js`,
  `${ORIGIN}/remoteEntry.js`,
  `${ORIGIN}/mf-stats.json`,
  `${ORIGIN}/sw.js`,
  `${ORIGIN}/api/site/manifest`,
  `${ORIGIN}/offline.html`,
  `${ORIGIN}/index.html`,
  `${ORIGIN}/icons/icon-192.png`,
  `${ORIGIN}/main.js`,
  `${ORIGIN}/app.1a2b3c4d.js?v=2`,
  `${REMOTE}/sports/logo.svg`,
];

/** Whether a static route's condition (NETWORK_ROUTES in sw.js) takes a request; a kind of condition it does not use fails the test. */
function routeTakes(condition: Record<string, unknown>, request: { url: string; method: string }): boolean {
  return Object.entries(condition).every(([kind, value]) => {
    if (kind === 'not') return !routeTakes(value as Record<string, unknown>, request);
    // The browser normalises the method as fetch does (get → GET).
    if (kind === 'requestMethod') return request.method.toUpperCase() === String(value).toUpperCase();
    // Given as its parts, a pattern is of the worker's own origin.
    if (kind === 'urlPattern') return new URLPattern({ ...(value as URLPatternInit), baseURL: ORIGIN }).test(request.url);
    throw new Error(`a condition this test does not read: ${kind}`);
  });
}

describe('sw.js: what it caches', () => {
  it('leaves the API, socket.io and the files that name other files to the network', () => {
    const { routeOf } = worker();
    for (const url of LEFT_TO_NETWORK) expect([url, routeOf({ url, mode: 'cors', method: 'GET' }, ORIGIN)]).toEqual([url, 'network']);
    // Whatever the file, a request that is not a GET (placing a bet, signing in) is never the worker's.
    for (const url of [`${ORIGIN}/api/placebet`, `${ORIGIN}/app.1a2b3c4d.js`, `${ORIGIN}/sports`]) {
      expect(routeOf({ url, mode: 'navigate', method: 'POST' }, ORIGIN)).toBe('network');
    }
  });

  it("answers the shell's precached files, any hashed chunk (the shell's or a remote's, from any origin) and the pages", () => {
    const { routeOf } = worker();
    const route = (url: string, mode = 'no-cors') => routeOf({ url, mode, method: 'GET' }, ORIGIN);
    expect(route(`${ORIGIN}/main.1a2b3c4d.js`)).toBe('precached');
    expect(route(`${ORIGIN}/app.99aa00ff.js`)).toBe('chunk');
    expect(route(`${ORIGIN}/remotes/sports/__federation_expose_App.0f1e2d3c.js`)).toBe('chunk');
    expect(route(`${REMOTE}/sports/vendors-node_modules_moment.5e6f7a8b.js`)).toBe('chunk');
    expect(route(`${ORIGIN}/sports/event/e2`, 'navigate')).toBe('page');
    expect(route(`${ORIGIN}/`, 'navigate')).toBe('page');
    // Not ours to answer: another origin's page, and the API's own pages (its docs).
    expect(route(`${REMOTE}/`, 'navigate')).toBe('network');
    expect(route(`${ORIGIN}/api/docs`, 'navigate')).toBe('network');
  });

  it('sends straight to the network, declared at install, only what it never answers: every call to the API, every request that is not a GET', async () => {
    const { dispatch, routeOf } = worker();
    const rules: Array<{ condition: Record<string, unknown>; source: string }> = [];
    await dispatch('install', { addRoutes: async (rule: { condition: Record<string, unknown>; source: string }) => void rules.push(rule) });
    expect(rules.map((r) => r.source)).toEqual(rules.map(() => 'network'));
    const answered = [`${ORIGIN}/main.1a2b3c4d.js`, `${ORIGIN}/app.99aa00ff.js`, `${REMOTE}/sports/vendors-node_modules_moment.5e6f7a8b.js`, `${ORIGIN}/sports/event/e2`, `${ORIGIN}/`];
    const requests = [...LEFT_TO_NETWORK, ...answered, `${REMOTE}/api/get-user-balance`].flatMap((url) =>
      ['GET', 'POST', 'HEAD', 'put'].flatMap((method) => ['cors', 'no-cors', 'navigate'].map((mode) => ({ url, method, mode }))),
    );
    const taken = (request: { url: string; method: string }) => rules.some((r) => routeTakes(r.condition, request));
    // Never what the worker answers: whatever a rule takes, the fetch handler would have left to the network.
    for (const request of requests.filter(taken)) expect([request, routeOf(request, ORIGIN)]).toEqual([request, 'network']);
    // What it is for: the API's calls (a bet's, a balance's) and socket.io's never wake the worker; another origin's paths are not the API.
    expect(taken({ url: `${ORIGIN}/api/placebet`, method: 'POST' })).toBe(true);
    expect(taken({ url: `${ORIGIN}/api/get-user-balance`, method: 'GET' })).toBe(true);
    expect(taken({ url: `${ORIGIN}/socket.io/?EIO=4&transport=polling&t=abc`, method: 'GET' })).toBe(true);
    expect(taken({ url: `${ORIGIN}/app.99aa00ff.js`, method: 'POST' })).toBe(true);
    expect(taken({ url: `${REMOTE}/api/get-user-balance`, method: 'GET' })).toBe(false);
    expect(requests.filter((r) => !taken(r)).every((r) => r.method !== 'POST')).toBe(true);
  });

  it('installs in a browser without static routes, and in one that refuses a rule', async () => {
    const throwing = () => {
      throw new TypeError('unknown condition');
    };
    for (const addRoutes of [undefined, async () => Promise.reject(new TypeError('unknown condition')), throwing]) {
      const { dispatch, caches, self } = worker();
      await dispatch('install', addRoutes ? { addRoutes } : {});
      expect([...(caches.stores.get('backlay-shell-v2')?.keys() ?? [])]).toEqual([`${ORIGIN}/main.1a2b3c4d.js`, `${ORIGIN}/offline.html`]);
      expect(self.skipWaiting).toHaveBeenCalled();
    }
  });

  it('leaves what it does not answer to the browser: no respondWith, nothing fetched or kept', async () => {
    const { request, fetch, caches } = worker();
    expect(await request(`${ORIGIN}/api/get-user-balance`, { mode: 'cors' })).toBeNull();
    expect(await request(`${REMOTE}/sports/remoteEntry.js`)).toBeNull();
    expect(await request(`${ORIGIN}/remotes.json`, { mode: 'cors' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(caches.stores.size).toBe(0);
  });

  it("precaches this version's files on install and takes over at once; drops other versions' caches on activate, not others'", async () => {
    const { dispatch, caches, self } = worker();
    await caches.open('backlay-shell-v1');
    await caches.open('backlay-chunks-v1');
    await caches.open('someone-elses');
    await dispatch('install', {});
    expect([...(caches.stores.get('backlay-shell-v2')?.keys() ?? [])]).toEqual([`${ORIGIN}/main.1a2b3c4d.js`, `${ORIGIN}/offline.html`]);
    expect(self.skipWaiting).toHaveBeenCalled();
    await (await caches.open('backlay-chunks-v2')).put(`${REMOTE}/a.12345678.js`, new Response('x'));
    await dispatch('activate', {});
    expect((await caches.keys()).sort()).toEqual(['backlay-chunks-v2', 'backlay-shell-v2', 'someone-elses']);
    expect(self.clients.claim).toHaveBeenCalled();
  });

  it('serves a precached file from its cache', async () => {
    const { dispatch, request, fetch } = worker();
    await dispatch('install', {});
    fetch.mockClear();
    expect(await (await request(`${ORIGIN}/main.1a2b3c4d.js`))?.text()).toBe(`body of ${ORIGIN}/main.1a2b3c4d.js`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps a remote's chunk, fetched with CORS (an opaque answer could not be read), and serves it again from the cache", async () => {
    const { request, fetch, caches } = worker();
    const url = `${REMOTE}/sports/sports-event.0a1b2c3d.js`;
    expect(await (await request(url))?.text()).toBe(`body of ${url}`);
    expect(fetch).toHaveBeenCalledWith(url, { mode: 'cors', credentials: 'omit' });
    expect([...(caches.stores.get('backlay-chunks-v2')?.keys() ?? [])]).toEqual([url]);
    fetch.mockClear();
    expect(await (await request(url))?.text()).toBe(`body of ${url}`);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers a chunk before keeping it: the page does not wait for the cache's write", async () => {
    const { fetchEvent, caches } = worker();
    const url = `${ORIGIN}/app.99aa00ff.js`;
    const chunks = await caches.open('backlay-chunks-v2');
    let written: () => void = () => undefined;
    const put = chunks.put;
    // Cache Storage slow to write: the put ends only when the test says so.
    jest.spyOn(caches, 'open').mockResolvedValue({ ...chunks, put: (u: string, r: Response) => new Promise<undefined>((resolve) => (written = () => void put(u, r).then(resolve))) });
    const { answer, behind } = fetchEvent(url);
    expect(await (await (answer as Promise<Response>)).text()).toBe(`body of ${url}`);
    expect(caches.stores.get('backlay-chunks-v2')?.size).toBe(0);
    expect(behind).toHaveLength(1);
    written();
    await Promise.all(behind);
    expect([...(caches.stores.get('backlay-chunks-v2')?.keys() ?? [])]).toEqual([url]);
  });

  it('keeps no error answer: a missing chunk is asked for again', async () => {
    const { request, caches } = worker();
    expect((await request(`${ORIGIN}/missing.0badc0de.js`))?.status).toBe(404);
    expect(caches.stores.get('backlay-chunks-v2')?.size).toBe(0);
  });

  it('keeps at most 200 chunks, the oldest going first', async () => {
    const { request, caches } = worker();
    for (let i = 0; i < 205; i += 1) await request(`${ORIGIN}/c${i}.${String(i).padStart(8, '0')}.js`);
    const kept = [...(caches.stores.get('backlay-chunks-v2')?.keys() ?? [])];
    expect(kept).toHaveLength(200);
    expect(kept[0]).toBe(`${ORIGIN}/c5.00000005.js`);
  });

  it('a page comes from the network and is not kept; without a network it is the offline page', async () => {
    const online = worker();
    await online.dispatch('install', {});
    expect(await (await online.request(`${ORIGIN}/sports`, { mode: 'navigate' }))?.text()).toBe(`body of ${ORIGIN}/sports`);
    expect([...(online.caches.stores.get('backlay-shell-v2')?.keys() ?? [])]).toEqual([`${ORIGIN}/main.1a2b3c4d.js`, `${ORIGIN}/offline.html`]);

    const offline = worker();
    await offline.dispatch('install', {});
    offline.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await (await offline.request(`${ORIGIN}/bethistory`, { mode: 'navigate' }))?.text()).toBe(`body of ${ORIGIN}/offline.html`);
  });

  it("a page is the navigation preload's answer when the browser asked for it while the worker started; without a network, the offline page", async () => {
    const { dispatch, request, fetch, self } = worker();
    await dispatch('install', {});
    await dispatch('activate', {});
    expect(self.registration.navigationPreload?.enable).toHaveBeenCalled();
    fetch.mockClear();
    const preloaded = new Response('preloaded page', { status: 200 });
    expect(await (await request(`${ORIGIN}/sports`, { mode: 'navigate', preloadResponse: Promise.resolve(preloaded) }))?.text()).toBe('preloaded page');
    expect(fetch).not.toHaveBeenCalled();
    // No preload for this navigation (the worker was running, or none was asked): the network.
    expect(await (await request(`${ORIGIN}/sports`, { mode: 'navigate', preloadResponse: Promise.resolve(undefined) }))?.text()).toBe(`body of ${ORIGIN}/sports`);
    // The preload failed for want of a network.
    const offline = request(`${ORIGIN}/bethistory`, { mode: 'navigate', preloadResponse: Promise.reject(new TypeError('Failed to fetch')) });
    expect(await (await offline)?.text()).toBe(`body of ${ORIGIN}/offline.html`);
  });

  it('activates in a browser without navigation preload', async () => {
    const { dispatch, self } = worker({ preload: false });
    await dispatch('install', {});
    await dispatch('activate', {});
    expect(self.clients.claim).toHaveBeenCalled();
  });
});

describe('sw.js: push notifications', () => {
  it('shows a message as a notification, its tag and path kept for the click', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', push({ title: 'New deposit request', body: 'p1 asks for ₹750.00', url: '/admin/depositstatement', tag: 'payment-1' }));
    expect(self.registration.showNotification).toHaveBeenCalledWith('New deposit request', { body: 'p1 asks for ₹750.00', tag: 'payment-1', data: { url: '/admin/depositstatement' } });
  });

  it('shows nothing for what is not our message, and never a path off the site', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', push('not json{'));
    await dispatch('push', push({ title: 1, body: 'x' }));
    await dispatch('push', { data: null });
    expect(self.registration.showNotification).not.toHaveBeenCalled();
    await dispatch('push', push({ title: 't', body: 'b', url: '//evil.example/x' }));
    await dispatch('push', push({ title: 't', body: 'b', url: 'https://evil.example/x' }));
    expect(self.registration.showNotification.mock.calls.map((c) => (c as unknown as [string, { data: { url: string } }])[1].data.url)).toEqual(['/', '/']);
  });

  it('a click takes an open tab of the product to the path, or opens one', async () => {
    const tab = { url: `${ORIGIN}/`, navigate: jest.fn(async () => null), focus: jest.fn(async () => undefined) };
    const open = worker({ tabs: [tab] });
    const notification = { close: jest.fn(), data: { url: '/bethistory' } };
    await open.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith(`${ORIGIN}/bethistory`);
    expect(tab.focus).toHaveBeenCalled();
    const none = worker();
    await none.dispatch('notificationclick', { notification });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/bethistory`);
  });
});

it('the build can fill in its version and precache list: the line it replaces is in sw.js, and so in webpack.config.cjs', () => {
  expect(SOURCE).toContain(BUILD_LINE);
  expect(readFileSync(path.join(__dirname, '..', 'webpack.config.cjs'), 'utf8')).toContain(`const SW_BUILD_LINE = "${BUILD_LINE}";`);
});
