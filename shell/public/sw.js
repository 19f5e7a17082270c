/*
 * Backlay's one service worker (ADR 0076), served as /sw.js with the whole site as its scope. It
 * makes the product an installable app and shows push notifications (issue 34, ADR 0071).
 *
 * Caching (ADR 0076): the shell's build fills in BUILD below — its version and the files the
 * first page needs (its entry scripts and the offline page), precached on install into
 * `backlay-shell-<version>`. Content-hashed scripts (the shell's lazy chunks and every remote's
 * chunks, from any origin) are immutable: served from `backlay-chunks-<version>` once fetched.
 * Everything else goes to the network untouched: the API and socket.io (no money or account data
 * is ever stored), and the files that name other files — index.html, remotes.json, each remote's
 * mf-manifest.json and remoteEntry.js — so after a deploy the page always finds the current
 * remotes. A page's navigation goes to the network (asked for while the worker starts: navigation
 * preload) and, without one, gets the offline page. What it never answers (the API, every request
 * that is not a GET) it declares at install, so the browser sends it without waking the worker.
 * On activate the caches of other versions are deleted; a new version takes over at once
 * (skipWaiting + clients.claim: it never serves a page, so an open page and a new worker agree).
 *
 * A push message is JSON {title, body, url, tag} (shared's contracts/push.ts PushMessage); a click
 * focuses a tab of the product at that path, or opens one.
 */
'use strict';

/* The build fills this in (shell/webpack.config.cjs): its version and the files it precaches. */
const BUILD = { version: 'dev', precache: [] };

const CACHE_PREFIX = 'backlay-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-${BUILD.version}`;
const CHUNK_CACHE = `${CACHE_PREFIX}chunks-${BUILD.version}`;
/** The page shown for a navigation without a network. */
const OFFLINE_PAGE = '/offline.html';
/** Hashed chunks kept at most (the oldest go first): remotes deploy without the shell. */
const MAX_CHUNKS = 200;
/** Files that name other files, or change without changing their name: never from a cache. */
const NEVER_CACHED = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'sw.js', 'offline.html']);
/** What webpack names a content-hashed file (`[name].[contenthash:8].js`). */
const HASHED_CHUNK = /\.[0-9a-f]{8}\.js$/;
/** The API's paths on the shell's origin (socket.io's included): always the network. */
const API_PATHS = /^\/(api|socket\.io)(\/|$)/;

/**
 * What the worker never answers, declared to the browser at install (the static routing API,
 * Chromium 123+): such a request goes to the network at once, without starting a stopped worker
 * (Chromium stops an idle one after 30 s) or a fetch event — every call to the API, a bet's
 * included. `routeOf` says 'network' of each (service-worker.test.ts holds the two together); a
 * browser without the API asks the fetch handler, which leaves them alone. A `urlPattern` given
 * as its parts is the worker's own origin's.
 */
const NETWORK_ROUTES = [
  { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/socket.io/*' } }, source: 'network' },
];

/**
 * How the worker answers a request: 'network' (it does not answer: the browser fetches as if it
 * were not there), 'page' (a navigation: the network, else the offline page), 'precached' (a
 * file of this version's shell) or 'chunk' (an immutable hashed chunk of the shell or a remote).
 * `request`: { method, url, mode }; `origin`: the worker's own.
 */
function routeOf(request, origin) {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'network';
  const own = url.origin === origin;
  if (own && API_PATHS.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return own ? 'page' : 'network';
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (NEVER_CACHED.has(name) || url.search !== '') return 'network';
  if (own && BUILD.precache.includes(url.pathname)) return 'precached';
  if (HASHED_CHUNK.test(name)) return 'chunk';
  return 'network';
}

/** The names of this version's caches: any other cache of ours is an older version's. */
function isStaleCache(name) {
  return name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE && name !== CHUNK_CACHE;
}

/** Whether a response may be kept: a whole, successful answer that can be read (no opaque one). */
function isCacheable(response) {
  return response.ok && response.status === 200 && (response.type === 'basic' || response.type === 'cors');
}

async function fromShellCache(request) {
  const cached = await (await caches.open(SHELL_CACHE)).match(request.url);
  return cached || fetch(request);
}

/**
 * A hashed chunk: from the cache, else fetched, answered at once and kept behind the answer (the
 * page does not wait for Cache Storage's write). A remote's script on another origin is asked for
 * without CORS (a plain script tag), whose answer is opaque (unreadable, so not kept): it is
 * fetched with CORS instead (every unit sends Access-Control-Allow-Origin), and only when that
 * fails as it was asked.
 */
async function chunk(event) {
  const request = event.request;
  const cache = await caches.open(CHUNK_CACHE);
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const crossOrigin = new URL(request.url).origin !== self.location.origin;
  let response;
  if (crossOrigin && request.mode === 'no-cors') {
    try {
      response = await fetch(request.url, { mode: 'cors', credentials: 'omit' });
    } catch {
      return fetch(request);
    }
  } else {
    response = await fetch(request);
  }
  if (isCacheable(response)) event.waitUntil(keep(cache, request.url, response.clone()));
  return response;
}

/** Keeps a chunk's answer, then drops the oldest chunks beyond MAX_CHUNKS. */
async function keep(cache, url, response) {
  await cache.put(url, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_CHUNKS)).map((key) => cache.delete(key)));
}

/**
 * A page: the network — the navigation preload's answer, which the browser asked for while it
 * started the worker — and without one (a network error, not an error answer), the offline page.
 */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded || (await fetch(event.request));
  } catch (error) {
    const offline = await (await caches.open(SHELL_CACHE)).match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === 'page') event.respondWith(page(event));
  else if (route === 'precached') event.respondWith(fromShellCache(event.request));
  else if (route === 'chunk') event.respondWith(chunk(event));
});

self.addEventListener('install', (event) => {
  // A rule at a time: a browser that has the API but not one of its conditions refuses that rule
  // alone (by a rejection, or by throwing), and the fetch handler still routes what it would have.
  const routed = [];
  if (typeof event.addRoutes === 'function') {
    for (const rule of NETWORK_ROUTES) {
      try {
        routed.push(Promise.resolve(event.addRoutes(rule)).catch(() => undefined));
      } catch {
        // Refused: the fetch handler routes it.
      }
    }
  }
  // The files of this version, revalidated (the offline page is no-cache; hashed ones come from the HTTP cache).
  const precached = caches.open(SHELL_CACHE).then((cache) => cache.addAll(BUILD.precache));
  event.waitUntil(Promise.all([precached, ...routed]).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // A navigation goes to the network while a stopped worker starts, not after (navigation preload):
  // opening the app again does not wait for the worker before asking for its page.
  const preload = self.registration.navigationPreload ? self.registration.navigationPreload.enable().catch(() => undefined) : undefined;
  const stale = caches.keys().then((names) => Promise.all(names.filter(isStaleCache).map((name) => caches.delete(name))));
  event.waitUntil(Promise.all([stale, preload]).then(() => self.clients.claim()));
});

/** The message of a push event, or null when it is not one of ours. */
function messageOf(event) {
  try {
    const message = event.data ? event.data.json() : null;
    if (!message || typeof message.title !== 'string' || typeof message.body !== 'string') return null;
    const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
    return { title: message.title, body: message.body, url, tag: typeof message.tag === 'string' ? message.tag : undefined };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = messageOf(event);
  if (message === null) return;
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((tab) => (tab || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
