/** Self-registration and the demo SMS outbox (api/src/registration). */
import type {
  CaptchaChallenge,
  LoginResponse,
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
  };
}
