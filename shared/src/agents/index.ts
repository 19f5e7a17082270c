import { apiClient } from '../kernel/api-client';
import { createClientsApi } from './clients-api';
import { createSettingsApi } from './settings-api';

export { createClientsApi } from './clients-api';

/** The agents' and operators' modules, bound to the one client of the page (kernel/api-client.ts). */
export const clientsApi = createClientsApi(apiClient);
export const settingsApi = createSettingsApi(apiClient);
