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
  transport: {
    name: string;
    socket?: {
      readyState?: number;
      _sender?: { sendFrame?: (frame: Buffer[], cb?: (error?: Error) => void) => void; _queue?: unknown[] };
    };
  };
  write(data: string, options: Record<string, unknown>): unknown;
}

/** The `ws` ready state of an open connection. */
const WS_OPEN = 1;

/** Writes the frame to the socket's `ws` sender when nothing is queued before it; false when it cannot. */
function writeFrame(conn: EngineInternals, frame: Buffer[]): boolean {
  if (conn.readyState !== 'open' || conn.transport.name !== 'websocket' || (conn.writeBuffer?.length ?? 1) > 0) return false;
  const ws = conn.transport.socket;
  const sender = ws?._sender;
  if (ws?.readyState !== WS_OPEN || typeof sender?.sendFrame !== 'function' || (sender._queue?.length ?? 0) > 0) return false;
  sender.sendFrame(frame);
  return true;
}

/** An event encoded once, ready to be written to any number of sockets of its namespace. */
export class PreEncodedEvent {
  private readonly packet: string;
  private readonly frame: Buffer[];

  constructor(namespace: Namespace, event: string, payload: unknown) {
    const encoded = namespace.server.encoder.encode({ type: EVENT, nsp: namespace.name, data: [event, payload] }) as unknown[];
    const [packet] = encoded;
    // A payload with binary parts would need attachments; the events sent this way are JSON.
    if (encoded.length !== 1 || typeof packet !== 'string') throw new Error(`event ${event} is not plain JSON`);
    this.packet = packet;
    this.frame = textFrame(Buffer.from(ENGINE_MESSAGE + packet));
  }

  /** Writes the event to the socket. */
  writeTo(socket: Socket): void {
    const conn = socket.conn as unknown as EngineInternals;
    if (writeFrame(conn, this.frame)) return;
    // engine.io's own path (it still skips re-encoding: the frame is handed over with the packet).
    conn.write(this.packet, { wsPreEncodedFrame: this.frame });
  }

  /** Writes the event to each socket of the namespace named (ids of sockets gone are skipped); how many got it. */
  writeToIds(namespace: Namespace, socketIds: Iterable<string>): number {
    let written = 0;
    for (const id of socketIds) {
      const socket = namespace.sockets.get(id);
      if (socket === undefined) continue;
      this.writeTo(socket);
      written += 1;
    }
    return written;
  }
}
