import axios, { AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ApiEnvelope, ApiErrorBody, RefreshResponse } from '../contracts/api';
import type { ErrorCode } from '../contracts/errors';
import { API_TIMEOUT_MS, DATA_API_TIMEOUT_MS } from '../contracts/limits';
import { MESSAGES } from '../contracts/messages';
import { isAdminPath } from '../contracts/routes';
import type { Area } from '../contracts/roles';
import { publish } from '../event-bus/bus';
import { clearCredentials, readCredentials, writeCredentials } from '../util/storage';
import { ApiError } from './errors';

/** What the client needs from its surroundings; tests replace every part. */
export interface ApiClientEnv {
  /** Base URL of the API, '/api' on the shell's origin. */
  baseURL: string;
  /** The current path, which decides the area and so the token (SPEC §7). */
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
}

interface RetriableConfig extends InternalAxiosRequestConfig {
  _refreshed?: boolean;
}

function bodyOf(error: AxiosError): ApiErrorBody | undefined {
  const body = error.response?.data as ApiErrorBody | undefined;
  return body && typeof body === 'object' ? body : undefined;
}

/** Convert any failure into an ApiError carrying the server's message. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const body = bodyOf(error);
    const status = error.response?.status ?? 0;
    if (!error.response) return new ApiError(error.message || MESSAGES.internal, 0, 'NETWORK');
    const message = body?.message ?? error.message;
    const code = (body?.data?.code ?? 'INTERNAL') as ErrorCode;
    return new ApiError(message, status, code, message === MESSAGES.noAuthToken);
  }
  return new ApiError(error instanceof Error ? error.message : MESSAGES.internal, 0, 'INTERNAL');
}

function hasMaintenanceFlag(payload: unknown): boolean {
  const data = (payload as { data?: { maintenance?: unknown } } | undefined)?.data;
  return typeof data === 'object' && data !== null && data.maintenance === true;
}

/**
 * Build the API client: bearer token by area, the refresh-once rule for 'jwt expired', logout and
 * reload for other authentication failures, and the maintenance flag (SPEC §8, DESIGN §5).
 */
export function createApiClient(env: ApiClientEnv): ApiClient {
  const area = (): Area => (isAdminPath(env.pathname()) ? 'admin' : 'player');
  let refreshing: Promise<string> | null = null;

  const endSession = (reason: 'expired' | 'maintenance') => {
    const current = area();
    clearCredentials(current);
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
    const instance = axios.create({ baseURL: env.baseURL, timeout, adapter: env.adapter });
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
        if (error.response?.status === 401 && config && !isRefreshCall && body?.message !== MESSAGES.noAuthToken) {
          if (body?.message === MESSAGES.jwtExpired && !config._refreshed) {
            try {
              const token = await refresh(instance);
              config._refreshed = true;
              config.headers.Authorization = `Bearer ${token}`;
              return await instance.request(config);
            } catch (refreshError) {
              endSession('expired');
              throw toApiError(refreshError);
            }
          }
          if (config.headers.Authorization) endSession('expired');
        }
        throw toApiError(error);
      },
    );
    return instance;
  };

  return { main: make(API_TIMEOUT_MS), data: make(DATA_API_TIMEOUT_MS), area };
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
