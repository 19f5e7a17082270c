import { createBetsApi } from './bets-api';
import { createCasinoApi } from './casino-api';
import { createApiClient } from './client';
import { createAuthApi, createClientsApi, createPaymentsApi, createSettingsApi, createSportsAdminApi, createSportsApi, createUsersApi } from './domains';

export { ApiError } from './errors';
export { createBetsApi, type BetsApi } from './bets-api';
export { createCasinoApi, type CasinoApi, type CasinoDateRange, type CasinoResultsQuery } from './casino-api';
export { createApiClient, toApiError, unwrap, unwrapWithMessage, type ApiClient, type ApiClientEnv } from './client';
export { PLAYER_REQUEST_REMARK, createPaymentsApi, type DepositSubmission, type PaymentsApi } from './domains';
export { createAuthApi, createClientsApi, createSettingsApi, createSportsAdminApi, createSportsApi, createUsersApi, type AdminMatchSummary, type ClientsApi, type MatchListQuery, type SportsAdminApi, type SportsApi } from './domains';

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
export const usersApi = createUsersApi(apiClient);
export const clientsApi = createClientsApi(apiClient);
export const paymentsApi = createPaymentsApi(apiClient);
export const betsApi = createBetsApi(apiClient);
export const casinoApi = createCasinoApi(apiClient);
