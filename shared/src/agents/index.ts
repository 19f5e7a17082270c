import { apiClient } from '../kernel/api-client';
import { provideApis } from '../kernel/apis';
import { createClientsApi } from './clients-api';
import { createSettingsApi } from './settings-api';
import { createSitesApi } from './sites-api';

export { createClientsApi } from './clients-api';

/** The agents' and operators' modules, bound to the one client of the page (kernel/api-client.ts). */
export const clientsApi = createClientsApi(apiClient);
export const settingsApi = createSettingsApi(apiClient);
export const sitesApi = createSitesApi(apiClient);

declare module '../kernel/apis' {
  interface Apis {
    clients: typeof clientsApi;
    settings: typeof settingsApi;
    sites: typeof sitesApi;
  }
}
provideApis({ clients: clientsApi, settings: settingsApi, sites: sitesApi });
