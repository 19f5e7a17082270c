/**
 * The login history: every attempt of both login routes is a row (time, IP, device, location,
 * success and the reason code). A row is linked to the account whose username was typed, if
 * there is one; the caller's answer is the same either way. A user reads its own rows, an agent
 * those of its downline (never its own branch's siblings or anyone above).
 */
import {
  AGENT_ROLES,
  LOGIN_HISTORY_PAGE_SIZE,
  type Area,
  type DownlineLoginHistoryQuery,
  type LoginAttemptReason,
  type LoginHistoryQuery,
  type LoginHistoryResponse,
  type LoginHistoryRow,
} from '@backlay/shared/contracts';
import type { Database } from '../db/database';
import { DomainError } from '../common/domain-error';
import type { AuthContext } from '../plugins/auth';
import type { RequestMeta } from '../plugins/request-context';
import { describeDevice, describeLocation } from './login-context';
import { insertLoginAttempt, listDownlineHistory, listOwnHistory } from './two-factor.repository';

/** The reason code of a refused login, from the error it answered. */
export function reasonOfLoginError(error: unknown): LoginAttemptReason {
  const code = error instanceof DomainError ? error.code : (error as { code?: string } | null)?.code;
  switch (code) {
    case 'RATE_LIMITED':
      return 'throttled';
    case 'WRONG_AREA':
      return 'wrong_area';
    case 'ACCOUNT_LOCKED':
      return 'locked';
    default:
      return 'invalid_credentials';
  }
}

export class LoginHistoryService {
  constructor(private readonly db: Database) {}

  /** Records one attempt (`userId` when the caller knows it, else looked up by the username). */
  async record(
    attempt: { area: Area; username: string; success: boolean; reason: LoginAttemptReason },
    meta: RequestMeta,
    userId: string | null = null,
  ): Promise<void> {
    await insertLoginAttempt(
      this.db,
      { ...attempt, siteId: meta.siteId, ip: meta.ip, device: describeDevice(meta.userAgent), location: describeLocation(meta.ip) },
      userId,
    );
  }

  /** GET /api/login-history: the caller's own attempts, newest first. */
  async own(auth: AuthContext, query: LoginHistoryQuery): Promise<LoginHistoryResponse> {
    const offset = ((query.page ?? 1) - 1) * LOGIN_HISTORY_PAGE_SIZE;
    return page(await listOwnHistory(this.db, auth.userId, LOGIN_HISTORY_PAGE_SIZE + 1, offset));
  }

  /** GET /api/downline-login-history: the attempts of the agent's downline (a username: only that account, if below). */
  async downline(auth: AuthContext, query: DownlineLoginHistoryQuery): Promise<LoginHistoryResponse> {
    if (!AGENT_ROLES.includes(auth.role)) throw new DomainError('FORBIDDEN', 'Only agents can do this');
    const offset = ((query.page ?? 1) - 1) * LOGIN_HISTORY_PAGE_SIZE;
    const username = query.username === undefined || query.username.trim() === '' ? null : query.username.trim();
    return page(await listDownlineHistory(this.db, auth.userId, username, LOGIN_HISTORY_PAGE_SIZE + 1, offset, auth.siteId));
  }
}

function page(rows: LoginHistoryRow[]): LoginHistoryResponse {
  return { rows: rows.slice(0, LOGIN_HISTORY_PAGE_SIZE), hasMore: rows.length > LOGIN_HISTORY_PAGE_SIZE };
}
