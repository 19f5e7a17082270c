import { createContext, useContext, type ReactNode } from 'react';

/**
 * Every API module and live client a screen calls, by domain (ADR 0051). A screen takes them from
 * `useApis()` instead of importing the singletons, so a test hands it fakes (`renderWithApis` of
 * `@backlay/shared/testing`) instead of replacing the whole `@backlay/shared` module.
 *
 * The kernel names no domain (ADR 0050): each domain folder adds its entries to this interface
 * (declaration merging, in its index.ts) and registers its singletons with `provideApis`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' declaration merging
export interface Apis {}

/** The real singletons, filled as the domains' index modules load: the context's default. */
const real = {} as Apis;

/** A domain's index registers its real singletons (once, as it loads). */
export function provideApis(apis: Partial<Apis>): void {
  Object.assign(real, apis);
}

/** The real singletons the domains registered (the fakes read their method names). */
export function realApis(): Apis {
  return real;
}

const ApisContext = createContext<Apis>(real);

/** Hands `apis` to every screen below it (tests; production needs none). */
export function ApisProvider({ apis, children }: { apis: Apis; children: ReactNode }) {
  return <ApisContext.Provider value={apis}>{children}</ApisContext.Provider>;
}

/** The API modules and live clients of the page: the real ones unless a provider above says otherwise. */
export function useApis(): Apis {
  return useContext(ApisContext);
}
