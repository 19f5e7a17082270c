/**
 * `ws` ships no type declarations (and @types/ws is not a dependency): the few members the
 * benchmark's ceiling server and src/realtime/pre-encoded.test.ts (the reference frame) use.
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

  export const Sender: {
    frame(data: Buffer, options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[];
  };
}
