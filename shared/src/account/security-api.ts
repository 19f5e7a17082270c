import type {
  DownlineLoginHistoryQuery,
  LoginHistoryQuery,
  LoginHistoryResponse,
  LoginResponse,
  LoginTwoFactorRequest,
  PushKey,
  PushSubscribeRequest,
  PushSubscriptions,
  TwoFactorConfirmRequest,
  TwoFactorDisableRequest,
  TwoFactorEnrolment,
  TwoFactorPolicy,
  TwoFactorRecoveryCodes,
  TwoFactorStatus,
} from '../contracts/index';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

/** One call site per endpoint (docs/rules/code-style.md §5): account security — two-factor and the login history. */
export function createSecurityApi(client: ApiClient) {
  return {
    /** The login's second step: no bearer token, the challenge is the credential. */
    loginTwoFactor: (body: LoginTwoFactorRequest) =>
      unwrapWithMessage<LoginResponse>(client.main.post('/login-two-factor', body, { headers: { Authorization: undefined } })),
    status: () => unwrap<TwoFactorStatus>(client.main.get('/two-factor-status')),
    enrol: () => unwrapWithMessage<TwoFactorEnrolment>(client.main.post('/two-factor-enrol', {})),
    confirm: (body: TwoFactorConfirmRequest) => unwrapWithMessage<TwoFactorRecoveryCodes>(client.main.post('/two-factor-confirm', body)),
    disable: (body: TwoFactorDisableRequest) => unwrapWithMessage<null>(client.main.post('/two-factor-disable', body)),
    policy: () => unwrap<TwoFactorPolicy>(client.main.get('/two-factor-policy')),
    savePolicy: (body: TwoFactorPolicy) => unwrapWithMessage<TwoFactorPolicy>(client.main.post('/two-factor-policy', body)),
    history: (query: LoginHistoryQuery = {}) => unwrap<LoginHistoryResponse>(client.main.get('/login-history', { params: query })),
    downlineHistory: (query: DownlineLoginHistoryQuery = {}) =>
      unwrap<LoginHistoryResponse>(client.main.get('/downline-login-history', { params: query })),
    /** Browser notifications (Web Push): the key to subscribe with, and this browser on or off. */
    pushKey: () => unwrap<PushKey>(client.main.get('/push-key')),
    pushSubscribe: (subscription: PushSubscribeRequest) => unwrap<PushSubscriptions>(client.main.post('/push-subscribe', subscription)),
    pushUnsubscribe: (endpoint: string) => unwrap<PushSubscriptions>(client.main.post('/push-unsubscribe', { endpoint })),
  };
}

export type SecurityApi = ReturnType<typeof createSecurityApi>;
