/**
 * The Betfair pieces as the configuration (config.betfair, ADR 0038) describes them: the session
 * (a fixed token, or a login with the account's certificate files), the Betting API, and the
 * stream client's connection and subscription. The provider that joins them to the market model
 * builds on these.
 */
import { readFileSync } from 'node:fs';
import type { BetfairConfig } from '../../config';
import { BetfairSession, BettingApi } from './betting-api';
import type { MarketDataFilter, MarketFilter } from './protocol';
import type { BetfairStreamClientOptions, SessionSource } from './stream-client';

/** What the adapter subscribes to: best offers 3 deep, the market definition, last traded price, traded volume. */
export const MARKET_DATA_FILTER: MarketDataFilter = { fields: ['EX_BEST_OFFERS', 'EX_MARKET_DEF', 'EX_LTP', 'EX_TRADED_VOL'], ladderLevels: 3 };

/** Test servers' certificates; production trusts the system's authorities. */
export interface TrustOptions {
  ca?: string | Buffer;
}

export function betfairSession(config: BetfairConfig, trust: TrustOptions = {}): BetfairSession {
  if (config.appKey === null) throw new Error('BETFAIR_APP_KEY is not set');
  if (config.username !== null && config.password !== null) {
    return new BetfairSession({
      login: {
        identityUrl: config.identityUrl,
        appKey: config.appKey,
        username: config.username,
        password: config.password,
        ...(config.certFile !== null && config.keyFile !== null ? { clientCert: { cert: readFileSync(config.certFile), key: readFileSync(config.keyFile) } } : {}),
        ...trust,
      },
    });
  }
  if (config.sessionToken === null) throw new Error('neither BETFAIR_SESSION_TOKEN nor BETFAIR_USERNAME and BETFAIR_PASSWORD is set');
  return new BetfairSession({ token: config.sessionToken });
}

export function bettingApi(config: BetfairConfig, session: SessionSource, trust: TrustOptions = {}): BettingApi {
  if (config.appKey === null) throw new Error('BETFAIR_APP_KEY is not set');
  return new BettingApi({ url: config.bettingUrl, appKey: config.appKey, session, ...trust });
}

export function marketFilter(config: BetfairConfig): MarketFilter {
  return {
    ...(config.eventTypeIds.length > 0 ? { eventTypeIds: [...config.eventTypeIds] } : {}),
    ...(config.marketTypes.length > 0 ? { marketTypes: [...config.marketTypes] } : {}),
    ...(config.countryCodes.length > 0 ? { countryCodes: [...config.countryCodes] } : {}),
  };
}

/** The stream client's connection and subscription (the caller adds its callbacks). */
export function streamOptions(
  config: BetfairConfig,
  session: SessionSource,
  trust: TrustOptions = {},
): Pick<BetfairStreamClientOptions, 'host' | 'port' | 'tls' | 'appKey' | 'session' | 'marketFilter' | 'marketDataFilter' | 'heartbeatMs' | 'conflateMs'> {
  if (config.appKey === null) throw new Error('BETFAIR_APP_KEY is not set');
  return {
    host: config.streamHost,
    port: config.streamPort,
    ...(trust.ca !== undefined ? { tls: { ca: trust.ca } } : {}),
    appKey: config.appKey,
    session,
    marketFilter: marketFilter(config),
    marketDataFilter: MARKET_DATA_FILTER,
    heartbeatMs: config.heartbeatMs,
    conflateMs: config.conflateMs,
  };
}
