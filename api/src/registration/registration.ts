/**
 * The registration domain's wiring (kept here, so app.ts grows by one call): the SMS sender of
 * config SMS_PROVIDER, the OTP codes, the captcha and the service.
 */
import { createHmac } from 'node:crypto';
import type { LoginRequest, LoginResponse } from '@backlay/shared/contracts';
import type { PasswordHasher } from '../auth/passwords';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import type { RequestMeta } from '../plugins/request-context';
import { Captcha } from './captcha';
import { OtpCodes } from './otp-codes';
import { RegistrationService } from './registration.service';
import { createSmsSender } from './sms/sms-sender';

export function createRegistration(deps: {
  config: Readonly<Config>;
  db: Database;
  clock: Clock;
  passwords: PasswordHasher;
  ledger: LedgerService;
  log: Logger;
  /** The JWT secret: OTP_SECRET, when unset, is derived from it. */
  jwtSecret: string;
  signIn: (body: LoginRequest, meta: RequestMeta) => Promise<LoginResponse>;
  registrationAgentOf?: (siteId: string) => Promise<string | null>;
}): RegistrationService {
  const { config, db, clock, log } = deps;
  const secret = config.registration.otpSecret ?? createHmac('sha256', deps.jwtSecret).update('backlay otp key v1').digest('hex');
  return new RegistrationService({
    db,
    config,
    otp: new OtpCodes({ db, clock, secret, sms: createSmsSender(config, db, log), log }),
    captcha: new Captcha({ db, clock, secret, maxNumber: config.registration.captchaMaxNumber }),
    passwords: deps.passwords,
    ledger: deps.ledger,
    signIn: deps.signIn,
    log,
    ...(deps.registrationAgentOf === undefined ? {} : { registrationAgentOf: deps.registrationAgentOf }),
  });
}
