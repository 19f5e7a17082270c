/** Self-registration and the demo SMS outbox (api/src/registration). */
import type {
  CaptchaChallenge,
  LoginResponse,
  RegistrationAgent,
  SaveRegistrationAgentRequest,
  SendOtpRequest,
  SendOtpResponse,
  SmsOutboxQuery,
  SmsOutboxResponse,
  UserRegisterRequest,
} from '../contracts/index';
import { unwrap, unwrapWithMessage, type ApiClient } from '../kernel/client';

export function createRegistrationApi(client: ApiClient) {
  const noAuth = { headers: { Authorization: undefined } };
  return {
    sendOtp: (body: SendOtpRequest) => unwrapWithMessage<SendOtpResponse>(client.main.post('/send-otp', body, noAuth)),
    captchaChallenge: () => unwrap<CaptchaChallenge>(client.main.get('/captcha-challenge', noAuth)),
    register: (body: UserRegisterRequest) => unwrapWithMessage<LoginResponse>(client.main.post('/user-register', body, noAuth)),
    smsOutbox: (query: SmsOutboxQuery) => unwrap<SmsOutboxResponse>(client.main.get('/sms-outbox', { params: query })),
    /** admin, sadmin: the DL this site's new players register under (ADR 0074 "Content per site"). */
    agent: () => unwrap<RegistrationAgent>(client.main.get('/get-registration-agent')),
    /** admin, sadmin: sets it for this site (null: the configured agent), with the transaction password. */
    saveAgent: (body: SaveRegistrationAgentRequest) => unwrapWithMessage<RegistrationAgent>(client.main.post('/save-registration-agent', body)),
  };
}
