import type { RouteOwner } from '@backlay/shared/contracts';

/**
 * The remotes' manifests asked for with the app's chunks (ADR 0085). A page of a signed-in area
 * needs one of that area's remotes, and the federation runtime asks for its manifest only once
 * the app's chunks have come and run. `bootstrap` reads the environment's remotes config at once
 * (index.html preloads it) and asks for the manifests of the area's remotes beside the app's
 * chunks; the runtime's fetch (loader-plugin.ts) takes the answer in flight instead of asking
 * again. An answer is taken once, and only while fresh (EARLY_MANIFEST_TTL_MS): a remote the page
 * opens later is asked for anew, so a redeploy is still seen.
 *
 * The loader plugin, in the shell's entry, imports this module: it imports nothing but types (the
 * route table, which `remotesOfArea` reads, would put the contracts in the entry).
 */

/** A remote app's federation name. */
export type RemoteName = Exclude<RouteOwner, 'shell'>;

/** The remotes config: federation name → manifest URL (served with the shell, per environment). */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

/** The product's limit on loading a remote's files (the runtime's own are 20 s and none). */
export const LOAD_TIMEOUT_MS = 120_000;

/** How long a manifest asked for early waits for the runtime. */
export const EARLY_MANIFEST_TTL_MS = 15_000;

/** A manifest as the product fetches it: no-cache (a redeployed remote is seen on the next page load), 120 s. */
export function fetchManifest(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
}

/** Fetch the remotes config of this environment; never cached, so a redeploy is seen at once. */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<RemotesConfig> {
  const res = await fetchImpl('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return (await res.json()) as RemotesConfig;
}

let pageConfig: Promise<RemotesConfig> | null = null;

/** The remotes config, read once per page: bootstrap's early read and the app's registration share it. */
export function remotesConfigOfPage(): Promise<RemotesConfig> {
  if (!pageConfig) {
    const reading = fetchRemotesConfig();
    pageConfig = reading;
    reading.catch(() => {
      if (pageConfig === reading) pageConfig = null;
    });
  }
  return pageConfig;
}

const asked = new Map<string, { answer: Promise<Response>; askedAt: number }>();

/** Ask for the manifests of `remotes` now (bootstrap, beside the app's chunks). */
export function askManifestsEarly(config: RemotesConfig, remotes: readonly RemoteName[], nowMs: number = Date.now()): void {
  for (const remote of remotes) {
    const url = config[remote];
    if (!url || asked.has(url)) continue;
    const answer = fetchManifest(url);
    asked.set(url, { answer, askedAt: nowMs });
    answer.catch(() => {
      if (asked.get(url)?.answer === answer) asked.delete(url);
    });
  }
}

/** The manifest asked for early at `url`, if fresh (taken: the next ask goes to the network), else a fetch of it. */
export function earlyManifestOr(url: string, init: RequestInit, nowMs: number = Date.now()): Promise<Response> {
  const found = asked.get(url);
  asked.delete(url);
  return found && nowMs - found.askedAt <= EARLY_MANIFEST_TTL_MS ? found.answer : fetchManifest(url, init);
}
