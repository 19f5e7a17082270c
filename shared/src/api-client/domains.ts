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
