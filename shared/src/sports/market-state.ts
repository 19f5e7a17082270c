import type { Fancy, Market, MatchDelta, MatchSnapshot, Score } from '../contracts/sports';
import type { ApplyOutcome, MatchDataStatus } from '../kernel/sequenced-watches';

/** The live image of one match as the data socket builds it. */
export interface MatchState {
  matchId: string;
  /** Sequence number of the last message applied; -1 before the first snapshot. */
  seq: number;
  status: MatchDataStatus;
  /** Markets in the order the server first sent them (new ones are appended). */
  markets: Market[];
  fancies: Fancy[];
  score: Score | null;
  /**
   * The match's status as the last delta that carried one said ('closed': the match ended), null
   * before any: the match's own record (get-match-by-id) holds until then. A snapshot keeps it.
   */
  matchStatus: MatchDelta['matchStatus'] | null;
  /** The server's reason when the status is `unavailable`. */
  error?: string;
}

/** A message of the data socket for one match. */
export type MarketMessage = { type: 'snapshot'; payload: MatchSnapshot } | { type: 'delta'; payload: MatchDelta };

/** The state of a match that has been subscribed to but has not received its snapshot. */
export function initialMatchState(matchId: string): MatchState {
  return { matchId, seq: -1, status: 'connecting', markets: [], fancies: [], score: null, matchStatus: null };
}

/** Replace items by key, keeping the order of the list and appending new keys at the end. */
function upsert<T>(list: T[], changes: T[] | undefined, key: (item: T) => string): T[] {
  if (!changes || changes.length === 0) return list;
  const byKey = new Map(changes.map((c) => [key(c), c]));
  const next = list.map((item) => {
    const changed = byKey.get(key(item));
    if (changed === undefined) return item;
    byKey.delete(key(item));
    return changed;
  });
  return [...next, ...byKey.values()];
}

/**
 * Apply one data-socket message to a match's state (pure). A snapshot always replaces the image
 * (it is the server's whole truth at its seq). A delta applies only when its seq is exactly the
 * previous one plus one: an older or equal seq is a duplicate and is ignored; a larger one means
 * messages were lost, so the state is marked `resyncing` and the outcome is `gap`. Changed
 * markets and fancies replace the old objects by id (order kept, new ones appended); `removed`
 * ids drop markets and fancies; a score replaces the score, a match status the match status.
 */
export function applyMarketMessage(state: MatchState, message: MarketMessage): { state: MatchState; outcome: ApplyOutcome } {
  const { payload } = message;
  if (payload.matchId !== state.matchId) return { state, outcome: 'ignored' };

  if (message.type === 'snapshot') {
    const snap = message.payload;
    return {
      state: {
        matchId: state.matchId,
        seq: snap.seq,
        status: 'live',
        markets: [...snap.markets],
        fancies: [...snap.fancies],
        score: snap.score,
        matchStatus: state.matchStatus,
      },
      outcome: 'applied',
    };
  }

  const delta = message.payload;
  if (state.status !== 'live' || delta.seq <= state.seq) return { state, outcome: 'ignored' };
  if (delta.seq !== state.seq + 1) return { state: { ...state, status: 'resyncing' }, outcome: 'gap' };

  const removed = new Set(delta.removed ?? []);
  let markets = upsert(state.markets, delta.markets, (m) => m.marketId);
  let fancies = upsert(state.fancies, delta.fancies, (f) => f.fancyId);
  if (removed.size > 0) {
    markets = markets.filter((m) => !removed.has(m.marketId));
    fancies = fancies.filter((f) => !removed.has(f.fancyId));
  }
  return {
    state: { ...state, seq: delta.seq, markets, fancies, score: delta.score ?? state.score, matchStatus: delta.matchStatus ?? state.matchStatus },
    outcome: 'applied',
  };
}
