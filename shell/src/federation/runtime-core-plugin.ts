import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/** The global every remote's remoteEntry.js reads the federation runtime from (`experiments.externalRuntime`). */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';

/**
 * The host's own federation runtime, lent to every remote (ADR 0084): each remote's build leaves
 * `@module-federation/runtime-core` out and reads this object instead. It holds the names the
 * remotes' runtime (@module-federation/runtime) imports from runtime-core, taken by name from the
 * copy the shell already runs, so the shell's bundle grows only by what its own runtime does not
 * use. (The package's own `provideExternalRuntime` puts the whole module namespace on the page:
 * +22 KB of gzip on the shell's entry, more than the remotes saved.) webpack-config.test.ts
 * checks the list against what the installed runtime imports.
 */
export const RUNTIME_CORE = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/** Puts RUNTIME_CORE on the page before the host's runtime starts, so before any remote loads. */
export default function runtimeCorePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'backlay-runtime-core',
    beforeInit(args) {
      (globalThis as Record<string, unknown>)[RUNTIME_CORE_GLOBAL] = RUNTIME_CORE;
      return args;
    },
  };
}
