/**
 * International casino (docs/rules/product.md §7 "Casino"; contracts/casino-int.ts): the players' provider and game
 * lists and the launch, and the admin and sadmin registry and reconciliation. One call site per
 * endpoint (docs/rules/code-style.md §5). Money moves only through the providers' signed wallet callbacks, never here.
 */
import type {
  CasinoIntGamesQuery,
  CasinoIntGamesResponse,
  CasinoIntNewSecret,
  CasinoIntPlayUrlRequest,
  CasinoIntPlayUrlResponse,
  CasinoIntProvidersAdminResponse,
  CasinoIntProvidersResponse,
  CasinoIntReconciliationReport,
  CasinoIntReconciliationRun,
  CasinoIntSecretsView,
  CreateCasinoIntGameRequest,
  CreateCasinoIntProviderRequest,
} from '../contracts/casino-int';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

const id = (value: string) => encodeURIComponent(value);

export function createCasinoIntApi(client: ApiClient) {
  return {
    /** GET get-casino-providers: the provider tabs. */
    providers: () => unwrap<CasinoIntProvidersResponse>(client.main.get('/get-casino-providers')),
    /** GET get-casino-int-games: games, provider tabs and sub-category tabs. */
    games: (query: CasinoIntGamesQuery = {}) => unwrap<CasinoIntGamesResponse>(client.main.get('/get-casino-int-games', { params: query })),
    /** POST get-cas-casino-play-url: the frame's address is `.data.url`. */
    playUrl: (body: CasinoIntPlayUrlRequest) => unwrap<CasinoIntPlayUrlResponse>(client.main.post('/get-cas-casino-play-url', body)),

    /** admin, sadmin: every provider with its secrets (hints only), games and clearing balance. */
    adminProviders: () => unwrap<CasinoIntProvidersAdminResponse>(client.main.get('/casino-int-admin/providers')),
    /** admin, sadmin: a new provider; its first secret is in the answer, shown once. */
    createProvider: (body: CreateCasinoIntProviderRequest) => unwrapWithMessage<CasinoIntNewSecret>(client.main.post('/casino-int-admin/providers', body)),
    setProviderEnabled: (providerId: string, enabled: boolean) =>
      unwrapWithMessage<{ id: string; enabled: boolean }>(client.main.post(`/casino-int-admin/providers/${id(providerId)}/enabled`, { enabled })),
    /** A new secret (shown once); the previous one stays active until retired. */
    rotateSecret: (providerId: string) => unwrapWithMessage<CasinoIntNewSecret>(client.main.post(`/casino-int-admin/providers/${id(providerId)}/secrets`)),
    retireSecret: (providerId: string, secretId: string) =>
      unwrapWithMessage<CasinoIntSecretsView>(client.main.post(`/casino-int-admin/providers/${id(providerId)}/secrets/${id(secretId)}/retire`)),
    createGame: (providerId: string, body: CreateCasinoIntGameRequest) =>
      unwrapWithMessage<{ providerId: string; code: string }>(client.main.post(`/casino-int-admin/providers/${id(providerId)}/games`, body)),
    setGameEnabled: (identifier: string, enabled: boolean) =>
      unwrapWithMessage<{ identifier: string; enabled: boolean }>(client.main.post(`/casino-int-admin/games/${id(identifier)}/enabled`, { enabled })),
    /** Our side of a provider's UTC day, and the last comparison with the provider's report. */
    reconciliation: (provider: string, date: string) =>
      unwrap<CasinoIntReconciliationReport>(client.main.get('/casino-int-admin/reconciliation', { params: { provider, date } })),
    /** Compares with the provider's report now. */
    runReconciliation: (provider: string, date: string) =>
      unwrapWithMessage<CasinoIntReconciliationRun>(client.main.post('/casino-int-admin/reconciliation', { provider, date })),
  };
}

/** The international casino domain module's shape (tests mock it). */
export type CasinoIntApi = ReturnType<typeof createCasinoIntApi>;
