import { BehaviorSubject, Observable } from 'rxjs';
import type { DataConnection, DataSocket } from './data-connection';

/**
 * Where a watched match's data stands:
 * - `connecting`: subscribed, no snapshot yet;
 * - `live`: a snapshot and every delta since it applied in order;
 * - `resyncing`: a delta went missing (or the connection dropped) and a fresh snapshot was asked
 *   for; the last good image is kept on screen meanwhile;
 * - `unavailable`: the server refused the subscription (the match is unknown or not shown to
 *   this user); `error` says why.
 */
export type MatchDataStatus = 'connecting' | 'live' | 'resyncing' | 'unavailable';

/**
 * What applying a message did:
 * - `applied`: the state changed;
 * - `ignored`: a duplicate or stale delta, a delta before the first snapshot or while resyncing,
 *   or a message of another match;
 * - `gap`: a delta skipped sequence numbers; the caller must subscribe again for a snapshot.
 */
export type ApplyOutcome = 'applied' | 'ignored' | 'gap';

/** What every live image built from a sequenced feed has: its key, its status and the refusal's reason. */
export interface SequencedState {
  matchId: string;
  status: MatchDataStatus;
  error?: string;
}

/** The answer to a subscribe: a message to apply (a snapshot in the ack), a refusal, or nothing to do. */
export type SubscribeAnswer<M> = { message: M } | { refused: string } | null;

/** One sequenced feed of the data connection: how its subscriptions are sent and its messages applied. */
export interface SequencedFeed<S extends SequencedState, M> {
  connection: DataConnection;
  /** The image of a key before its first snapshot. */
  initial(matchId: string): S;
  /** The next image: `gap` subscribes again for a fresh snapshot, `ignored` changes nothing. */
  apply(state: S, message: M): { state: S; outcome: ApplyOutcome };
  /** Sends the subscribe of `matchId`; `answered` takes what its ack says. */
  subscribe(socket: DataSocket, matchId: string, answered: (answer: SubscribeAnswer<M>) => void): void;
  /** Sends the unsubscribe of `matchId`. */
  unsubscribe(socket: DataSocket, matchId: string): void;
  /** Listens on a new socket for the feed's pushed messages; `deliver` applies one to its key's image. */
  listen(socket: DataSocket, deliver: (matchId: string, message: M) => void): void;
}

interface Watched<S> {
  state: BehaviorSubject<S>;
  observers: number;
  /** The number of the last subscribe sent: only its answer is taken (an older one is stale). */
  request: number;
}

/**
 * The machinery both live clients (market data, casino tables) share over the page's data
 * connection. The first observer of a key subscribes it (and holds the connection); each message
 * in seq order makes a new image. A gap in the seqs or a reconnect subscribes again for a fresh
 * snapshot, and only the last subscribe's answer counts. A disconnect marks live images
 * `resyncing`; the connection's close completes every watch. When the last observer of a key
 * leaves, it is unsubscribed and the connection released.
 */
export function createSequencedWatches<S extends SequencedState, M>(feed: SequencedFeed<S, M>): { watch(matchId: string): Observable<S> } {
  const { connection } = feed;
  const watched = new Map<string, Watched<S>>();

  const deliver = (entry: Watched<S>, message: M) => {
    const { state, outcome } = feed.apply(entry.state.getValue(), message);
    if (outcome === 'ignored') return;
    entry.state.next(state);
    if (outcome === 'gap') subscribe(state.matchId);
  };

  function subscribe(matchId: string): void {
    const socket = connection.connectedSocket();
    const entry = watched.get(matchId);
    if (!socket || !entry) return;
    entry.request += 1;
    const request = entry.request;
    feed.subscribe(socket, matchId, (answer) => {
      if (!answer || watched.get(matchId) !== entry || entry.request !== request) return;
      // A refusal means no snapshot will come: say so instead of waiting for ever.
      if ('refused' in answer) entry.state.next({ ...entry.state.getValue(), status: 'unavailable', error: answer.refused });
      else deliver(entry, answer.message);
    });
  }

  connection.join({
    listen: (socket: DataSocket) => {
      feed.listen(socket, (matchId, message) => {
        const entry = watched.get(matchId);
        if (entry) deliver(entry, message);
      });
    },
    connected: () => {
      for (const matchId of watched.keys()) subscribe(matchId);
    },
    disconnected: () => {
      for (const entry of watched.values()) {
        const current = entry.state.getValue();
        if (current.status === 'live') entry.state.next({ ...current, status: 'resyncing' });
      }
    },
    closed: () => {
      const entries = [...watched.values()];
      watched.clear();
      for (const entry of entries) entry.state.complete();
    },
  });

  const release = (matchId: string, entry: Watched<S>) => {
    entry.observers -= 1;
    if (entry.observers > 0 || watched.get(matchId) !== entry) return;
    watched.delete(matchId);
    const socket = connection.connectedSocket();
    if (socket) feed.unsubscribe(socket, matchId);
    connection.release();
  };

  return {
    watch(matchId: string): Observable<S> {
      return new Observable<S>((observer) => {
        let entry = watched.get(matchId);
        if (!entry) {
          entry = { state: new BehaviorSubject(feed.initial(matchId)), observers: 0, request: 0 };
          watched.set(matchId, entry);
          connection.acquire();
          subscribe(matchId);
        }
        entry.observers += 1;
        const own = entry;
        const subscription = own.state.subscribe(observer);
        return () => {
          subscription.unsubscribe();
          release(matchId, own);
        };
      });
    },
  };
}
