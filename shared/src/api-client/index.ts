import { createApiClient } from './client';
import { createAuthApi, createClientsApi, createSettingsApi, createSportsApi, createUsersApi } from './domains';

export { ApiError } from './errors';
export { createApiClient, toApiError, unwrap, unwrapWithMessage, type ApiClient, type ApiClientEnv } from './client';
export { createAuthApi, createClientsApi, createSettingsApi, createSportsApi, createUsersApi, type ClientsApi } from './domains';

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
export const usersApi = createUsersApi(apiClient);
export const clientsApi = createClientsApi(apiClient);
