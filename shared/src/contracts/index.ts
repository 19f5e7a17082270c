/**
 * Contracts shared by every app and the API: isomorphic, no runtime dependencies. Every name is
 * listed because an app or the API uses it (no `export *`, eslint.config.mjs).
 */
export {
  type ApiEnvelope, type ChangePasswordRequest, type DownlineRow, type HealthResponse, type LivenessResponse, type LoginRequest,
  type LoginResponse, type MatchSummary, type RefreshRequest, type RefreshResponse, type SaveSettingListRequest,
  type SettingRow, type SportItem, type TransactionPasswordRequest, type UserInfo,
} from './api';
export { ERROR_CODES, type ErrorCode } from './errors';
export { type EventMap } from './events';
export {
  BLUR_TIMEOUT_MS, INACTIVITY_LOGOUT_MS, PAGE_SIZE_MAX, PASSWORD_MAX_LENGTH, SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_RANDOMIZATION_FACTOR, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS, TOAST_AUTO_CLOSE_MS,
  TRANSACTION_PASSWORD_PATTERN, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN,
} from './limits';
export { fillMessage, MESSAGE_WORDS, MESSAGES } from './messages';
export { SCORE_WORDS } from './score';
export {
  BET_SORT_KEYS, type BetSortKey, CLIENT_SORT_KEYS, MATCH_SORT_KEYS, type MatchSortKey, type ClientSortKey, PAYMENT_SORT_KEYS, type PaymentSortKey, SMS_OUTBOX_SORT_KEYS, type SmsOutboxSortKey, SORT_ORDERS, type SortOrder,
} from './sorting';
export {
  AGENT_ROLES, type Area, areaOfRole, childRoleOf, HOME_LANDING_ROLES, isRole, type Role, ROLE_LABELS, ROLES,
  SPORTS_ADMIN_ROLES,
} from './roles';
export {
  type DownlineLoginHistoryQuery, isTwoFactorChallenge, LOGIN_ATTEMPT_REASON_LABELS, loginAttemptOutcome, type LoginAttemptOutcome, LOGIN_HISTORY_PAGE_SIZE, type LoginAttemptReason,
  type LoginHistoryQuery, type LoginHistoryResponse, type LoginHistoryRow, type LoginOutcome, type LoginTwoFactorRequest,
  RECOVERY_CODES_PER_ENROLMENT, SECURITY_MESSAGES, TWO_FACTOR_CHALLENGE_TTL_SEC, type TwoFactorChallenge,
  type TwoFactorConfirmRequest, type TwoFactorDisableRequest, type TwoFactorEnrolment, type TwoFactorPolicy,
  type TwoFactorRecoveryCodes, type TwoFactorStatus,
} from './security';
export { isAdminPath, routeAllowsRole, type RouteDef, type RouteName, type RouteOwner, ROUTES } from './routes';
export {
  DATA_NAMESPACE, type SignOutReason, SOCKET_PATH, type SocketAck, type SocketBalancePayload, type SocketMatchStatusPayload, type SocketPaymentQueuePayload, type SocketLoginPayload,
  TOKEN_EXPIRED_EVENT, USER_NAMESPACE, type UserClientEvents, type UserServerEvents,
} from './socket';
export {
  type AccountStatementQuery, type AccountStatementResponse, type AccountStatus, type AddUserRequest, type ChangeChildPasswordRequest,
  type ChipTransferRequest, type ChipTransferResponse, type ClientRow, DISPLAY_NAME_MAX_LENGTH, IDEMPOTENCY_HEADER,
  type ListClientsQuery, type ListClientsResponse, type LockRequest, MONEY_MAX_RUPEES, PAGE_SIZE_DEFAULT, PHONE_PATTERN,
  REMARK_MAX_LENGTH, SEARCH_MAX_LENGTH, type UpdateUserRequest, type UserDetailQuery,
} from './clients';
export {
  BET_DELAY_MAX_SEC, BUTTON_LABEL_MAX_LENGTH, BUTTON_VALUE_MAX, BUTTON_VALUES_MAX, type ButtonValue, type DataServerEvents, type DataSubscribe,
  DEFAULT_BUTTON_VALUES, type Fancy, FANCY_GTYPE_DEFAULT, type FeedMatch, type Market, MARKET_DATA_BATCH_MS,
  MARKET_LIMIT_MAX, MARKET_RESULT_VOID, type MarketLimits, type MarketStatus, type MarketType, type MatchDelta,
  type MatchDetail, type MatchOddsSummary, type MatchSnapshot, NEWS_TEXT_MAX_LENGTH, type NewsMessage, type PriceSize,
  type Runner, type SaveButtonValuesRequest, type SaveMatchRequest, type SaveMessageRequest, type Score,
  type SeriesByDate, type SeriesItem, type SeriesMatchItem, type SeriesWithMarket, SPORT_IDS, type SportAdminItem,
  type SportSettings, type UpdateFancyRequest, type UpdateMarketRequest, type UpdateMatchRequest,
  type UpdateMessageRequest,
} from './sports';
export {
  ACCOUNT_HOLDER_NAME_PATTERN, ACCOUNT_NUMBER_PATTERN, type AddBankAccountRequest, type AddUpiRequest, type BankAndUpiList,
  type DeleteUpiBankRequest, DEPOSIT_MAX_RUPEES_DEFAULT, DEPOSIT_MIN_RUPEES_DEFAULT, type DepositWithdrawListRequest,
  IFSC_PATTERN, PAYMENT_LIST_MAX_ROWS, type PaymentRequestRow, type PendingPayments, type PendingQueue, paymentScreenshotPath, type PaymentSettings,
  type PaymentStatus, type PaymentSuccess, PENDING_REQUESTS_MAX, SAVED_ACCOUNTS_MAX, type SavedBankAccount,
  type SavedUpi, type UpdateDepositWithdrawStatusRequest, UPI_ID_PATTERN, UPI_NAME_MAX_LENGTH, UPLOAD_FIELD,
  UPLOAD_MAX_BYTES, UPLOAD_MAX_DIMENSION_PX, UPLOAD_MAX_PIXELS, UPLOAD_TYPES, UTR_PATTERN, type WithdrawRequestBody,
} from './payments';
export {
  type AcceptFeedResultRequest, type AnyBetSide, BET_IDS_MAX, BET_LIST_PAGE_SIZE, BET_LIST_PAGE_SIZE_MAX,
  type BetHistoryQuery, type BetListByIdsRequest, type BetMarketType, type BetPage, type BetRow, type BetsQuery,
  type BetStatus, type CashOutOffer, type CashOutOffersQuery, type CashOutRequest, type CashOutResponse, type ChildBookRow, type ChildUserListQuery, type DeclaredResult, type DeclareResultRequest,
  type DeleteBetsRequest, type DeleteBetsResponse, type FancyBetRequest, type FancyBetSide, isFancyBetRequest,
  type MarketAnalysisQuery, type MarketBetLockRequest, type MarketBook, type MarketPosition, type PlaceBetRequest,
  type PlaceBetResponse, type PlaceBetSide, type PlacedBet, type ProfitListRow, type ProfitLossQuery,
  type ProfitLossResponse, type ProfitLossRow, type ResultMarketRow, type ResultsQuery, type RollbackResultRequest,
  RUN_BOOK_MARGIN, type RunnerBetRequest, type SettlementSummary, type UnsettledBetsQuery, type UnsettledBetType,
  type BetPreferences, DEFAULT_BET_PREFERENCES, ODDS_ACCEPTANCES, ODDS_ACCEPTANCE_TEXT, type OddsAcceptance, type SaveBetPreferencesRequest,
} from './bets';
export {
  ALL_CASINO_CATEGORY, CASINO_BETS_PAGE_SIZE_DEFAULT, CASINO_CATEGORIES, CASINO_DELTA, CASINO_SUBSCRIBE, CASINO_SUSPENDED_MESSAGE, CASINO_UNSUBSCRIBE,
  type CasinoBet, type CasinoBetsResponse, type CasinoCategoryId, type CasinoCountdown, type CasinoDelta, type CasinoDisableRequest, type CasinoDisableResponse,
  type CasinoGameListItem, type CasinoGameReportResponse, type CasinoGameReportRow, type CasinoGamesResponse,
  type CasinoMarketView, type CasinoPhase, type CasinoReportResponse, type CasinoReportRow, type CasinoResultsResponse,
  type CasinoRoundBook, type CasinoRoundCards, type CasinoRoundRecord, type CasinoRoundStatus, type CasinoRoundView,
  type CasinoRulesView, type CasinoRunnerView, type CasinoSnapshot, type CasinoTableView, type VirtualGameListItem, type VirtualGamesResponse,
  CASINO_STATS_ROUNDS, type CasinoLastResult, type CasinoResultStats, type ResultTone,
} from './casino';
export {
  CASINO_INT_CODE_PATTERN, CASINO_INT_GAME_ID_PATTERN, CASINO_INT_MAX_MULTIPLIER_PATTERN, CASINO_INT_MESSAGES, type CasinoIntGame, type CasinoIntGameAdminView,
  casinoIntGameId, type CasinoIntGamesQuery, type CasinoIntGamesResponse, type CasinoIntMismatch, type CasinoIntMismatchKind,
  type CasinoIntNewSecret, type CasinoIntPlayUrlRequest, type CasinoIntPlayUrlResponse, type CasinoIntProvider,
  type CasinoIntProviderAdminView, type CasinoIntProvidersAdminResponse, type CasinoIntProvidersResponse,
  type CasinoIntReconciliationQuery, type CasinoIntReconciliationReport, type CasinoIntReconciliationRun,
  type CasinoIntSecretsView, type CasinoIntSecretView, type CasinoIntSubCategory, type CasinoIntTransactionRow,
  type CasinoIntTxType, type CreateCasinoIntGameRequest, type CreateCasinoIntProviderRequest,
  type RunCasinoIntReconciliationRequest, type SetCasinoIntEnabledRequest, SPORT_BETTING_PROVIDER, STUDIO_PROVIDER,
} from './casino-int';
export {
  type CaptchaChallenge, type CaptchaSolution, INDIAN_MOBILE_PATTERN, normalizeIndianMobile, OTP_LENGTH, OTP_PATTERN,
  REGISTER_MESSAGES, type RegistrationLogs, type SendOtpRequest, type SendOtpResponse, type SmsDeliveryReportResponse, type SmsOutboxQuery,
  type SmsOutboxResponse, type SmsOutboxRow, type UserRegisterRequest, type UserRegisterResponse,
} from './registration';
export {
  type DownlineRgQuery, type DownlineRgRow, type RealityCheckView, type ResponsibleGamblingView, type RgExclusionView,
  RG_INCREASE_DELAY_HOURS, RG_LIMIT_LABELS, RG_LIMIT_RUPEES_MAX, RG_LIMIT_TYPES, RG_REALITY_CHECK_MINUTES_MAX,
  RG_REALITY_CHECK_MINUTES_MIN, RG_REFUSAL_KINDS, RG_SELF_EXCLUSION_MONTHS_MAX, RG_SELF_EXCLUSION_MONTHS_MIN,
  RG_TIME_OUT_DAYS_MAX, RG_TIME_OUT_DAYS_MIN, type RgLimitType, type RgLimitView, type RgRealityCheckRequest,
  type RgRefusalKind, type RgSelfExcludeRequest, type RgSetLimitRequest, type RgTimeOutRequest,
} from './responsible-gambling';
export { type FeedMarketCounts, type FeedStaleReason, type FeedStatus } from './feed';
export {
  type AgentDashboard, DASHBOARD_DAYS, type DashboardDay, type DashboardExposureMatch, type DashboardGame, type DashboardPosition, type DashboardSite,
  type DashboardTotals,
} from './dashboard';
export { type PushKey, type PushMessage, type PushSubscribeRequest, type PushSubscriptions, type PushUnsubscribeRequest } from './push';
export {
  type CreateSiteRequest,
  type PublicSite,
  SITE_ADMIN_MESSAGES,
  SITE_COLOUR_PATTERN_SOURCE,
  SITE_ID_PATTERN_SOURCE,
  SITE_LANGUAGES,
  SITE_LOGO_MAX_BYTES,
  SITE_MAINTENANCE_MESSAGE_MAX_LENGTH,
  SITE_MAX_DOMAINS,
  SITE_MESSAGES,
  SITE_NAME_MAX_LENGTH,
  SITE_SUPPORT_EMAIL_MAX_LENGTH,
  SITE_SUPPORT_PHONE_MAX_LENGTH,
  SITE_THEME_KEYS,
  APP_ICONS,
  type AppManifest,
  type SiteAdminRef,
  type SiteAdminRow,
  type SiteFields,
  type SiteLanguage,
  type SiteTheme,
  type SiteThemeKey,
  type UpdateSiteRequest,
} from './sites';
export {
  type RegistrationAgent,
  type SaveRegistrationAgentRequest,
  type SaveSiteCasinoRequest,
  type SaveSiteSportsRequest,
  type SaveSiteLimitsRequest,
  type SiteStakeLimits,
  SITE_CONTENT_MESSAGES,
  SITE_SWITCH_LIST_MAX,
  type SiteCasinoSwitches,
  type SiteSportsSwitches,
} from './site-content';
