/**
 * @backlay/shared: the singleton package of the front end. Contracts, the API client and its
 * domain modules, the event bus, the stores and the UI kit.
 */
export * from './contracts/index';
export * from './domain/index';
export * from './api-client/index';
export { publish, on, notify } from './event-bus/bus';
export { user$, currentUser, setUser, setBalance, balance$, hideFlags$, toggleHide, type HideFlags } from './stores/session';
export { useObservable } from './stores/use-observable';
export { useLoad, notifyFailure, type Load } from './stores/use-load';
export {
  marketData,
  casinoLive,
  createMarketDataClient,
  createCasinoLiveClient,
  createDataConnection,
  applyMarketMessage,
  applyCasinoMessage,
  clockOffsetOf,
  initialMatchState,
  initialCasinoTableState,
  type ApplyOutcome,
  type CasinoClientEvents,
  type CasinoLiveClient,
  type CasinoLiveClientOptions,
  type CasinoMessage,
  type CasinoServerEvents,
  type CasinoSubscribeAck,
  type CasinoTableState,
  type DataConnection,
  type DataConnectionMember,
  type DataConnectionOptions,
  type DataSocket,
  type MarketDataClient,
  type MarketDataClientOptions,
  type MarketMessage,
  type MatchDataStatus,
  type MatchState,
} from './market-data/index';
export { STORAGE_KEYS, credentialKeys, readCredentials, writeCredentials, clearCredentials, type StoredCredentials } from './util/storage';
export { rememberSignOut, clearSignOut, signOutNotice, asSignOutReason, signedOutBecause, type SignedOutBecause } from './util/sign-out';
export { formatRupees, hasAtMostTwoDecimals, parseStake, sumRupeesForDisplay, toMinor, toRupees } from './util/money';
export { NETWORK_RETRIES, NETWORK_RETRY_DELAY_MS, createSubmissionKeys, newIdempotencyKey, retryOnNetworkLoss, type SubmissionKeys } from './util/idempotency';
export { lazyWithRetry, importWithRetry } from './util/lazy-with-retry';
export { Button, TextField, Page, Spinner, EmptyState, SelectField, FormFooter } from './ui/kit';
export { BuildTag, buildStampsShown } from './ui/build-tag';
export { TableScroll, scrollStateOf, type ScrollState } from './ui/table-scroll';
export { Dialog } from './ui/dialog';
export { DateRange, rangeInverted, rangeReady, type DateRangeValue } from './ui/date-range';
export { Pager, pageCount } from './ui/pager';
export { AccountStatementView, defaultStatementRange, STATEMENT_DATE_FORMAT, STATEMENT_DEFAULT_DAYS, STATEMENT_PAGE_SIZE } from './ui/account-statement-view';
export { StandaloneRemote } from './ui/standalone';
export type { RemoteModule } from './remote';
