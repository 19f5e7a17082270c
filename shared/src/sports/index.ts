import { apiClient } from '../kernel/api-client';
import { dataConnection } from '../kernel/realtime';
import { createBetsApi } from './bets-api';
import { createMarketDataClient, type MarketDataClient } from './market-data-client';
import { createSportsAdminApi, createSportsApi } from './sports-api';

export { type AdminMatchSummary } from './sports-api';
export { initialMatchState, type MatchState } from './market-state';

/** The sports domain's modules, bound to the one client of the page (kernel/api-client.ts). */
export const sportsApi = createSportsApi(apiClient);
export const sportsAdminApi = createSportsAdminApi(apiClient);
export const betsApi = createBetsApi(apiClient);

/** The market-data client of the page: live prices of matches, on the page's one data connection. */
export const marketData: MarketDataClient = createMarketDataClient({ connection: dataConnection });
