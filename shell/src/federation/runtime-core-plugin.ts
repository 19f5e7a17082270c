import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as RUNTIME_CORE from './runtime-core-lent';

export { RUNTIME_CORE };

/** The global every remote's remoteEntry.js reads the federation runtime from (`experiments.externalRuntime`). */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * The host's own federation runtime, lent to every remote (ADR 0084): each remote's build leaves
 * `@module-federation/runtime-core` out and reads RUNTIME_CORE (runtime-core-lent.ts) instead.
 * The package's own `provideExternalRuntime` puts runtime-core's whole namespace on the page:
 * +22 KB of gzip on the shell's entry, more than the remotes saved. This plugin puts RUNTIME_CORE
 * on the page before the host's runtime starts, so before any remote loads.
 */
export default function runtimeCorePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'backlay-runtime-core',
    beforeInit(args) {
      (globalThis as Record<string, unknown>)[RUNTIME_CORE_GLOBAL] = RUNTIME_CORE;
      return args;
    },
  };
}
