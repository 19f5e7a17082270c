import type {
  ChangePasswordRequest,
  DownlineRow,
  LoginRequest,
  MatchSummary,
  LoginResponse,
  SaveSettingListRequest,
  SettingRow,
  SportItem,
  TransactionPasswordRequest,
  UserInfo,
} from '../contracts/api';
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
import type { ApiClient } from './client';
import { unwrap, unwrapWithMessage } from './client';

/** One call site per endpoint (STYLE §5): authentication and the account. */
export function createAuthApi(client: ApiClient) {
  return {
    login: (body: LoginRequest) => unwrapWithMessage<LoginResponse>(client.main.post('/login', body, { headers: { Authorization: undefined } })),
    loginAdmin: (body: LoginRequest) => unwrapWithMessage<LoginResponse>(client.main.post('/login-admin', body, { headers: { Authorization: undefined } })),
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

/** Sports catalog (data calls: 10 s). */
export function createSportsApi(client: ApiClient) {
  return {
    sportList: () => unwrap<SportItem[]>(client.data.get('/get-sport-list')),
    matchList: (params: { sportId?: number; status?: string; limit?: number }) =>
      unwrap<MatchSummary[]>(client.data.get('/get-match-list', { params: { status: 'all', ...params } })),
  };
}

/** The agent's downline. */
export function createUsersApi(client: ApiClient) {
  return {
    downline: () => unwrap<DownlineRow[]>(client.main.get('/downline')),
  };
}

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
