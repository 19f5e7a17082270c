/**
 * Betfair's Exchange Stream API, the messages as Betfair documents them (ESA: "Exchange Stream
 * API"): a TLS socket carrying one JSON object per line, each line ended by CRLF. The server
 * speaks first (`connection`), the client authenticates (`authentication` → `status`) and
 * subscribes (`marketSubscription` → `status`, then `mcm` change messages). Only the fields this
 * adapter reads or writes are typed; anything else Betfair adds passes through untouched.
 */
import type { StreamMarketChange, StreamMarketDefinition, StreamRunnerChange } from '../betfair-stream/messages';

/** Betfair's production stream endpoint (integration: stream-api-integration.betfair.com). */
export const BETFAIR_STREAM_HOST = 'stream-api.betfair.com';
export const BETFAIR_STREAM_PORT = 443;

/** Betfair's bounds of a subscription's heartbeat and conflation (ms). */
export const HEARTBEAT_MS_MIN = 500;
export const HEARTBEAT_MS_MAX = 5_000;
export const CONFLATE_MS_MAX = 120_000;

export const CRLF = '\r\n';

export type ErrorCode =
  | 'NO_APP_KEY'
  | 'INVALID_APP_KEY'
  | 'NO_SESSION'
  | 'INVALID_SESSION_INFORMATION'
  | 'NOT_AUTHORIZED'
  | 'INVALID_INPUT'
  | 'INVALID_CLOCK'
  | 'UNEXPECTED_ERROR'
  | 'TIMEOUT'
  | 'SUBSCRIPTION_LIMIT_EXCEEDED'
  | 'INVALID_REQUEST'
  | 'CONNECTION_FAILED'
  | 'MAX_CONNECTION_LIMIT_EXCEEDED'
  | 'TOO_MANY_REQUESTS';

export interface MarketFilter {
  marketIds?: string[];
  eventTypeIds?: string[];
  eventIds?: string[];
  marketTypes?: string[];
  countryCodes?: string[];
  bettingTypes?: string[];
  turnInPlayEnabled?: boolean;
  bspMarket?: boolean;
  venues?: string[];
}

export type MarketDataField =
  | 'EX_BEST_OFFERS_DISP'
  | 'EX_BEST_OFFERS'
  | 'EX_ALL_OFFERS'
  | 'EX_TRADED'
  | 'EX_TRADED_VOL'
  | 'EX_LTP'
  | 'EX_MARKET_DEF'
  | 'SP_TRADED'
  | 'SP_PROJECTED';

export interface MarketDataFilter {
  fields: MarketDataField[];
  /** Depth of EX_BEST_OFFERS / EX_BEST_OFFERS_DISP, 1 to 10. */
  ladderLevels?: number;
}

// ---------------------------------------------------------------------------------------------
// Client → server

export interface AuthenticationMessage {
  op: 'authentication';
  id: number;
  appKey: string;
  session: string;
}

export interface MarketSubscriptionMessage {
  op: 'marketSubscription';
  id: number;
  /** Both clocks of the previous subscription: the server answers with a RESUB_DELTA. */
  initialClk?: string;
  clk?: string;
  heartbeatMs: number;
  conflateMs: number;
  segmentationEnabled: boolean;
  marketFilter: MarketFilter;
  marketDataFilter: MarketDataFilter;
}

export interface HeartbeatRequest {
  op: 'heartbeat';
  id: number;
}

export type RequestMessage = AuthenticationMessage | MarketSubscriptionMessage | HeartbeatRequest;

// ---------------------------------------------------------------------------------------------
// Server → client

export interface ConnectionMessage {
  op: 'connection';
  connectionId: string;
}

export interface StatusMessage {
  op: 'status';
  id?: number;
  statusCode: 'SUCCESS' | 'FAILURE';
  errorCode?: ErrorCode | string;
  errorMessage?: string;
  connectionClosed?: boolean;
  connectionId?: string;
  connectionsAvailable?: number;
}

/** The market change's shapes have one home, the stream model's (ADR 0037). */
export type RunnerChange = StreamRunnerChange;
export type MarketDefinition = StreamMarketDefinition;
export type MarketChange = StreamMarketChange;

export type ChangeType = 'SUB_IMAGE' | 'RESUB_DELTA' | 'HEARTBEAT';
export type SegmentType = 'SEG_START' | 'SEG' | 'SEG_END';

/** An `mcm` as the stream sends it: the model's McmMessage plus what only the connection reads (id, timings, status). */
export interface MarketChangeMessage {
  op: 'mcm';
  id?: number;
  /** Absent on an ordinary update. */
  ct?: ChangeType;
  segmentType?: SegmentType;
  initialClk?: string;
  clk?: string;
  pt: number;
  conflateMs?: number;
  heartbeatMs?: number;
  /** 503: the stream is running late (Betfair keeps the connection; data follows when it recovers). */
  status?: number;
  mc?: MarketChange[];
}

export type ResponseMessage = ConnectionMessage | StatusMessage | MarketChangeMessage | { op: string; [field: string]: unknown };

/**
 * Splits a byte stream into CRLF-ended lines. A line may arrive in pieces and several lines in
 * one chunk; a line longer than maxLineBytes is a protocol error (a broken or hostile peer).
 */
export class LineReader {
  private buffer = '';
  constructor(private readonly maxLineBytes = 64 * 1024 * 1024) {}

  /** The complete lines this chunk finishes (without their CRLF; blank lines dropped). */
  push(chunk: string): string[] {
    this.buffer += chunk;
    const lines: string[] = [];
    let start = 0;
    for (let end = this.buffer.indexOf(CRLF, start); end !== -1; end = this.buffer.indexOf(CRLF, start)) {
      const line = this.buffer.slice(start, end);
      if (line.trim() !== '') lines.push(line);
      start = end + CRLF.length;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > this.maxLineBytes) throw new Error(`a stream line exceeds ${this.maxLineBytes} bytes without CRLF`);
    return lines;
  }
}

export const encodeMessage = (message: RequestMessage | ResponseMessage): string => `${JSON.stringify(message)}${CRLF}`;
