import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule } from '@backlay/shared';

import type { RemoteName, RemotesConfig } from './early-manifests';

export type { RemoteName, RemotesConfig } from './early-manifests';

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
