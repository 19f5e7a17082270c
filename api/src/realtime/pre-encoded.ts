/**
 * One socket.io event, encoded once and written to many sockets of a namespace (ADR 0027).
 *
 * socket.io's room emit already encodes a broadcast once, but then passes every socket through
 * socket.io's client and engine.io's packet queue (a packet object, four events and a write
 * callback per socket). Here the event is encoded once into the engine.io message and its
 * WebSocket frame (RFC 6455: a final, unmasked text frame), and a socket whose connection is an
 * open websocket with nothing queued gets that frame written straight to its `ws` sender, the
 * way engine.io itself writes a frame socket.io pre-computed. Nothing queued means every earlier
 * packet of the socket is already in the sender, so the order of messages holds. Any other
 * socket (polling, a packet still queued, a `ws` without the sender we expect) gets the same
 * encoded packet through engine.io's `write`, as a room emit would.
 *
 * At 5,000 sockets (ADR 0080) the frame is one buffer (header and payload together), written
 * with a single `write` on the websocket's TCP socket — what `ws`'s sender does for a one-part
 * frame, without the sender — no cork, no `writev` of two parts; the system call itself is
 * most of what is left. A socket's connection, transport and TCP socket are looked up once
 * (`WriteTarget`), not per write.
 */
import type { Namespace, Socket } from 'socket.io';

/** socket.io-parser's EVENT packet type. */
const EVENT = 2;

/** engine.io's message packet type, the prefix of every socket.io packet on the wire. */
const ENGINE_MESSAGE = '4';

/** A WebSocket text frame from the server (fin, opcode 1, no mask): header and payload. */
export function textFrame(payload: Buffer): Buffer[] {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x81, length]);
  } else if (length < 65_536) {
    header = Buffer.alloc(4);
    header[0] = 0x81;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return [header, payload];
}

/** The parts of engine.io's socket and its websocket transport this module relies on (not in their types). */
interface EngineInternals {
  readyState: string;
  writeBuffer?: unknown[];
  transport: EngineTransport;
  write(data: string, options: Record<string, unknown>): unknown;
}

interface EngineTransport {
  name: string;
  socket?: WsInternals;
}

/** The parts of a `ws` WebSocket this module relies on. */
interface WsInternals {
  readyState?: number;
  /** The negotiated extensions: with none, ws's sender never queues a text frame (it writes at once). */
  _extensions?: Record<string, unknown>;
  _socket?: { write(chunk: Buffer): boolean } | null;
  _sender?: { _queue?: unknown[] };
}

/** The `ws` ready state of an open connection. */
const WS_OPEN = 1;

/**
 * A socket as a tick writes to it (ADR 0080): its engine.io connection, and the TCP socket of
 * its websocket, looked up once per transport instead of per write. A match room's sockets are
 * kept as these (market-data.ts), so a tick touches few objects per socket.
 */
export class WriteTarget {
  private readonly conn: EngineInternals;
  /** The transport `tcp` was resolved for, and the TCP socket of its websocket (null: not one we can write to directly). */
  private transport: EngineTransport | null = null;
  private ws: WsInternals | null = null;

  constructor(readonly socket: Socket) {
    this.conn = socket.conn as unknown as EngineInternals;
  }

  /**
   * Writes the frame to the socket's TCP connection when nothing is queued before it: engine.io's
   * connection open with an empty write buffer, on a websocket that is open, negotiated no
   * extension (so ws's sender holds nothing back) and has its TCP socket. False when it cannot.
   */
  writeFrame(frame: Buffer): boolean {
    const conn = this.conn;
    if (conn.readyState !== 'open' || (conn.writeBuffer?.length ?? 1) > 0) return false;
    if (conn.transport !== this.transport) this.resolve(conn.transport);
    const ws = this.ws;
    if (ws === null || ws.readyState !== WS_OPEN) return false;
    const tcp = ws._socket;
    if (tcp === null || tcp === undefined) return false;
    tcp.write(frame);
    return true;
  }

  private resolve(transport: EngineTransport): void {
    this.transport = transport;
    const ws = transport.name === 'websocket' ? transport.socket : undefined;
    const plain =
      ws !== undefined &&
      typeof ws._socket?.write === 'function' &&
      ws._extensions !== undefined &&
      Object.keys(ws._extensions).length === 0 &&
      (ws._sender?._queue?.length ?? 0) === 0;
    this.ws = plain ? ws : null;
  }
}

/** An event encoded once, ready to be written to any number of sockets of its namespace. */
export class PreEncodedEvent {
  private readonly packet: string;
  /** The whole WebSocket frame: header and payload in one buffer, one write per socket. */
  private readonly frame: Buffer;
  /** The same frame as engine.io's `wsPreEncodedFrame` takes it (a list for ws's sendFrame). */
  private readonly frameList: Buffer[];

  constructor(namespace: Namespace, event: string, payload: unknown) {
    const encoded = namespace.server.encoder.encode({ type: EVENT, nsp: namespace.name, data: [event, payload] }) as unknown[];
    const [packet] = encoded;
    // A payload with binary parts would need attachments; the events sent this way are JSON.
    if (encoded.length !== 1 || typeof packet !== 'string') throw new Error(`event ${event} is not plain JSON`);
    this.packet = packet;
    this.frame = Buffer.concat(textFrame(Buffer.from(ENGINE_MESSAGE + packet)));
    this.frameList = [this.frame];
  }

  /** Writes the event to the socket (nothing once the socket left the namespace). */
  writeTo(target: WriteTarget): void {
    if (!target.socket.connected) return;
    if (target.writeFrame(this.frame)) return;
    // engine.io's own path (it still skips re-encoding: the frame is handed over with the packet).
    (target.socket.conn as unknown as EngineInternals).write(this.packet, { wsPreEncodedFrame: this.frameList });
  }
}
