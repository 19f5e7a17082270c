import { Server, type Namespace, type Socket } from 'socket.io';
import { Sender } from 'ws';
import { PreEncodedEvent, textFrame } from './pre-encoded';

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

/** A namespace with socket.io's encoder, and sockets whose engine.io connection is faked. */
function setup() {
  const namespace = { name: '/data', server: { encoder }, sockets: new Map<string, Socket>() };
  const frames: Buffer[][] = [];
  const written: [string, Record<string, unknown>][] = [];
  const socket = (id: string, conn: Record<string, unknown>) => {
    namespace.sockets.set(id, { conn: { ...conn, write: (data: string, options: Record<string, unknown>) => written.push([data, options]) } } as unknown as Socket);
  };
  const websocket = (queue: unknown[] = []) => ({
    name: 'websocket',
    socket: { readyState: 1, _sender: { _queue: queue, sendFrame: (frame: Buffer[]) => frames.push(frame) } },
  });
  return { namespace: namespace as unknown as Namespace, frames, written, socket, websocket };
}

describe('PreEncodedEvent', () => {
  it('writes the one frame to every open websocket with nothing queued, and the same packet through engine.io to the others', () => {
    const { namespace, frames, written, socket, websocket } = setup();
    socket('a', { readyState: 'open', writeBuffer: [], transport: websocket() });
    socket('b', { readyState: 'open', writeBuffer: [], transport: websocket() });
    socket('queued', { readyState: 'open', writeBuffer: [{ type: 'message' }], transport: websocket() });
    socket('sender-busy', { readyState: 'open', writeBuffer: [], transport: websocket([{}]) });
    socket('polling', { readyState: 'open', writeBuffer: [], transport: { name: 'polling' } });
    socket('closing', { readyState: 'closing', writeBuffer: [], transport: websocket() });
    const payload = [{ matchId: 'm1', seq: 4 }];
    const event = new PreEncodedEvent(namespace, 'deltas', payload);
    expect(event.writeToIds(namespace, ['a', 'b', 'queued', 'sender-busy', 'polling', 'closing', 'gone'])).toBe(6);

    const packet = `2/data,${JSON.stringify(['deltas', payload])}`;
    expect(frames).toHaveLength(2);
    expect(frames[0]).toBe(frames[1]); // encoded once
    expect(Buffer.concat(frames[0] ?? []).equals(Buffer.concat(textFrame(Buffer.from(`4${packet}`))))).toBe(true);
    expect(written.map(([data]) => data)).toEqual([packet, packet, packet, packet]);
    expect(written.every(([, options]) => options.wsPreEncodedFrame === frames[0])).toBe(true);
  });

  it('refuses a payload with binary parts (it would need attachments)', () => {
    const { namespace } = setup();
    expect(() => new PreEncodedEvent(namespace, 'deltas', [Buffer.from('x')])).toThrow('not plain JSON');
  });
});
