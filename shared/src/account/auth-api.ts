import type { ChangePasswordRequest, LoginRequest, TransactionPasswordRequest } from '../contracts/api';
import type { LoginOutcome } from '../contracts/security';
import type { ApiClient } from '../kernel/client';
import { fetchUserInfo, unwrapWithMessage } from '../kernel/client';

/** One call site per endpoint (docs/rules/code-style.md §5): authentication and the account. */
export function createAuthApi(client: ApiClient) {
  return {
    /** The session, or with two-factor on the second step's challenge (isTwoFactorChallenge). */
    login: (body: LoginRequest) => unwrapWithMessage<LoginOutcome>(client.main.post('/login', body, { headers: { Authorization: undefined } })),
    loginAdmin: (body: LoginRequest) => unwrapWithMessage<LoginOutcome>(client.main.post('/login-admin', body, { headers: { Authorization: undefined } })),
    userInfo: () => fetchUserInfo(client),
    changePassword: (body: ChangePasswordRequest) => unwrapWithMessage<null>(client.main.post('/change-password', body)),
    setTransactionPassword: (body: TransactionPasswordRequest) => unwrapWithMessage<null>(client.main.post('/transaction-password', body)),
    logout: () => unwrapWithMessage<null>(client.main.post('/logout', {})),
  };
}
