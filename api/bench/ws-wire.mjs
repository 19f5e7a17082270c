// The bench load clients' WebSocket (RFC 6455) over a plain TCP socket: just enough of the protocol
// to receive text frames and send short ones, so that a client process costs as little CPU as it
// can. The clients share the machine's two cores with the server they measure: every microsecond
// spent here is one the server does not get (a `ws` client, with its stream, Receiver and
// Buffer per message, took most of the capacity bench's client CPU). Used by fanout-clients.mjs
// and capacity-clients.mjs.
//
// Every connection of a process reads into one buffer (net's `onread`: no Buffer per read, no
// stream machinery); a chunk is parsed before the next read, and only an incomplete frame is
// copied out. A text frame reaches `onText(buf, start, end, received)` as a range of that buffer,
// valid only during the call; pings are answered, a close frame closes.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';

export const now = () => performance.timeOrigin + performance.now();

const READ_BUFFER = Buffer.allocUnsafe(1 << 16);
const HEADER_END = Buffer.from('\r\n\r\n');

/** A client's frame to the server: masked (RFC 6455 §5.3), one fragment. */
export function clientFrame(text, opcode = 0x1) {
  const payload = Buffer.from(text);
  const length = payload.length;
  let header;
  if (length < 126) header = Buffer.from([0x80 | opcode, 0x80 | length]);
  else if (length < 65_536) header = Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff]);
  else throw new Error(`a client frame of ${length} bytes: the bench sends short messages only`);
  const mask = randomBytes(4);
  for (let i = 0; i < length; i += 1) payload[i] ^= mask[i & 3];
  return Buffer.concat([header, mask, payload]);
}

/**
 * Opens a WebSocket to `target` (a URL: its host and port) at `path`.
 * handlers: onUpgrade() once the server answered 101; onText(buf, start, end, received) per text
 * frame; onClose() when the socket closed; onError(error) on a refused upgrade or a socket error.
 * Returns { send(text), destroy() }.
 */
export function openWire(target, path, origin, { onUpgrade, onText, onClose, onError }) {
  let upgraded = false;
  let rest = null;
  const socket = connect({
    host: target.hostname,
    port: Number(target.port),
    noDelay: true,
    onread: { buffer: READ_BUFFER, callback: (nread, buf) => onChunk(buf.subarray(0, nread)) },
  });
  socket.once('connect', () => {
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${origin}\r\n\r\n`,
    );
  });
  socket.on('error', (error) => onError(error));
  socket.on('close', () => onClose());

  function onChunk(chunk) {
    const received = now();
    const buf = rest === null ? chunk : Buffer.concat([rest, chunk]);
    rest = null;
    let pos = 0;
    if (!upgraded) {
      const headerEnd = buf.indexOf(HEADER_END);
      if (headerEnd === -1) {
        rest = Buffer.from(buf);
        return;
      }
      const status = buf.toString('latin1', 0, buf.indexOf('\r\n'));
      if (!status.includes(' 101 ')) {
        onError(new Error(`upgrade refused: ${status}`));
        socket.destroy();
        return;
      }
      upgraded = true;
      pos = headerEnd + 4;
      onUpgrade();
    }
    while (pos < buf.length) {
      if (buf.length - pos < 2) break;
      const opcode = buf[pos] & 0x0f;
      let length = buf[pos + 1] & 0x7f;
      let header = 2;
      if (length === 126) {
        if (buf.length - pos < 4) break;
        length = buf.readUInt16BE(pos + 2);
        header = 4;
      } else if (length === 127) {
        if (buf.length - pos < 10) break;
        length = Number(buf.readBigUInt64BE(pos + 2));
        header = 10;
      }
      if (buf.length - pos < header + length) break;
      const start = pos + header;
      const end = start + length;
      if (opcode === 0x1) onText(buf, start, end, received);
      else if (opcode === 0x9) socket.write(clientFrame(buf.toString('latin1', start, end), 0xa));
      else if (opcode === 0x8) socket.destroy();
      pos = end;
    }
    // A copy: the chunk is the shared read buffer.
    if (pos < buf.length) rest = Buffer.from(buf.subarray(pos));
  }

  return {
    send: (text) => socket.write(clientFrame(text)),
    destroy: () => socket.destroy(),
  };
}
