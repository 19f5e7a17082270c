import { Server, type Namespace, type Socket } from 'socket.io';
import { Sender } from 'ws';
import { PreEncodedEvent, textFrame, WriteTarget } from './pre-encoded';

describe('textFrame', () => {
  it.each([0, 1, 125, 126, 127, 65_535, 65_536, 70_000])('is the frame ws builds for a %i-byte text message', (length) => {
    const payload = Buffer.alloc(length, 0x61);
    const ours = Buffer.concat(textFrame(payload));
    const theirs = Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));
    expect(ours.equals(theirs)).toBe(true);
  });
});

/** socket.io's encoder (a server never attached to HTTP). */
const { encoder } = new Server();

/** A namespace with socket.io's encoder, and sockets whose engine.io connection and websocket are faked. */
function setup() {
  const namespace = { name: '/data', server: { encoder } } as unknown as Namespace;
  /** What reached each socket's TCP connection directly, and what went through engine.io's write. */
  const tcp: [string, Buffer][] = [];
  const written: [string, string, Record<string, unknown>][] = [];
  const socket = (id: string, conn: Record<string, unknown>, connected = true) =>
    ({ id, connected, conn: { ...conn, write: (data: string, options: Record<string, unknown>) => written.push([id, data, options]) } }) as unknown as Socket;
  const websocket = (id: string, { queue = [] as unknown[], extensions = {} as Record<string, unknown>, readyState = 1 } = {}) => ({
    name: 'websocket',
    socket: { readyState, _extensions: extensions, _sender: { _queue: queue }, _socket: { write: (chunk: Buffer) => tcp.push([id, chunk]) } },
  });
  return { namespace, tcp, written, socket, websocket };
}

describe('PreEncodedEvent', () => {
  it('writes the one frame, as one buffer, to the TCP socket of every open websocket with nothing queued, and the same packet through engine.io to the others', () => {
    const { namespace, tcp, written, socket, websocket } = setup();
    const targets = [
      socket('a', { readyState: 'open', writeBuffer: [], transport: websocket('a') }),
      socket('b', { readyState: 'open', writeBuffer: [], transport: websocket('b') }),
      socket('queued', { readyState: 'open', writeBuffer: [{ type: 'message' }], transport: websocket('queued') }),
      socket('sender-busy', { readyState: 'open', writeBuffer: [], transport: websocket('sender-busy', { queue: [{}] }) }),
      socket('deflate', { readyState: 'open', writeBuffer: [], transport: websocket('deflate', { extensions: { 'permessage-deflate': {} } }) }),
      socket('ws-closing', { readyState: 'open', writeBuffer: [], transport: websocket('ws-closing', { readyState: 2 }) }),
      socket('polling', { readyState: 'open', writeBuffer: [], transport: { name: 'polling' } }),
      socket('closing', { readyState: 'closing', writeBuffer: [], transport: websocket('closing') }),
      socket('left', { readyState: 'open', writeBuffer: [], transport: websocket('left') }, false),
    ].map((s) => new WriteTarget(s));
    const payload = [{ matchId: 'm1', seq: 4 }];
    const event = new PreEncodedEvent(namespace, 'deltas', payload);
    for (const target of targets) event.writeTo(target);

    const packet = `2/data,${JSON.stringify(['deltas', payload])}`;
    expect(tcp.map(([id]) => id)).toEqual(['a', 'b']);
    expect(tcp[0]?.[1]).toBe(tcp[1]?.[1]); // encoded once, one buffer: one write per socket
    expect(tcp[0]?.[1].equals(Buffer.concat(textFrame(Buffer.from(`4${packet}`))))).toBe(true);
    expect(written.map(([id, data]) => [id, data])).toEqual(['queued', 'sender-busy', 'deflate', 'ws-closing', 'polling', 'closing'].map((id) => [id, packet]));
    expect(written.every(([, , options]) => (options.wsPreEncodedFrame as Buffer[])[0] === tcp[0]?.[1])).toBe(true);
  });

  it("follows the connection's transport: a socket that upgraded from polling gets the frame on its websocket", () => {
    const { namespace, tcp, written, socket, websocket } = setup();
    const s = socket('up', { readyState: 'open', writeBuffer: [], transport: { name: 'polling' } });
    const target = new WriteTarget(s);
    const event = new PreEncodedEvent(namespace, 'deltas', []);
    event.writeTo(target);
    (s.conn as unknown as { transport: unknown }).transport = websocket('up');
    event.writeTo(target);
    expect(written.map(([id]) => id)).toEqual(['up']);
    expect(tcp.map(([id]) => id)).toEqual(['up']);
  });

  it('refuses a payload with binary parts (it would need attachments)', () => {
    const { namespace } = setup();
    expect(() => new PreEncodedEvent(namespace, 'deltas', [Buffer.from('x')])).toThrow('not plain JSON');
  });
});
