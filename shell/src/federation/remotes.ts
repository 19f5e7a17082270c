import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RouteOwner } from '@backlay/shared';

/** A remote app's federation name. */
export type RemoteName = Exclude<RouteOwner, 'shell'>;

/** The remotes config: federation name → manifest URL (served with the shell, per environment). */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

/** Fetch the remotes config of this environment; never cached, so a redeploy is seen at once. */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<RemotesConfig> {
  const res = await fetchImpl('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return (await res.json()) as RemotesConfig;
}

/** Register the remotes with the federation runtime (manifest entries). */
export function registerRemotesConfig(config: RemotesConfig): void {
  registerRemotes(Object.entries(config).map(([name, entry]) => ({ name, entry: entry as string })));
}

/** Load a remote's one route module (`<name>/routes`). */
export async function loadRouteModule<O extends RemoteName>(name: O): Promise<RemoteModule<O>> {
  const mod = await loadRemote<RemoteModule<O>>(`${name}/routes`);
  if (!mod) throw new Error(`remote ${name} returned no module`);
  return mod;
}

/**
 * True for failures of loading (network, time-out, a remote that is down), which a retry can
 * heal; false for errors thrown while rendering, which a retry would only repeat.
 */
export function isLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.name} ${error.message}`;
  return /ChunkLoadError|Loading chunk|Loading script|ScriptNetworkError|RUNTIME-00[38]|Failed to fetch|NetworkError|TimeoutError|timed out|remoteEntry|mf-manifest|returned no module/i.test(text);
}
