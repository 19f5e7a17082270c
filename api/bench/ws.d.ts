/**
 * `ws` ships no type declarations (and @types/ws is not a dependency): the few members the
 * benchmark's ceiling server uses.
 */
declare module 'ws' {
  import type { Server as HttpServer } from 'node:http';

  export interface WebSocket {
    send(data: string): void;
    terminate(): void;
    on(event: 'close', listener: () => void): this;
  }

  export class WebSocketServer {
    constructor(options: { server: HttpServer; perMessageDeflate: boolean });
    on(event: 'connection', listener: (socket: WebSocket) => void): this;
    close(): void;
  }
}
