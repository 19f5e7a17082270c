/**
 * In-process domain events. Services publish facts after their transaction committed; the
 * realtime module (and later others) subscribe and decide what to push. Nothing outside
 * realtime/ talks to socket.io. With several instances, a Redis-backed bus replaces this class.
 */
import { EventEmitter } from 'node:events';
import type { FancyRow, MarketRow, ScoreRow } from '../catalog/market-view';

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
  /** A bet was placed: the user's wallet with its new exposure. */
  'betting.betPlaced': {
    betId: string;
    wallet: { userId: string; balanceMinor: bigint; exposureMinor: bigint };
  };
  /**
   * Market data of one match changed (the feed ingest after each write, or an admin switch):
   * the changed markets and fancies as stored (inactive ones too), the new score if it moved.
   */
  'catalog.matchChanged': {
    matchId: string;
    markets: MarketRow[];
    fancies: FancyRow[];
    score: ScoreRow | null;
    /** Markets and fancies that players must no longer see (an admin switched them off). */
    removedIds: string[];
    /** Set when an admin showed (true) or hid (false) the whole match. */
    matchActive?: boolean;
  };
  /** An admin switched maintenance on or off (the player area closes or reopens). */
  'settings.maintenanceChanged': { on: boolean };
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
