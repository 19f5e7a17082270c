import { createApiClient } from './client';

/**
 * The singleton client of the product. @backlay/shared is a federation singleton, so every app
 * gets this one instance (one refresh in flight, one set of interceptors). Each domain folder
 * binds its API modules to it in its index.ts.
 */
export const apiClient = createApiClient({
  baseURL: '/api',
  pathname: () => window.location.pathname,
  navigate: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
});
