import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The federation runtime has its own time-outs, separate from webpack's chunkLoadTimeout: it loads
 * remoteEntry.js with a 20 s limit and fetches mf-manifest.json with none (docs/rules/front-end-build.md §4.6).
 * Both get the product's 120 s here. Manifests are fetched with no-cache so a redeployed remote
 * is picked up on the next page load.
 */
const LOAD_TIMEOUT_MS = 120_000;

export default function loaderPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'backlay-loader',
    createScript() {
      return { timeout: LOAD_TIMEOUT_MS } as never;
    },
    fetch(url: string, init: RequestInit) {
      return fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(LOAD_TIMEOUT_MS) });
    },
  };
}
