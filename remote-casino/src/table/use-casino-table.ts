import { useEffect, useState } from 'react';
import {
  clockOffsetOf,
  initialCasinoTableState,
  useApis,
  type CasinoRoundView,
  type CasinoTableState,
  type CasinoTableView,
  type Load,
  type MatchDataStatus,
  useLoad,
} from '@backlay/shared';

/** While the table's realtime subscription is refused, the round is read this often instead. */
export const ROUND_POLL_MS = 2_000;

/** What the table page draws: the table, its round as it stands and the server clock's offset. */
export interface CasinoTableModel {
  table: Load<CasinoTableView>;
  /** The round: the realtime one once its snapshot came, else the table view's. */
  round: CasinoRoundView | null;
  isDisable: boolean;
  status: MatchDataStatus;
  /** Server clock minus local clock (ms), for the countdown. */
  clockOffsetMs: number;
  /** Read the table view again (its last results change when a round settles). */
  reloadTable: () => void;
}

/**
 * A table for the life of the page: its view (get-casino-data-by-id) and its live round from the
 * data connection (casinoLive.watchTable: a snapshot, then every delta). When the server refuses
 * the realtime subscription the round is read from casino-market every `ROUND_POLL_MS` instead, so
 * the page still follows the round.
 */
export function useCasinoTable(matchId: string): CasinoTableModel {
  const { casino: casinoApi, casinoLive: casinoLive } = useApis();
  // A failed reload keeps the table on screen; only a failed first load replaces it.
  const { load: tableLoad, reload: reloadTable } = useLoad(
    () => casinoApi.table(matchId).then((value) => ({ value, offsetMs: clockOffsetOf(value.round, Date.now(), 0) })),
    matchId,
    { quietReload: true },
  );
  const [live, setLive] = useState<CasinoTableState>(() => initialCasinoTableState(matchId));
  const [polled, setPolled] = useState<{ round: CasinoRoundView; offsetMs: number } | null>(null);

  useEffect(() => {
    setLive(initialCasinoTableState(matchId));
    const subscription = casinoLive.watchTable(matchId).subscribe(setLive);
    return () => subscription.unsubscribe();
  }, [casinoLive, matchId]);

  const refused = live.status === 'unavailable';
  useEffect(() => {
    if (!refused) {
      setPolled(null);
      return undefined;
    }
    let current = true;
    const poll = () =>
      casinoApi.round(matchId).then(
        (round) => current && setPolled({ round, offsetMs: clockOffsetOf(round, Date.now(), 0) }),
        () => undefined, // the next poll tries again
      );
    void poll();
    const timer = setInterval(() => void poll(), ROUND_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [casinoApi, matchId, refused]);

  const table: Load<CasinoTableView> = tableLoad.state === 'done' ? { state: 'done', value: tableLoad.value.value } : tableLoad;
  const view = table.state === 'done' ? table.value : null;
  const tableOffset = tableLoad.state === 'done' ? tableLoad.value.offsetMs : 0;
  // The freshest source: the polled round while the subscription is refused, else the realtime
  // image once its snapshot came, else the table view's.
  const usePolled = refused && polled !== null;
  const realtime = !usePolled && live.seq >= 0;
  const round = usePolled ? polled.round : realtime ? live.round : (view?.round ?? null);
  return {
    table,
    round,
    isDisable: realtime ? live.isDisable : (view?.isDisable ?? false),
    status: live.status,
    clockOffsetMs: usePolled ? polled.offsetMs : realtime ? live.clockOffsetMs : tableOffset,
    reloadTable,
  };
}
