import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ApiEnvelope, ApiErrorBody, RefreshResponse, UserInfo } from '../contracts/api';
import type { ErrorCode } from '../contracts/errors';
import { API_TIMEOUT_MS, DATA_API_TIMEOUT_MS } from '../contracts/limits';
import { MESSAGES } from '../contracts/messages';
import { isAdminPath } from '../contracts/routes';
import type { Area } from '../contracts/roles';
import { localizeApiMessage } from '../i18n/api-messages';
import { publish } from './bus';
import { asSignOutReason, rememberSignOut, signedOutBecause, type SignedOutBecause } from './sign-out';
import { clearCredentials, readCredentials, writeCredentials } from './storage';
import { ApiError } from './errors';

/** What the client needs from its surroundings; tests replace every part. */
export interface ApiClientEnv {
  /** Base URL of the API, '/api' on the shell's origin. */
  baseURL: string;
  /** The current path, which decides the area and so the token (docs/rules/product.md §7). */
  pathname: () => string;
  /** Go to a URL with a full page load. */
  navigate: (url: string) => void;
  /** Reload the page. */
  reload: () => void;
  /** Axios adapter, for tests. */
  adapter?: InternalAxiosRequestConfig['adapter'];
}

/** The two axios instances: main calls (50 s) and data calls (10 s). */
export interface ApiClient {
  main: AxiosInstance;
  data: AxiosInstance;
  /** The area of the current page. */
  area: () => Area;
  /**
   * Refresh the access token of the current area now (one refresh in flight, shared with the
   * HTTP calls that found theirs expired) and return the new token. The sockets call it when the
   * server says their token expired. A 401 ends the session like any other refused refresh.
   */
  renewToken: () => Promise<string>;
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _refreshed?: boolean;
}

/** True for an ArrayBuffer, of this realm or another (a test's, a frame's). */
const isBytes = (value: unknown): value is ArrayBuffer => Object.prototype.toString.call(value) === '[object ArrayBuffer]';

function bodyOf(error: AxiosError): ApiErrorBody | undefined {
  let body: unknown = error.response?.data;
  // A call that asked for bytes (a CSV export) gets its error envelope as bytes too: read it, so
  // the refresh rule, the sign-out codes and the message work for it as for every JSON call.
  if (isBytes(body)) {
    try {
      body = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return undefined;
    }
  }
  return body && typeof body === 'object' && !isBytes(body) ? (body as ApiErrorBody) : undefined;
}

/** Convert any failure into an ApiError carrying the server's message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const body = bodyOf(error);
    const status = error.response?.status ?? 0;
    if (!error.response) return new ApiError(error.message || MESSAGES.internal, 0, 'NETWORK');
    // The server's words, as the page's language says them (issue 36); the code stays what clients branch on.
    const message = localizeApiMessage(body?.message ?? error.message);
    const code = (body?.data?.code ?? 'INTERNAL') as ErrorCode;
    return new ApiError(message, status, code, code === 'NO_AUTH_TOKEN', asSignOutReason(body?.data?.reason) ?? undefined);
  }
  return new ApiError(error instanceof Error ? error.message : MESSAGES.internal, 0, 'INTERNAL');
}

function hasMaintenanceFlag(payload: unknown): boolean {
  const data = (payload as { data?: { maintenance?: unknown } } | undefined)?.data;
  return typeof data === 'object' && data !== null && data.maintenance === true;
}

/**
 * Build the API client: bearer token by area, the refresh-once rule for 'jwt expired', logout and
 * reload for other authentication failures, and the maintenance flag (docs/rules/product.md §8, §10).
 */
export function createApiClient(env: ApiClientEnv): ApiClient {
  const area = (): Area => (isAdminPath(env.pathname()) ? 'admin' : 'player');
  let refreshing: Promise<string> | null = null;

  /**
   * Ends the area's session. `reason`: what ended it — maintenance, an expired or invalid token, or
   * what the server's error code said (a lock, a sign-out elsewhere, a revoked session, a password
   * change, another sign-in), which the login page shows after the reload.
   */
  const endSession = (reason: 'expired' | 'maintenance' | SignedOutBecause) => {
    const current = area();
    clearCredentials(current);
    if (reason !== 'expired' && reason !== 'maintenance') rememberSignOut(current, reason);
    publish('session.ended', { area: current, reason });
    if (reason === 'maintenance') env.navigate('/maintenance');
    else env.reload();
  };

  const refresh = (instance: AxiosInstance): Promise<string> => {
    if (!refreshing) {
      const current = area();
      const { refreshToken } = readCredentials(current);
      refreshing = (async () => {
        if (!refreshToken) throw new ApiError(MESSAGES.tokenNotExist, 401, 'REFRESH_INVALID');
        const res = await instance.post<ApiEnvelope<RefreshResponse>>('/refresh-token', { token: refreshToken }, { headers: { Authorization: undefined } });
        writeCredentials(current, { token: res.data.data.token, refreshToken: res.data.data.refreshToken });
        return res.data.data.token;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  const make = (timeout: number): AxiosInstance => {
    // No XSRF cookie: the API authenticates by bearer token, never by cookie. Left on, axios
    // reads the cookie before every same-origin request through the Cookie Store API, a round
    // trip to the browser that held each call back by 15-25 ms (ADR 0085).
    const instance = axios.create({ baseURL: env.baseURL, timeout, adapter: env.adapter, withXSRFToken: false });
    instance.interceptors.request.use((config) => {
      const { token } = readCredentials(area());
      if (token && config.headers.Authorization === undefined) config.headers.Authorization = `Bearer ${token}`;
      return config;
    });
    instance.interceptors.response.use(
      (response: AxiosResponse) => {
        if (hasMaintenanceFlag(response.data)) endSession('maintenance');
        return response;
      },
      async (error: AxiosError) => {
        const body = bodyOf(error);
        const config = error.config as RetriableConfig | undefined;
        if (hasMaintenanceFlag(body)) {
          endSession('maintenance');
          throw toApiError(error);
        }
        const isRefreshCall = config?.url?.endsWith('/refresh-token') ?? false;
        // An authenticated call refused because the account (or one above it) is locked: the
        // session is over, and the login page says why.
        // (A refused refresh is handled once, by the call that asked for it.)
        if (body?.data?.code === 'ACCOUNT_LOCKED' && config?.headers.Authorization && !isRefreshCall) {
          endSession('locked');
          throw toApiError(error);
        }
        // Decided on the error code, never on the message text.
        const code = body?.data?.code;
        if (error.response?.status === 401 && config && !isRefreshCall && code !== 'NO_AUTH_TOKEN') {
          if (code === 'TOKEN_EXPIRED' && !config._refreshed) {
            try {
              // Refreshed meanwhile (another call, a socket): retry with the stored token instead of
              // rotating again.
              const stored = readCredentials(area()).token;
              const token = stored && config.headers.Authorization !== `Bearer ${stored}` ? stored : await refresh(instance);
              config._refreshed = true;
              config.headers.Authorization = `Bearer ${token}`;
              return await instance.request(config);
            } catch (refreshError) {
              const failure = toApiError(refreshError);
              endSession(signedOutBecause(failure.code, failure.reason) ?? 'expired');
              throw failure;
            }
          }
          if (config.headers.Authorization) endSession(signedOutBecause(body?.data?.code, body?.data?.reason) ?? 'expired');
        }
        throw toApiError(error);
      },
    );
    return instance;
  };

  const main = make(API_TIMEOUT_MS);
  const renewToken = async (): Promise<string> => {
    try {
      return await refresh(main);
    } catch (error) {
      const failure = toApiError(error);
      if (failure.status === 401) endSession(signedOutBecause(failure.code, failure.reason) ?? 'expired');
      throw failure;
    }
  };

  return { main, data: make(DATA_API_TIMEOUT_MS), area, renewToken };
}

/** Unwrap the `data` of an envelope response. */
export async function unwrap<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<T> {
  try {
    const res = await request;
    return res.data.data;
  } catch (error) {
    throw toApiError(error);
  }
}

/** Unwrap an envelope response into its data and message. */
export async function unwrapWithMessage<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<ApiEnvelope<T>> {
  try {
    const res = await request;
    return res.data;
  } catch (error) {
    throw toApiError(error);
  }
}

/**
 * GET /user-info, the signed-in user: its one call site. account's `authApi.userInfo` is this
 * call, and the data connection (kernel/realtime.ts) makes it before reconnecting after a refused
 * handshake, so an expired token is refreshed or an ended session signs out first.
 */
export function fetchUserInfo(client: ApiClient): Promise<UserInfo> {
  return unwrap<UserInfo>(client.main.get('/user-info'));
}
