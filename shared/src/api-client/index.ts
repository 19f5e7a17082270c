import { createBetsApi } from './bets-api';
import { createCasinoApi } from './casino-api';
import { createCasinoIntApi } from './casino-int-api';
import { createApiClient } from '../kernel/client';
import { createSecurityApi } from './security-api';
import { createResponsibleGamblingApi } from './responsible-gambling-api';
import { createRegistrationApi } from './registration-api';
import { createAuthApi, createClientsApi, createPaymentsApi, createSettingsApi, createSportsAdminApi, createSportsApi } from './domains';

export { ApiError } from '../kernel/errors';
export { type ApiClient } from '../kernel/client';
export { createClientsApi, PLAYER_REQUEST_REMARK, type AdminMatchSummary, type DepositSubmission } from './domains';

/**
 * The singleton client of the product. @backlay/shared is a federation singleton, so every app
 * gets this one instance (one refresh in flight, one set of interceptors).
 */
export const apiClient = createApiClient({
  baseURL: '/api',
  pathname: () => window.location.pathname,
  navigate: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
});

/** Domain modules bound to the singleton client. */
export const authApi = createAuthApi(apiClient);
export const settingsApi = createSettingsApi(apiClient);
export const sportsApi = createSportsApi(apiClient);
export const sportsAdminApi = createSportsAdminApi(apiClient);
export const clientsApi = createClientsApi(apiClient);
export const paymentsApi = createPaymentsApi(apiClient);
export const betsApi = createBetsApi(apiClient);
export const casinoApi = createCasinoApi(apiClient);
/** International casino: provider and game lists, launch; the registry and reconciliation (admin, sadmin). */
export const casinoIntApi = createCasinoIntApi(apiClient);
export const securityApi = createSecurityApi(apiClient);
/** Self-registration (public) and the demo SMS outbox (admin, sadmin). */
export const registrationApi = createRegistrationApi(apiClient);
/** Responsible gambling: the player's limits and exclusions, the reality check, the agents' view. */
export const responsibleGamblingApi = createResponsibleGamblingApi(apiClient);
