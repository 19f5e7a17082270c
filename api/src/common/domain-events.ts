/**
 * In-process domain events. Services publish facts after their transaction committed; the
 * realtime module (and later others) subscribe and decide what to push. Nothing outside
 * realtime/ talks to socket.io. With several instances, a Redis-backed bus replaces this class.
 */
import { EventEmitter } from 'node:events';

/**
 * Event name → payload. Each domain declares the events it publishes beside its own code, by
 * declaration merging (`<domain>.events.ts`: `declare module '../common/domain-events'`), so
 * the bus knows every event and its payload while common/ imports no domain. Money is in paise
 * in every payload; realtime converts at its edge.
 */
// Empty on purpose: the domains fill it by declaration merging, which only an interface allows.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;
type Listener<K extends DomainEventName> = (payload: DomainEventMap[K]) => void;

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (error: unknown, event: DomainEventName) => void = () => undefined) {
    this.emitter.setMaxListeners(50);
  }

  /** Delivers synchronously to every listener; a failing listener never breaks the publisher. */
  publish<K extends DomainEventName>(event: K, payload: DomainEventMap[K]): void {
    for (const listener of this.emitter.listeners(event) as Listener<K>[]) {
      try {
        listener(payload);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends DomainEventName>(event: K, listener: Listener<K>): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
