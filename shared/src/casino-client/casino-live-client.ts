import type { Observable } from 'rxjs';
import { CASINO_DELTA, CASINO_SUBSCRIBE, CASINO_UNSUBSCRIBE, type CasinoDelta } from '../contracts/casino';
import { applyCasinoMessage, initialCasinoTableState, type CasinoMessage, type CasinoTableState } from './casino-state';
import { localizeApiMessage } from '../i18n/api-messages';
import { sharedT } from '../i18n/shared-catalog';
import type { DataConnection } from '../kernel/data-connection';
import { createSequencedWatches } from '../kernel/sequenced-watches';

/** Live rounds of casino tables over the page's data connection. */
export interface CasinoLiveClient {
  /**
   * The live image of a table. The first observer subscribes the table (`casinoSubscribe`, whose
   * ack carries the snapshot); then each `casinoDelta` in seq order makes a new state. A gap in the
   * seqs or a reconnect subscribes again for a fresh snapshot. When the last observer leaves, the
   * table is unsubscribed (`casinoUnsubscribe`) and the connection may close.
   */
  watchTable(matchId: string): Observable<CasinoTableState>;
}

export interface CasinoLiveClientOptions {
  connection: DataConnection;
  /** The local clock (ms), for the countdown's offset; tests pass a fixed one. */
  now?: () => number;
}


/** Build the live casino client on a data connection (the product uses `casinoLive`). */
export function createCasinoLiveClient({ connection, now = Date.now }: CasinoLiveClientOptions): CasinoLiveClient {
  const tables = createSequencedWatches<CasinoTableState, CasinoMessage>({
    connection,
    initial: initialCasinoTableState,
    apply: (state, message) => applyCasinoMessage(state, message, now()),
    subscribe: (socket, matchId, answered) =>
      socket.emit(CASINO_SUBSCRIBE, { matchId }, (ack) => answered(ack?.ok ? { message: { type: 'snapshot', payload: ack.snapshot } } : { refused: ack?.message ? localizeApiMessage(ack.message) : sharedT('casino.tableUnavailable') })),
    unsubscribe: (socket, matchId) => socket.emit(CASINO_UNSUBSCRIBE, { matchId }),
    listen: (socket, deliver) => {
      socket.on(CASINO_DELTA, (payload: CasinoDelta) => deliver(payload.matchId, { type: 'delta', payload }));
    },
  });
  return { watchTable: (matchId) => tables.watch(matchId) };
}
