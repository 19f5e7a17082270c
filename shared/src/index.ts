/**
 * @backlay/shared: the singleton package of the front end. Contracts, the API client and its
 * domain modules, the event bus, the stores and the UI kit. Every name is listed because an app
 * uses it: add one when an app needs it, drop it with its last caller (no `export *`, eslint.config.mjs).
 */
export {
  ACCOUNT_HOLDER_NAME_PATTERN, ACCOUNT_NUMBER_PATTERN, type AddBankAccountRequest, type AddUserRequest, type AnyBetSide,
  type Area, areaOfRole, type BankAndUpiList, BET_DELAY_MAX_SEC, BET_LIST_PAGE_SIZE, type BetHistoryQuery,
  type BetMarketType, type BetPage, type BetRow, type BetStatus, BLUR_TIMEOUT_MS, BUTTON_LABEL_MAX_LENGTH,
  BUTTON_VALUE_MAX, type ButtonValue, type ChildBookRow, childRoleOf, type ChipTransferRequest, type ClientRow,
  type DeclaredResult, DEFAULT_BUTTON_VALUES, type BetPreferences, DEFAULT_BET_PREFERENCES, ODDS_ACCEPTANCES, ODDS_ACCEPTANCE_TEXT, type OddsAcceptance, type SaveBetPreferencesRequest, DEPOSIT_MAX_RUPEES_DEFAULT, DEPOSIT_MIN_RUPEES_DEFAULT,
  type DepositWithdrawListRequest, DISPLAY_NAME_MAX_LENGTH, type ErrorCode, type EventMap, type Fancy,
  type FancyBetSide, type FeedMatch, type FeedStatus, HOME_LANDING_ROLES, IDEMPOTENCY_HEADER, IFSC_PATTERN, INACTIVITY_LOGOUT_MS,
  isAdminPath, type ListClientsResponse, type LoginResponse, type Market, MARKET_LIMIT_MAX, type MarketBook,
  type MarketLimits, type MarketPosition, type MarketStatus, type MarketType, type MatchDetail, type MatchOddsSummary,
  type MatchSummary, MESSAGES, MONEY_MAX_RUPEES, NEWS_TEXT_MAX_LENGTH, type NewsMessage, PAGE_SIZE_MAX,
  type PaymentRequestRow, type PendingPayments, type PaymentSettings, PHONE_PATTERN, type PlaceBetRequest, type PlaceBetResponse, type CashOutRequest, type CashOutResponse,
  type PlaceBetSide, type PlacedBet, type PriceSize, type ProfitLossQuery, type ProfitLossResponse, type AgentDashboard, DASHBOARD_DAYS, type ProfitLossRow,
  REMARK_MAX_LENGTH, type ResultMarketRow, type ResultsQuery, type Role, ROLE_LABELS, ROLES, routeAllowsRole,
  type RouteDef, type RouteName, type RouteOwner, ROUTES, RUN_BOOK_MARGIN, type Runner, type SavedBankAccount,
  type SavedUpi, type Score, type SettingRow, type SettlementSummary, SOCKET_CONNECT_TIMEOUT_MS, SOCKET_PATH,
  SOCKET_RANDOMIZATION_FACTOR, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS, SPORT_IDS, type SportAdminItem,
  type SportItem, TOAST_AUTO_CLOSE_MS, TRANSACTION_PASSWORD_PATTERN, type UnsettledBetType,
  type UpdateDepositWithdrawStatusRequest, type UpdateUserRequest, UPI_ID_PATTERN, UPI_NAME_MAX_LENGTH,
  UPLOAD_MAX_BYTES, UPLOAD_TYPES, USER_NAMESPACE, type UserClientEvents, type UserInfo, USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH, USERNAME_PATTERN, type UserServerEvents, type SocketMatchStatusPayload, type SocketPaymentQueuePayload, UTR_PATTERN, type WithdrawRequestBody,
  type RunnerBetRequest,
  ALL_CASINO_CATEGORY, CASINO_CATEGORIES, CASINO_SUSPENDED_MESSAGE, type CasinoBet, type CasinoBetsResponse, type CasinoGameListItem, type VirtualGameListItem,
  type CasinoMarketView, type CasinoReportResponse, type CasinoResultsResponse, type CasinoRoundRecord, type CasinoRoundView,
  type CasinoRulesView, type CasinoTableView, type CasinoLastResult, type CasinoResultStats, type ResultTone, type CasinoRoundBook, type CasinoGameReportResponse, type CasinoGameReportRow,
  isTwoFactorChallenge, LOGIN_ATTEMPT_REASON_LABELS, loginAttemptOutcome, type LoginAttemptOutcome, type LoginHistoryRow, type LoginOutcome, SECURITY_MESSAGES,
  type TwoFactorEnrolment, type TwoFactorPolicy, type TwoFactorStatus, AGENT_ROLES, SPORTS_ADMIN_ROLES,
  type DownlineRgRow, type RealityCheckView, type ResponsibleGamblingView, RG_LIMIT_LABELS, RG_LIMIT_RUPEES_MAX,
  RG_LIMIT_TYPES, RG_REALITY_CHECK_MINUTES_MAX, RG_REALITY_CHECK_MINUTES_MIN, RG_SELF_EXCLUSION_MONTHS_MAX,
  RG_SELF_EXCLUSION_MONTHS_MIN, RG_TIME_OUT_DAYS_MAX, RG_TIME_OUT_DAYS_MIN, type RgLimitType, type RgLimitView,
  type CasinoIntGame, type CasinoIntGamesResponse, type CasinoIntMismatch,
  type CasinoIntNewSecret, type CasinoIntPlayUrlRequest, type CasinoIntProvider, type CasinoIntProviderAdminView,
  type CasinoIntReconciliationReport, type CasinoIntSubCategory,
  type CreateSiteRequest, type SiteAdminRow, type SiteLanguage, type SiteTheme, type SiteThemeKey, type UpdateSiteRequest,
  BET_SORT_KEYS, type BetSortKey, CLIENT_SORT_KEYS, MATCH_SORT_KEYS, type MatchSortKey, type ClientSortKey, PAYMENT_SORT_KEYS, SEARCH_MAX_LENGTH, SMS_OUTBOX_SORT_KEYS, type SmsOutboxSortKey, type PaymentSortKey, type SortOrder,
} from './contracts/index';
// The exposure, fancy and best-execution maths are pure: the screens that need them (the odds and
// table pages, Add User) take them from '@backlay/shared/domain', off the first page (ADR 0025).
export { preloadPasswordPolicy, previewPasswordPolicy } from './domain/index';
export { type ApiClient } from './kernel/client';
export { ApiError } from './kernel/errors';
export { apiClient } from './kernel/api-client';
export { type AdminMatchSummary, betsApi, initialMatchState, marketData, type MatchState, sportsAdminApi, sportsApi } from './sports/index';
export { type MatchDataStatus } from './kernel/sequenced-watches';
export { casinoApi, casinoIntApi, casinoLive, clockOffsetOf, initialCasinoTableState, type CasinoTableState } from './casino-client/index';
export { type DepositSubmission, paymentsApi, PLAYER_REQUEST_REMARK } from './payments/index';
export { clientsApi, createClientsApi, settingsApi } from './agents/index';
export { authApi, registrationApi, responsibleGamblingApi, securityApi, statementApi } from './account/index';
export { exclusionInForce, limitInForce, useResponsibleGambling } from './account/use-responsible-gambling';
export { availableBalance } from './account/available-balance';
export { publish, on, notify } from './kernel/bus';
export { announceAppInitialised, appInitialised$ } from './kernel/app-initialised';
export { user$, currentUser, setUser, setBalance, hideFlags$, toggleHide } from './kernel/session';
export { useObservable } from './kernel/use-observable';
export { useLoad, notifyFailure, type Load } from './kernel/use-load';
export { askEarly, earlyAnswerOr, watchEarly, type EarlyCall } from './kernel/early-answers';
export { ApisProvider, realApis, useApis, type Apis } from './kernel/apis';
export { PlacementEchoes, useWalletNews } from './kernel/wallet-news';
export { readCredentials, writeCredentials, clearCredentials } from './kernel/storage';
export { rememberSignOut, clearSignOut, asSignOutReason, signedOutBecause, type SignedOutBecause } from './kernel/sign-out';
export { formatRupees, formatWholeRupees, hasAtMostTwoDecimals, parseStake, rupeeAmountError, sumRupeesForDisplay, toMinor, toRupees } from './kernel/money';
export { createSubmissionKeys, newIdempotencyKey, retryOnNetworkLoss } from './kernel/idempotency';
export { lazyWithRetry, importWithRetry, type PreloadableLazy } from './kernel/lazy-with-retry';
export { Button, TextField, Page, Spinner, EmptyState, SelectField, FormFooter } from './ui/kit';
export { BuildTag } from './ui/build-tag';
export { BET_REFUSED_TOPIC, useSlipSubmission, type SlipError, type SlipSubmission } from './sports/bet-slip';
export { Pnl } from './ui/pnl';
export { QrCode, qrCodePath, QR_QUIET_ZONE_MODULES } from './ui/qr-code';
export { formatBetPrice, formatBookmakerRate, formatFancyLineRate, formatOddsDecimal, formatRunnerPrice } from './sports/price-format';
export { BET_STATUS_LABELS, betStatusLabel, MARKET_STATUS_LABELS, marketStatusLabel, sideClass, sideLabel } from './sports/bet-labels';
export { PRICE_CONNECTION_TEXT, priceConnectionText, useMatchState } from './sports/use-match-state';
export { ALL_SPORTS, sportIdOf } from './sports/sport-filter';
export { listRange, paymentStatusLabel, REPORT_TYPES, reportTypeOptions } from './payments/statement-filters';
export { BetTableRow, MyBetsSection } from './sports/my-bets';
export { Dialog } from './ui/dialog';
export { useModalFocus, useScrollLock } from './ui/modal-focus';
export { PHONE_QUERY, mediaMatches, useMediaQuery } from './ui/media';
export { DateRange, defaultDateRange, rangeInverted, rangeReady } from './ui/date-range';
export { exportApi, type CsvFile, type ExportFilters, type ExportReport } from './kernel/export-api';
export { compareCodeUnits } from './kernel/text-order';
export { DATE_TIME_MINUTES_FORMAT, DATE_TIME_SECONDS_FORMAT, formatDate, formatDateTimeMinutes, formatDateTimeMinutesIst, formatDateTimeSeconds, localDayBound } from './kernel/date-format';
export {
  RACE_NAME_SEPARATOR,
  RACING_SPORT_IDS,
  eventLabel,
  formatOffTime,
  isRacingSport,
  placesText,
  raceMarketTitle,
  raceParts,
  reductionText,
  runnerLabel,
} from './sports/racing';
export { casinoCategoryName, loginAttemptReasonLabel, oddsAcceptanceLabel, rgLimitLabel, roleLabel, sportLabel } from './i18n/labels';
export type { RemoteModule, ScreenParams } from './remote';
export {
  currentLanguage, defineCatalog, isLanguage, type Language, LANGUAGE_NAMES, LANGUAGES, localizeApiMessage, type MessageValues,
  setLanguage, sharedT, type Translate, useLanguage, useSharedT,
} from './i18n/index';
