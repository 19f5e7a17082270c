/**
 * The names of the shell's federation runtime-core lent to every remote (ADR 0084): exactly those
 * the remotes' runtime (@module-federation/runtime) imports from it, re-exported by name from the
 * copy the shell already runs, so the shell's bundle grows only by what its own runtime does not
 * use. This module's namespace is the object lent (runtime-core-plugin.ts); webpack-config.test.ts
 * checks the list against what the installed runtime imports.
 */
export {
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
