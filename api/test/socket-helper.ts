/**
 * Socket.io clients for the integration tests: a real client against an app listening on an
 * ephemeral port, no reconnection, closed by closeAll() after each test.
 */
import { io, type Socket } from 'socket.io-client';
import { TEST_ORIGIN } from './helper';

export interface ConnectOptions {
  token?: string;
  /** The Origin header; null sends none (a non-browser client). */
  origin?: string | null;
  namespace?: '/user' | '/data';
  transports?: Array<'websocket' | 'polling'>;
  /** The Host header (a white-label site's domain, ADR 0074); default the URL's. */
  host?: string;
}

export class TestSockets {
  private readonly open: Socket[] = [];

  /** `baseUrl`: read at each connect (the app listens in beforeAll). */
  constructor(private readonly baseUrl: () => string) {}

  connect(options: ConnectOptions = {}): Socket {
    const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
    const socket = io(`${this.baseUrl()}${options.namespace ?? '/user'}`, {
      path: '/socket.io',
      transports: options.transports ?? ['websocket'],
      auth: options.token === undefined ? {} : { token: options.token },
      extraHeaders: { ...(origin === null ? {} : { origin }), ...(options.host === undefined ? {} : { host: options.host }) },
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
    });
    this.open.push(socket);
    return socket;
  }

  closeAll(): void {
    for (const socket of this.open.splice(0)) socket.disconnect();
  }
}

/** Resolves on connect, rejects with the connect_error. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The next `event` on the socket, or a rejection after `timeoutMs`. */
export function nextEvent<T>(socket: Socket, event: string, timeoutMs = 2_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Emits and resolves with the acknowledgement. */
export function emitWithAck<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return new Promise((resolve) => socket.emit(event, payload, (ack: T) => resolve(ack)));
}
