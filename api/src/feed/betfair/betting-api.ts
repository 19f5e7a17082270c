/**
 * Betfair's HTTPS side (ADR 0038): the login that gives the stream its session token, and the
 * Betting API calls that name what the stream only numbers (listMarketCatalogue: market, runner
 * and event names; listEvents: events). Every URL is configurable (BETFAIR_IDENTITY_URL,
 * BETFAIR_BETTING_URL); the tests point them at a local HTTPS fake, never at Betfair.
 *
 * - Certificate login (non-interactive, Betfair's advice for servers): POST
 *   {identity}/api/certlogin with the account's client certificate; `{ sessionToken, loginStatus }`.
 * - Interactive login: POST {identity}/api/login; `{ token, status, error }`.
 * - Keep-alive: POST {identity}/api/keepAlive with the token; `{ token, status, error }`.
 * - Betting API: JSON-RPC 2.0 POSTs of `SportsAPING/v1.0/<method>` with X-Application and
 *   X-Authentication; a refused session (INVALID_SESSION_INFORMATION, NO_SESSION) logs in again
 *   once and repeats the call.
 */
import https from 'node:https';
import type { SessionSource } from './stream-client';

export interface HttpsOptions {
  /** A test server's certificate. */
  ca?: string | Buffer;
  timeoutMs?: number;
}

export interface BetfairLoginOptions extends HttpsOptions {
  /** The identity host's origin, e.g. https://identitysso-cert.betfair.com. */
  identityUrl: string;
  appKey: string;
  username: string;
  password: string;
  /** The client certificate of the certificate login (PEM); without it the interactive login. */
  clientCert?: { cert: string | Buffer; key: string | Buffer };
}

export class BetfairApiError extends Error {
  override readonly name = 'BetfairApiError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

interface HttpResponse {
  status: number;
  body: string;
}

function post(url: string, headers: Record<string, string>, body: string, options: HttpsOptions & { clientCert?: BetfairLoginOptions['clientCert'] }): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        timeout: options.timeoutMs ?? 10_000,
        ...(options.ca !== undefined ? { ca: options.ca } : {}),
        ...(options.clientCert !== undefined ? { cert: options.clientCert.cert, key: options.clientCert.key } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            request.destroy(new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer from ${new URL(url).host} within ${options.timeoutMs ?? 10_000} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

function json(response: HttpResponse, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(response.body);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new BetfairApiError('BAD_RESPONSE', `${what} answered HTTP ${response.status} without a JSON object`);
}

const form = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

/** Logs in and answers the session token; a refusal throws BetfairApiError with Betfair's status. */
export async function login(options: BetfairLoginOptions): Promise<string> {
  const certificate = options.clientCert !== undefined;
  const url = `${options.identityUrl}/api/${certificate ? 'certlogin' : 'login'}`;
  const headers = { 'X-Application': options.appKey, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  const response = await post(url, headers, form({ username: options.username, password: options.password }), options);
  const body = json(response, 'the login');
  if (certificate) {
    if (body.loginStatus === 'SUCCESS' && typeof body.sessionToken === 'string') return body.sessionToken;
    throw new BetfairApiError(String(body.loginStatus ?? `HTTP_${response.status}`), 'the certificate login was refused');
  }
  if (body.status === 'SUCCESS' && typeof body.token === 'string') return body.token;
  throw new BetfairApiError(String(body.error || body.status || `HTTP_${response.status}`), 'the login was refused');
}

/** Extends a session; answers the token (Betfair keeps it) or throws when the session is gone. */
export async function keepAlive(options: HttpsOptions & { identityUrl: string; appKey: string; token: string }): Promise<string> {
  const response = await post(`${options.identityUrl}/api/keepAlive`, { 'X-Application': options.appKey, 'X-Authentication': options.token, Accept: 'application/json' }, '', options);
  const body = json(response, 'the keep-alive');
  if (body.status === 'SUCCESS' && typeof body.token === 'string') return body.token;
  throw new BetfairApiError(String(body.error || body.status || `HTTP_${response.status}`), 'the keep-alive was refused');
}

/**
 * The session of the stream and the Betting API: a fixed token (BETFAIR_SESSION_TOKEN, never
 * renewed), or a login (BETFAIR_USERNAME/PASSWORD, with the certificate when given) made on first
 * use and again on refresh(). Concurrent callers share one login.
 */
export class BetfairSession implements SessionSource {
  private current: Promise<string> | null = null;
  readonly refresh?: () => Promise<string>;

  constructor(private readonly source: { token: string } | { login: BetfairLoginOptions }) {
    if ('login' in source) {
      this.refresh = () => {
        this.current = login(source.login);
        this.current.catch(() => (this.current = null));
        return this.current;
      };
    }
  }

  token(): Promise<string> {
    if ('token' in this.source) return Promise.resolve(this.source.token);
    return this.current ?? (this.refresh as () => Promise<string>)();
  }
}

// ---------------------------------------------------------------------------------------------
// Betting API

export interface CatalogueRunner {
  selectionId: number;
  runnerName: string;
  handicap?: number;
  sortPriority?: number;
  metadata?: Record<string, string | null>;
}

export interface MarketCatalogue {
  marketId: string;
  marketName: string;
  marketStartTime?: string;
  description?: Record<string, unknown>;
  totalMatched?: number;
  runners?: CatalogueRunner[];
  eventType?: { id: string; name: string };
  competition?: { id: string; name: string };
  event?: { id: string; name: string; countryCode?: string; timezone?: string; venue?: string; openDate?: string };
}

export interface EventResult {
  event: { id: string; name: string; countryCode?: string; timezone?: string; venue?: string; openDate?: string };
  marketCount: number;
}

/** Markets per listMarketCatalogue request: with these projections each weighs at most 2 of Betfair's 200. */
export const CATALOGUE_CHUNK = 100;
const CATALOGUE_PROJECTION = ['COMPETITION', 'EVENT', 'EVENT_TYPE', 'MARKET_START_TIME', 'MARKET_DESCRIPTION', 'RUNNER_DESCRIPTION', 'RUNNER_METADATA'];
const SESSION_ERRORS = new Set(['INVALID_SESSION_INFORMATION', 'NO_SESSION']);

export class BettingApi {
  private nextId = 0;

  constructor(private readonly options: HttpsOptions & { url: string; appKey: string; session: SessionSource }) {}

  /** Names of markets, runners and events, for the given market ids (in chunks of CATALOGUE_CHUNK). */
  async listMarketCatalogue(marketIds: readonly string[]): Promise<MarketCatalogue[]> {
    const out: MarketCatalogue[] = [];
    for (let start = 0; start < marketIds.length; start += CATALOGUE_CHUNK) {
      const chunk = marketIds.slice(start, start + CATALOGUE_CHUNK);
      const result = await this.call('listMarketCatalogue', { filter: { marketIds: chunk }, marketProjection: CATALOGUE_PROJECTION, maxResults: chunk.length });
      out.push(...(result as MarketCatalogue[]));
    }
    return out;
  }

  async listEvents(eventIds: readonly string[]): Promise<EventResult[]> {
    if (eventIds.length === 0) return [];
    return (await this.call('listEvents', { filter: { eventIds } })) as EventResult[];
  }

  /** One JSON-RPC call; a refused session is renewed once (when it can be) and the call repeated. */
  async call(method: string, params: Record<string, unknown>): Promise<unknown[]> {
    try {
      return await this.callOnce(method, params, await this.options.session.token());
    } catch (error) {
      const refresh = this.options.session.refresh;
      if (!(error instanceof BetfairApiError) || !SESSION_ERRORS.has(error.code) || refresh === undefined) throw error;
      return this.callOnce(method, params, await refresh());
    }
  }

  private async callOnce(method: string, params: Record<string, unknown>, token: string): Promise<unknown[]> {
    const id = ++this.nextId;
    const response = await post(
      this.options.url,
      { 'X-Application': this.options.appKey, 'X-Authentication': token, 'Content-Type': 'application/json', Accept: 'application/json' },
      JSON.stringify({ jsonrpc: '2.0', method: `SportsAPING/v1.0/${method}`, params, id }),
      this.options,
    );
    const body = json(response, method);
    if (Array.isArray(body.result)) return body.result as unknown[];
    const error = (body.error ?? {}) as { code?: unknown; message?: unknown; data?: { APINGException?: { errorCode?: unknown; errorDetails?: unknown } } };
    const code = error.data?.APINGException?.errorCode ?? error.message ?? `HTTP_${response.status}`;
    throw new BetfairApiError(String(code), `${method} failed${error.data?.APINGException?.errorDetails ? `: ${String(error.data.APINGException.errorDetails)}` : ''}`);
  }
}
