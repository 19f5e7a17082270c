import type { DataSocket } from '../kernel/data-connection';

type Listener = (...args: never[]) => void;
type Ack = (result: never) => void;

/**
 * A stand-in for the data connection's socket.io socket in unit tests: it records what the client
 * emits (with the ack callbacks, to answer them) and lets the test play the server with `fire`.
 */
export class FakeDataSocket implements DataSocket {
  connected = false;
  active = true;
  emitted: [string, unknown][] = [];
  /** The ack callbacks of the emits that had one, in order. */
  acks: Ack[] = [];
  connects = 0;
  disconnected = false;
  private listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    this.emitted.push([event, args[0]]);
    if (typeof args[1] === 'function') this.acks.push(args[1] as Ack);
    return this;
  }
  connect(): this {
    this.connects += 1;
    return this;
  }
  disconnect(): this {
    this.disconnected = true;
    this.connected = false;
    return this;
  }
  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }
  /** The server side: fire an event at the client. */
  fire(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  /** Answer the `index`-th ack (the server's reply to a subscribe). */
  answer(index: number, result: unknown): void {
    (this.acks[index] as (r: unknown) => void)(result);
  }
  /** The payloads of every emit of `event`. */
  sent(event: string): unknown[] {
    return this.emitted.filter(([e]) => e === event).map(([, p]) => p);
  }
}
