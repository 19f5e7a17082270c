import type {
  ChangePasswordRequest,
  LoginRequest,
  MatchSummary,
  SaveSettingListRequest,
  SettingRow,
  SportItem,
  TransactionPasswordRequest,
  UserInfo,
} from '../contracts/api';
import type { LoginOutcome } from '../contracts/security';
import type { FeedStatus } from '../contracts/feed';
import type {
  AccountStatementQuery,
  AccountStatementResponse,
  AddUserRequest,
  ChangeChildPasswordRequest,
  ChipTransferRequest,
  ChipTransferResponse,
  ClientRow,
  ListClientsQuery,
  ListClientsResponse,
  LockRequest,
  UpdateUserRequest,
} from '../contracts/clients';
import { IDEMPOTENCY_HEADER } from '../contracts/clients';
import type {
  ButtonValue,
  Fancy,
  FeedMatch,
  Market,
  MatchDetail,
  NewsMessage,
  SaveMatchRequest,
  Score,
  SeriesItem,
  SaveMessageRequest,
  SportAdminItem,
  SportSettings,
  UpdateFancyRequest,
  UpdateMessageRequest,
  UpdateMarketRequest,
  UpdateMatchRequest,
} from '../contracts/sports';
import type {
  AddBankAccountRequest,
  AddUpiRequest,
  BankAndUpiList,
  DeleteUpiBankRequest,
  DepositWithdrawListRequest,
  PaymentRequestRow,
  PaymentSettings,
  PaymentSuccess,
  UpdateDepositWithdrawStatusRequest,
  WithdrawRequestBody,
} from '../contracts/payments';
import { UPLOAD_FIELD } from '../contracts/payments';
import type { ApiClient } from '../kernel/client';
import { toApiError, unwrap, unwrapWithMessage } from '../kernel/client';

/** One call site per endpoint (STYLE §5): authentication and the account. */
export function createAuthApi(client: ApiClient) {
  return {
    /** The session, or with two-factor on the second step's challenge (isTwoFactorChallenge). */
    login: (body: LoginRequest) => unwrapWithMessage<LoginOutcome>(client.main.post('/login', body, { headers: { Authorization: undefined } })),
    loginAdmin: (body: LoginRequest) => unwrapWithMessage<LoginOutcome>(client.main.post('/login-admin', body, { headers: { Authorization: undefined } })),
    userInfo: () => unwrap<UserInfo>(client.main.get('/user-info')),
    changePassword: (body: ChangePasswordRequest) => unwrapWithMessage<null>(client.main.post('/change-password', body)),
    setTransactionPassword: (body: TransactionPasswordRequest) => unwrapWithMessage<null>(client.main.post('/transaction-password', body)),
    logout: () => unwrapWithMessage<null>(client.main.post('/logout', {})),
  };
}

/** Settings (admin and sadmin). */
export function createSettingsApi(client: ApiClient) {
  return {
    list: () => unwrap<SettingRow[]>(client.main.get('/get-setting-list')),
    save: (body: SaveSettingListRequest) => unwrapWithMessage<SettingRow[]>(client.main.post('/save-setting-list', body)),
  };
}

/** Match list filters of get-match-list: the API's default status is all. */
export interface MatchListQuery {
  sportId?: number;
  /** all | inplay | in-play | upcoming */
  status?: string;
  limit?: number;
}

/**
 * Sports catalog as players (and agents) read it: sports, matches, markets, fancies, score, the
 * news lines and the player's stake buttons. Reads are data calls (10 s, SPEC §9).
 */
export function createSportsApi(client: ApiClient) {
  return {
    sportList: () => unwrap<SportItem[]>(client.data.get('/get-sport-list')),
    matchList: (params: MatchListQuery) => unwrap<MatchSummary[]>(client.data.get('/get-match-list', { params: { status: 'all', ...params } })),
    matchById: (matchId: string) => unwrap<MatchDetail>(client.data.get('/get-match-by-id', { params: { matchId } })),
    /** Players get the active markets only; admins every market of the match. */
    marketList: (matchId: string) => unwrap<Market[]>(client.data.get('/get-market-list', { params: { matchId } })),
    /** Fancies of one kind (SPEC §7: gtype defaults to session). */
    fancyList: (matchId: string, gtype = 'session') => unwrap<Fancy[]>(client.data.get('/get-fancy-list', { params: { matchId, gtype } })),
    score: (matchId: string) => unwrap<Score>(client.data.get('/score', { params: { MatchID: matchId } })),
    /** The active news lines (players), or every line (admin and sadmin). */
    messages: () => unwrap<NewsMessage[]>(client.data.get('/get-messages')),
    buttonValues: () => unwrap<ButtonValue[]>(client.main.get('/get-button-values')),
    saveButtonValues: (buttons: ButtonValue[]) => unwrapWithMessage<ButtonValue[]>(client.main.post('/save-button-values', { buttons })),
  };
}

/**
 * A match of get-match-list as admin and sadmin get it: every imported match of the sport, shown
 * to players or not, with the switch's state.
 */
export type AdminMatchSummary = MatchSummary;

/** The sports catalog's player module shape (tests mock it). */
export type SportsApi = ReturnType<typeof createSportsApi>;

/**
 * Sports administration (admin and sadmin, SPEC §6): the feed's competitions and matches, import,
 * sport settings, match/market/fancy switches and limits, and the news lines.
 */
export function createSportsAdminApi(client: ApiClient) {
  return {
    /** Every sport with its active switch and default limits (get-sport-list as admin answers). */
    sports: () => unwrap<SportAdminItem[]>(client.main.get('/get-sport-list')),
    /**
     * Imported matches of a sport, including those hidden from players, each with its player
     * switch (get-match-list answers admins with every imported match).
     */
    matchList: (params: MatchListQuery) => unwrap<AdminMatchSummary[]>(client.main.get('/get-match-list', { params: { status: 'all', ...params } })),
    /** Competitions of a sport in the feed (EventTypeID = sport id). */
    series: (sportId: number) => unwrap<SeriesItem[]>(client.main.get('/get-series', { params: { EventTypeID: sportId } })),
    /** Matches of a competition in the feed, each saying whether it is imported. */
    feedMatches: (sportId: number, competitionId: string) =>
      unwrap<FeedMatch[]>(client.main.get('/get-matches', { params: { EventTypeID: sportId, CompetitionID: competitionId } })),
    saveMatch: (body: SaveMatchRequest) => unwrapWithMessage<MatchDetail>(client.main.post('/save-match', body)),
    saveSportSettings: (body: SportSettings) => unwrapWithMessage<unknown>(client.main.post('/save-sport-settings', body)),
    updateMatch: (body: UpdateMatchRequest) => unwrapWithMessage<unknown>(client.main.post('/update-match', body)),
    updateMarket: (body: UpdateMarketRequest) => unwrapWithMessage<Market>(client.main.post('/update-market', body)),
    updateFancy: (body: UpdateFancyRequest) => unwrapWithMessage<Fancy>(client.main.post('/update-fancy', body)),
    /** Every news line, active or not. */
    messages: () => unwrap<NewsMessage[]>(client.main.get('/get-messages')),
    saveMessage: (body: SaveMessageRequest) => unwrapWithMessage<NewsMessage>(client.main.post('/save-message', body)),
    updateMessage: (body: UpdateMessageRequest) => unwrapWithMessage<NewsMessage>(client.main.post('/update-message', body)),
    /** The feed's health: the provider's connection and the markets by status (ADR 0039). */
    feedStatus: () => unwrap<FeedStatus>(client.main.get('/feed-status')),
  };
}

/** The sports admin module's shape (tests mock it). */
export type SportsAdminApi = ReturnType<typeof createSportsAdminApi>;

/**
 * The agent hierarchy: the downline list, account create and edit, chip transfers, locks, a
 * child's password and the account statement. Chip transfers move money, so each carries the
 * Idempotency-Key the caller generated for that submission (the same key on a retry of it).
 */
export function createClientsApi(client: ApiClient) {
  return {
    listClients: (query: ListClientsQuery) => unwrap<ListClientsResponse>(client.main.get('/list-clients', { params: query })),
    userDetail: (username: string) => unwrap<ClientRow>(client.main.get('/user-detail', { params: { username } })),
    addUser: (body: AddUserRequest) => unwrapWithMessage<ClientRow>(client.main.post('/add-user', body)),
    updateUser: (body: UpdateUserRequest) => unwrapWithMessage<ClientRow>(client.main.post('/update-user', body)),
    depositChips: (body: ChipTransferRequest, idempotencyKey: string) =>
      unwrapWithMessage<ChipTransferResponse>(client.main.post('/deposit-chips', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    withdrawChips: (body: ChipTransferRequest, idempotencyKey: string) =>
      unwrapWithMessage<ChipTransferResponse>(client.main.post('/withdraw-chips', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    usersLock: (body: LockRequest) => unwrapWithMessage<ClientRow>(client.main.post('/users-lock', body)),
    betLock: (body: LockRequest) => unwrapWithMessage<ClientRow>(client.main.post('/bet-lock', body)),
    changeChildPassword: (body: ChangeChildPasswordRequest) => unwrapWithMessage<null>(client.main.post('/change-child-password', body)),
    accountStatement: (query: AccountStatementQuery) => unwrap<AccountStatementResponse>(client.main.get('/account-statement', { params: query })),
  };
}

/** The clients domain module's shape (tests mock it). */
export type ClientsApi = ReturnType<typeof createClientsApi>;

/**
 * What the player's deposit form submits (SPEC §3): the amount as typed, the panel it was paid
 * through, the UTR number and the screenshot file. remark ('ok') and type ('deposit') are fixed.
 */
export interface DepositSubmission {
  amount: string;
  accountType: 'upi' | 'bank';
  utrno: string;
  image: Blob;
}

/** The remark every player request carries (SPEC §3: always 'ok'). */
export const PLAYER_REQUEST_REMARK = 'ok';

/**
 * A path the API gave as an absolute address under its own /api prefix (paymentScreenshotPath),
 * made relative to the client's base URL, which already points at /api.
 */
function apiRelative(path: string): string {
  return path.startsWith('/api/') ? path.slice('/api'.length) : path;
}

/**
 * Payments (SPEC §7 "Payments"): saved bank accounts and UPI ids, deposit and withdraw requests,
 * their statements, the operator's payment settings, decisions and the authorised screenshots.
 * The two calls that move money (a new request, a decision) carry the Idempotency-Key the
 * caller generated for that submission, and the same key again when it retries it.
 */
export function createPaymentsApi(client: ApiClient) {
  return {
    addBankAccount: (body: AddBankAccountRequest) => unwrapWithMessage<PaymentSuccess>(client.main.post('/add-bank-account', body)),
    addUpi: (body: AddUpiRequest) => unwrapWithMessage<PaymentSuccess>(client.main.post('/add-upi', body)),
    deleteUpiBank: (body: DeleteUpiBankRequest) => unwrapWithMessage<PaymentSuccess>(client.main.post('/delete-upi-bank', body)),
    bankAndUpiList: () => unwrap<BankAndUpiList>(client.main.get('/get-bank-and-upi-list')),
    /** A deposit: multipart with the screenshot in the imageUrl field (SPEC §7); the browser sets the boundary. */
    addDeposit: (submission: DepositSubmission, idempotencyKey: string) => {
      const form = new FormData();
      form.append('remark', PLAYER_REQUEST_REMARK);
      form.append('type', 'deposit');
      form.append(UPLOAD_FIELD, submission.image);
      form.append('accountType', submission.accountType);
      form.append('amount', submission.amount);
      form.append('utrno', submission.utrno);
      return unwrapWithMessage<PaymentRequestRow>(client.main.post('/add-deposit-withdraw', form, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
    },
    /** A withdraw: a plain JSON body naming the chosen saved account; the amount is held at once. */
    addWithdraw: (body: WithdrawRequestBody, idempotencyKey: string) =>
      unwrapWithMessage<PaymentRequestRow>(client.main.post('/add-deposit-withdraw', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    depositWithdrawList: (body: DepositWithdrawListRequest) => unwrap<PaymentRequestRow[]>(client.main.post('/get-deposit-withdraw-list', body)),
    /** The operator's UPI and bank details shown on the deposit page (get-payment-list). */
    paymentSettings: () => unwrap<PaymentSettings>(client.main.get('/get-payment-list')),
    /** save-payment-list: multipart with settingList as JSON text, as SPEC §7 sends it. */
    savePaymentSettings: (settings: PaymentSettings) => {
      const form = new FormData();
      form.append('settingList', JSON.stringify(settings));
      return unwrapWithMessage<PaymentSettings>(client.main.post('/save-payment-list', form));
    },
    /** Approve or reject a pending request (update-deposit-withdraw-status). */
    updateStatus: (body: UpdateDepositWithdrawStatusRequest, idempotencyKey: string) =>
      unwrapWithMessage<PaymentRequestRow>(client.main.post('/update-deposit-withdraw-status', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    /**
     * A stored screenshot (a row's screenshotUrl) as a Blob. An <img src> cannot send the bearer
     * token, so the image is fetched here and shown through an object URL.
     */
    screenshot: async (screenshotUrl: string): Promise<Blob> => {
      try {
        const res = await client.main.get<Blob>(apiRelative(screenshotUrl), { responseType: 'blob' });
        return res.data;
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}

/** The payments module's shape (tests mock it). */
export type PaymentsApi = ReturnType<typeof createPaymentsApi>;
