/**
 * In-process domain events. Services publish facts after their transaction committed; the
 * realtime module (and later others) subscribe and decide what to push. Nothing outside
 * realtime/ talks to socket.io. With several instances, a Redis-backed bus replaces this class.
 */
import { EventEmitter } from 'node:events';

/** Why a session ended (sessions.ended_reason). */
export type SessionEndReason = 'replaced' | 'logout' | 'password_changed' | 'refresh_reuse' | 'locked' | 'password_reset';

/** Event name → payload. Money is in paise here; realtime converts at its edge. */
export interface DomainEventMap {
  /** Sessions of a user ended; `liveSessionId` is the session that remains, if any. */
  'session.ended': {
    userId: string;
    endedSessionIds: string[];
    liveSessionId: string | null;
    reason: SessionEndReason;
  };
  /** A journal moved money; one row per affected user wallet with its new figures. */
  'ledger.balancesChanged': {
    journalId: string;
    wallets: Array<{ userId: string; balanceMinor: bigint; exposureMinor: bigint }>;
  };
}

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
