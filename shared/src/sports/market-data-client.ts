import type { Observable } from 'rxjs';
import type { MatchDelta, MatchSnapshot } from '../contracts/sports';
import { localizeApiMessage } from '../i18n/api-messages';
import { sharedT } from '../i18n/shared-catalog';
import { createDataConnection, type DataConnection, type DataConnectionOptions } from '../kernel/data-connection';
import { applyMarketMessage, initialMatchState, type MarketMessage, type MatchState } from './market-state';
import { createSequencedWatches } from '../kernel/sequenced-watches';

export type { DataSocket } from '../kernel/data-connection';

/** Live market data of matches over the one data connection of the page. */
export interface MarketDataClient {
  /**
   * The live image of a match. The first observer subscribes the match on the data socket; the
   * snapshot and then each delta (in seq order) produce a new state. A gap in the seqs or a
   * reconnect re-subscribes, which brings a fresh snapshot. When the last observer of the match
   * unsubscribes, the match is unsubscribed on the socket, and the socket closes once nothing is
   * watched for `idleCloseMs`.
   */
  watchMatch(matchId: string): Observable<MatchState>;
  /** Close the connection and complete every watch (the session ended). */
  close(): void;
}

/**
 * The client's connection: the page's shared data connection, or (tests, a page of its own) the
 * options of one it makes for itself.
 */
export type MarketDataClientOptions = DataConnectionOptions | { connection: DataConnection };


/** Build a market-data client on a data connection (the product uses `marketData`). */
export function createMarketDataClient(options: MarketDataClientOptions): MarketDataClient {
  const connection = 'connection' in options ? options.connection : createDataConnection(options);
  const matches = createSequencedWatches<MatchState, MarketMessage>({
    connection,
    initial: initialMatchState,
    apply: applyMarketMessage,
    // The snapshot comes as its own message; the ack only carries a refusal (the server's words, or
    // the client's when it gave none), in the page's language.
    subscribe: (socket, matchId, answered) => socket.emit('subscribe', { matchId }, (ack) => answered(ack && !ack.ok ? { refused: ack.message ? localizeApiMessage(ack.message) : sharedT('prices.unavailable') } : null)),
    unsubscribe: (socket, matchId) => socket.emit('unsubscribe', { matchId }),
    listen: (socket, deliver) => {
      socket.on('snapshot', (payload: MatchSnapshot) => deliver(payload.matchId, { type: 'snapshot', payload }));
      // One frame per tick carries the deltas of every watched match that changed: each goes to
      // its match's watch on its own (a gap in one re-subscribes that match only).
      socket.on('deltas', (payloads: MatchDelta[]) => {
        if (!Array.isArray(payloads)) return;
        for (const payload of payloads) {
          if (typeof payload?.matchId === 'string') deliver(payload.matchId, { type: 'delta', payload });
        }
      });
    },
  });

  return {
    watchMatch: (matchId) => matches.watch(matchId),
    close(): void {
      connection.close();
    },
  };
}
