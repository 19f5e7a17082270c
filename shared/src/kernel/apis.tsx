import { createContext, useContext, type ReactNode } from 'react';
import {
  authApi, betsApi, casinoApi, casinoIntApi, clientsApi, paymentsApi, registrationApi, responsibleGamblingApi, securityApi, settingsApi, sportsAdminApi,
  sportsApi,
} from '../api-client/index';
import { casinoLive, marketData } from '../market-data/index';

/**
 * Every API module and live client a screen calls, by domain (ADR 0051). A screen takes them from
 * `useApis()` instead of importing the singletons, so a test hands it fakes (`renderWithApis` of
 * `@backlay/shared/testing`) instead of replacing the whole `@backlay/shared` module.
 */
export interface Apis {
  auth: typeof authApi;
  bets: typeof betsApi;
  casino: typeof casinoApi;
  casinoInt: typeof casinoIntApi;
  casinoLive: typeof casinoLive;
  clients: typeof clientsApi;
  marketData: typeof marketData;
  payments: typeof paymentsApi;
  registration: typeof registrationApi;
  responsibleGambling: typeof responsibleGamblingApi;
  security: typeof securityApi;
  settings: typeof settingsApi;
  sports: typeof sportsApi;
  sportsAdmin: typeof sportsAdminApi;
}

/** The real singletons: the context's default, so production renders no provider. */
export const realApis: Apis = {
  auth: authApi,
  bets: betsApi,
  casino: casinoApi,
  casinoInt: casinoIntApi,
  casinoLive,
  clients: clientsApi,
  marketData,
  payments: paymentsApi,
  registration: registrationApi,
  responsibleGambling: responsibleGamblingApi,
  security: securityApi,
  settings: settingsApi,
  sports: sportsApi,
  sportsAdmin: sportsAdminApi,
};

const ApisContext = createContext<Apis>(realApis);

/** Hands `apis` to every screen below it (tests; production needs none). */
export function ApisProvider({ apis, children }: { apis: Apis; children: ReactNode }) {
  return <ApisContext.Provider value={apis}>{children}</ApisContext.Provider>;
}

/** The API modules and live clients of the page: the real ones unless a provider above says otherwise. */
export function useApis(): Apis {
  return useContext(ApisContext);
}
