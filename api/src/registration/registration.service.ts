/**
 * Self-registration (docs/rules/product.md §2–§5, §7; docs/rules/test-plan.md T11; ADR 0017): send-otp, the captcha challenge,
 * user-register, the admins' view of the SMS outbox and the SMS gateway's delivery reports.
 *
 * A send checks the phone, then spends a solved captcha (each SMS costs a proof of work, against
 * SMS pumping), then asks OtpCodes for a code and returns its nonce (ADR 0024).
 *
 * A registration checks, in this order: the plain fields (username as add-user's, password as
 * the password rules, an Indian mobile number, a 6-digit OTP, the send's nonce), that
 * registration is open (the configured agent exists, is a DL, and neither it nor any agent above
 * it is locked or closed), the captcha (spent even if what follows fails, so each OTP guess costs
 * a proof of work), one counted OTP attempt, and then in one transaction: consume the code,
 * re-check the agent under its row lock, refuse a phone already on an account (409, told only
 * to whoever proved the phone with its code, so it is no enumeration oracle), create the player
 * under the agent, record where it came from (the raw address and User-Agent, and the device and
 * location login history derives from them), and in demo mode mint its play chips through the
 * ledger. Then it signs in exactly as login.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  childRoleOf,
  MESSAGES,
  normalizeIndianMobile,
  OTP_PATTERN,
  REGISTER_MESSAGES,
  type CaptchaChallenge,
  type LoginRequest,
  type LoginResponse,
  type SendOtpRequest,
  type SendOtpResponse,
  type SmsOutboxQuery,
  type SmsDeliveryReportResponse,
  type SmsOutboxResponse,
  type UserRegisterRequest,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { isBlocked } from '../auth/auth.repository';
import { describeDevice, describeLocation } from '../auth/login-context';
import { checkLoginPassword } from '../auth/password-rules';
import type { PasswordHasher } from '../auth/passwords';
import { DomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import { rupeesToPaise } from '../common/money';
import { containsPattern, sortRequestOf } from '../common/sorting';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import type { RequestMeta } from '../plugins/request-context';
import { checkUsername } from '../users/account-rules';
import * as users from '../users/users.repository';
import type { Captcha } from './captcha';
import { maskPhone, type OtpCodes } from './otp-codes';
import * as repo from './registration.repository';
import { finalReports, reportItems } from './sms/delivery-reports';

/** Where a registration came from, as the server sees the request. */
export interface RegistrationMeta extends RequestMeta {
  acceptLanguage: string | null;
}

export interface RegistrationDeps {
  db: Database;
  config: Readonly<Config>;
  otp: OtpCodes;
  captcha: Captcha;
  passwords: PasswordHasher;
  ledger: LedgerService;
  /** Login, as POST /api/login does it (sessions, throttle, events): the new player's first session. */
  signIn: (body: LoginRequest, meta: RequestMeta) => Promise<LoginResponse>;
  log: Logger;
  /** The DL a site's new players go under (`sites.registration_agent_id`), or null: the configured name on it. */
  registrationAgentOf?: (siteId: string) => Promise<string | null>;
}

const NOTE_MAX_KEYS = 10;
const NOTE_KEY_MAX = 40;
const NOTE_VALUE_MAX = 200;

/** The client's `logs` as a bounded note of plain text (control characters dropped), or null. */
export function sanitizeClientNote(logs: Readonly<Record<string, unknown>> | undefined): Record<string, string> | null {
  if (logs === undefined) return null;
  const clean = (text: string, max: number) => text.replace(/\p{Cc}/gu, '').slice(0, max);
  const entries = Object.entries(logs)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .slice(0, NOTE_MAX_KEYS)
    .map(([key, value]) => [clean(key, NOTE_KEY_MAX), clean(value, NOTE_VALUE_MAX)] as const)
    .filter(([key]) => key.length > 0);
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

/** Two secrets compared in constant time (their digests: the lengths may differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function validation(message: string | null): void {
  if (message !== null) throw new DomainError('VALIDATION', message);
}

export class RegistrationService {
  constructor(private readonly deps: RegistrationDeps) {}

  /** POST /api/send-otp. */
  async sendOtp(body: SendOtpRequest, meta: RequestMeta): Promise<SendOtpResponse> {
    if (body.phone.trim() === '') throw new DomainError('VALIDATION', REGISTER_MESSAGES.enterPhoneFirst);
    const phone = normalizeIndianMobile(body.phone);
    if (phone === null) throw new DomainError('VALIDATION', REGISTER_MESSAGES.phoneInvalid);
    await this.deps.captcha.verifyAndSpend(body.captcha);
    const sent = await this.deps.otp.send(phone, 'register', meta.ip);
    return { success: true, resendAfterSec: sent.resendAfterSec, nonce: sent.nonce };
  }

  /** GET /api/captcha-challenge. */
  captchaChallenge(): CaptchaChallenge {
    return this.deps.captcha.challenge();
  }

  /** POST /api/user-register: a new player, signed in. */
  async register(body: UserRegisterRequest, meta: RegistrationMeta): Promise<LoginResponse> {
    const { db, config, otp, captcha, passwords, ledger } = this.deps;
    const username = body.username.trim();
    validation(checkUsername(username));
    validation(body.password === '' ? REGISTER_MESSAGES.passwordRequired : checkLoginPassword(body.password, { username }));
    if (body.phone.trim() === '') throw new DomainError('VALIDATION', REGISTER_MESSAGES.phoneRequired);
    const phone = normalizeIndianMobile(body.phone);
    if (phone === null) throw new DomainError('VALIDATION', REGISTER_MESSAGES.phoneInvalid);
    if (body.otp.trim() === '') throw new DomainError('VALIDATION', REGISTER_MESSAGES.enterOtp);
    if (!OTP_PATTERN.test(body.otp.trim())) throw new DomainError('VALIDATION', REGISTER_MESSAGES.otpInvalid);
    if (body.nonce.trim() === '') throw new DomainError('VALIDATION', REGISTER_MESSAGES.verifyPhoneFirst);
    const parentId = await this.openParentId(meta.siteId);

    await captcha.verifyAndSpend(body.captcha);
    const otpId = await otp.attempt(phone, 'register', body.nonce.trim(), body.otp.trim());
    const passwordHash = await passwords.hash(body.password);
    const note = sanitizeClientNote(body.logs);

    const userId = await db.transaction(async (tx) => {
      await otp.consume(tx, otpId);
      const parent = await users.findUserById(tx, parentId, { lock: true });
      if (parent === null || (await isBlocked(tx, parent.id))) throw new DomainError('FORBIDDEN', REGISTER_MESSAGES.registrationClosed);
      if (await repo.phoneInUse(tx, phone)) throw new DomainError('CONFLICT', REGISTER_MESSAGES.phoneTaken);
      const created = await users
        .insertUser(tx, {
          username,
          phone,
          role: 'user',
          parentId,
          passwordHash,
          txnPasswordHash: null,
          mustChangePassword: false,
          createdBy: null,
          partnershipShareBps: 0,
        })
        .catch((error: unknown) => {
          const e = error as { code?: string; constraint?: string };
          if (e.code === '23505' && e.constraint === 'users_site_username_key') {
            throw new DomainError('CONFLICT', MESSAGES.usernameTaken);
          }
          throw error;
        });
      await repo
        .insertRegistration(tx, {
          userId: created.id,
          phone,
          ip: meta.ip,
          userAgent: meta.userAgent,
          device: describeDevice(meta.userAgent),
          location: describeLocation(meta.ip),
          acceptLanguage: meta.acceptLanguage,
          clientNote: note === null ? null : JSON.stringify(note),
        })
        .catch((error: unknown) => {
          // The backstop of phoneInUse against two registrations of one phone at once.
          const e = error as { code?: string; constraint?: string };
          if (e.code === '23505' && e.constraint === 'registrations_phone_key') throw new DomainError('CONFLICT', REGISTER_MESSAGES.phoneTaken);
          throw error;
        });
      await insertAuditRecords(tx, [
        {
          actorId: created.id,
          action: 'users.register',
          target: `user:${created.id}`,
          before: null,
          after: { username: created.username, role: 'user', parent: parent.username, phone: maskPhone(phone), demo: config.demo },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      const chipsMinor = rupeesToPaise(String(config.registration.demoChipsRupees));
      if (config.demo && chipsMinor > 0n) {
        const wallet = await ledger.walletOf(created.id, tx);
        await ledger.postJournal(tx, {
          code: 'DEMO_MINT',
          eventType: 'demo_register',
          eventRef: `register:${created.id}`,
          actorId: null,
          remark: 'Demo play chips',
          legs: [
            { accountId: await ledger.systemAccountId('system:mint', tx), amountMinor: -chipsMinor },
            { accountId: wallet.accountId, amountMinor: chipsMinor },
          ],
          audit: { action: 'demo.register_chips', target: `user:${created.id}`, ip: meta.ip, requestId: meta.requestId },
        });
      }
      return created.id;
    });
    this.deps.log.info({ event: 'user_registered', userId, phone: maskPhone(phone), ip: meta.ip }, 'user registered');
    return this.deps.signIn({ username, password: body.password }, meta);
  }

  /**
   * The agent new players go under, or 403 when registration is closed: no agent configured, not
   * a DL, or it or any agent above it locked or closed (a lock covers the whole downline). Each
   * site's new players go under its own agent of that name (ADR 0074).
   */
  /** The site's registration agent (ADR 0074 "Content per site"), else the configured name on the site. */
  private async openParentId(siteId: string): Promise<string> {
    const agentId = (await this.deps.registrationAgentOf?.(siteId)) ?? null;
    const name = this.deps.config.registration.parentUsername;
    const parent =
      agentId !== null
        ? await users.findUserById(this.deps.db, agentId)
        : name === null
          ? null
          : await users.findUserByUsername(this.deps.db, name, siteId);
    if (parent === null || childRoleOf(parent.role) !== 'user' || (await isBlocked(this.deps.db, parent.id))) {
      throw new DomainError('FORBIDDEN', REGISTER_MESSAGES.registrationClosed);
    }
    return parent.id;
  }

  /**
   * GET /api/sms-outbox (admin, sadmin): newest first, or in the order asked for (ADR 0068);
   * `search` narrows it to a part of a phone number.
   */
  async smsOutbox(query: Pick<SmsOutboxQuery, 'search' | 'sort' | 'order'>, page: number, limit: number): Promise<SmsOutboxResponse> {
    const filter = { pattern: containsPattern(query.search), sort: sortRequestOf(query) };
    const rows = await repo.smsOutboxPage(this.deps.db, filter, limit, (page - 1) * limit);
    const total = rows[0] === undefined ? await repo.countSmsOutbox(this.deps.db, filter) : Number(rows[0].total);
    return {
      rows: rows.map((r) => ({ id: Number(r.id), phone: r.phone, purpose: r.purpose, body: r.body, createdAt: r.created_at.toISOString() })),
      total,
      page,
      limit,
    };
  }

  /**
   * POST /api/sms-delivery-report: the gateway's webhook (SMS_DLR_*). 404 while reports are off;
   * 403 for a token that is not SMS_DLR_TOKEN (compared in constant time); 400 for a body that is
   * no report's shape. A final report marks a sent message delivered or undelivered; a report of an
   * unknown id, a repeat and a step on the way change nothing and are still answered 200, so the
   * gateway does not send them again.
   */
  async deliveryReports(token: string | null, body: unknown): Promise<SmsDeliveryReportResponse> {
    const config = this.deps.config.registration.smsDeliveryReports;
    if (config === null) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
    if (token === null || !sameSecret(token, config.token)) throw new DomainError('FORBIDDEN', MESSAGES.forbidden);
    const items = reportItems(body);
    if (items === null) throw new DomainError('VALIDATION', REGISTER_MESSAGES.smsReportInvalid);
    const { reports } = finalReports(items, config);
    const updated = await repo.recordSmsReports(this.deps.db, 'http', reports);
    this.deps.log.info({ event: 'sms_reports', reports: items.length, final: reports.length, updated }, 'sms delivery reports');
    return { received: items.length, updated };
  }
}
