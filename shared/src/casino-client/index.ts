import { apiClient } from '../kernel/api-client';
import { dataConnection } from '../kernel/realtime';
import { createCasinoApi } from './casino-api';
import { createCasinoIntApi } from './casino-int-api';
import { createCasinoLiveClient, type CasinoLiveClient } from './casino-live-client';

export { clockOffsetOf, initialCasinoTableState, type CasinoTableState } from './casino-state';

/** The casino's modules, bound to the one client of the page (kernel/api-client.ts). */
export const casinoApi = createCasinoApi(apiClient);
/** International casino: provider and game lists, launch; the registry and reconciliation (admin, sadmin). */
export const casinoIntApi = createCasinoIntApi(apiClient);

/** The live-casino client of the page: live rounds of casino tables, on the page's one data connection. */
export const casinoLive: CasinoLiveClient = createCasinoLiveClient({ connection: dataConnection });
