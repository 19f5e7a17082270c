/**
 * Request and response shapes of the API. Every response is an envelope: `data` holds the payload
 * and `message` a human-readable sentence (docs/rules/product.md §7, §8: the client reads data.data and
 * data.message). Money crosses the edge as rupees with two decimals; inside it is integer paise.
 */
import type { ErrorCode } from './errors';
import type { Role } from './roles';
import type { SignOutReason } from './socket';

/** Envelope of every JSON response. */
export interface ApiEnvelope<T> {
  data: T;
  message: string;
}

/** Body of an error response; `data.maintenance` is set while the site is under maintenance. */
export interface ApiErrorBody {
  /** `reason`: why an agent's action ended the session (401 SESSION_ENDED). */
  data: { code: ErrorCode; maintenance?: boolean; details?: unknown; reason?: SignOutReason } | null;
  message: string;
}

/** POST /api/login and /api/login-admin. */
export interface LoginRequest {
  username: string;
  password: string;
}

/** Response data of a login (docs/rules/product.md §3: token, role, refreshToken; plus the session). */
export interface LoginResponse {
  token: string;
  refreshToken: string;
  role: Role;
  _id: string;
  username: string;
  sessionId: string;
  /** True while the account must change its password and set a transaction password. */
  changePassAndTxn: boolean;
  /** The previous successful login, ISO time, or null on a first login. */
  lastLoginAt: string | null;
}

/** POST /api/refresh-token. */
export interface RefreshRequest {
  token: string;
}

/** Response data of a refresh: a new rotated pair for the same session. */
export interface RefreshResponse {
  token: string;
  refreshToken: string;
}

/** GET /api/user-info. */
export interface UserInfo {
  _id: string;
  username: string;
  role: Role;
  roleLabel: string;
  sessionId: string;
  /** Balance in rupees, two decimals. */
  balance: number;
  /** Exposure in rupees (field name as specified). */
  exposer: number;
  changePassAndTxn: boolean;
  /** The account must change its login password (agent-created, first login). */
  mustChangePassword: boolean;
  /** The account has set a transaction password. */
  hasTransactionPassword: boolean;
  lastLoginAt: string | null;
}

/** POST /api/change-password. */
export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /api/transaction-password: set (first time) or change the transaction password. */
export interface TransactionPasswordRequest {
  /** The login password, proving it is the account holder. */
  password: string;
  transactionPassword: string;
  confirmTransactionPassword: string;
}

/** One setting row of GET /api/get-setting-list and POST /api/save-setting-list. */
export interface SettingRow {
  key: string;
  value: string;
}

/** POST /api/save-setting-list. */
export interface SaveSettingListRequest {
  settingList: SettingRow[];
  /** The admin's transaction password (ADR 0032: maintenance closes the player area). */
  transactionPassword: string;
}

/** A sport of GET /api/get-sport-list (docs/rules/product.md §3: 4 Cricket, 1 Soccer, 2 Tennis). */
export interface SportItem {
  sportId: number;
  name: string;
}

/** A match of GET /api/get-match-list. */
export interface MatchSummary {
  _id: string;
  sportId: number;
  name: string;
  /** ISO time of the scheduled start. */
  openDate: string;
  inPlay: boolean;
  status: 'upcoming' | 'inplay' | 'closed';
  competitionName?: string;
  /** Shown to players (players only ever receive active matches; admins see the switch). */
  active: boolean;
  /** Best back/lay of the match odds market, when it is active. */
  matchOdds?: import('./sports').MatchOddsSummary | null;
}

/** A direct child row of GET /api/downline (admin index). */
export interface DownlineRow {
  _id: string;
  username: string;
  role: Role;
  roleLabel: string;
  status: 'active' | 'locked' | 'closed';
  balance: number;
  exposer: number;
  createdAt: string;
}

/** GET /api/health: readiness (the process answers and the database runs a query). */
export interface HealthResponse {
  status: 'ok';
  db: 'up';
  /** Redis answered a PING (a cluster, REDIS_URL), or there is none ('off': one instance alone). */
  redis: 'up' | 'off';
  /** The API's package version and build commit, `0.1.0+6bdf873` ("dev" from source). */
  version: string;
}

/** GET /api/health/live: liveness (the process answers; the database is not asked). */
export interface LivenessResponse {
  status: 'ok';
}
