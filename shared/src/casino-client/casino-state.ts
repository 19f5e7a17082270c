import type { CasinoDelta, CasinoPhase, CasinoRoundView, CasinoSnapshot } from '../contracts/casino';
import type { ApplyOutcome, MatchDataStatus } from '../kernel/sequenced-watches';

/**
 * The live image of one casino table, as the data socket builds it. `status` reads as for a match
 * (`MatchDataStatus`): connecting (no snapshot yet), live, resyncing (a delta went missing or the
 * connection dropped; the last good image stays on screen) or unavailable (the server refused the
 * subscription, `error` says why).
 */
export interface CasinoTableState {
  matchId: string;
  /** Sequence number of the last message applied; -1 before the first snapshot. */
  seq: number;
  status: MatchDataStatus;
  /** The table's current (or last) round; null when none has run. */
  round: CasinoRoundView | null;
  isDisable: boolean;
  /** What the last delta was about (null after a snapshot). */
  phase: CasinoPhase | null;
  /**
   * Server clock minus this browser's clock (ms), measured from the round view's `serverTime`
   * when the message arrived: the countdown reads `closesAt` on the server's clock.
   */
  clockOffsetMs: number;
  error?: string;
}

/** A message of the data socket for one table: the subscribe ack's snapshot, or a delta. */
export type CasinoMessage = { type: 'snapshot'; payload: CasinoSnapshot } | { type: 'delta'; payload: CasinoDelta };

/** The state of a table that has been subscribed to but has not received its snapshot. */
export function initialCasinoTableState(matchId: string): CasinoTableState {
  return { matchId, seq: -1, status: 'connecting', round: null, isDisable: false, phase: null, clockOffsetMs: 0 };
}

/** Server minus local clock from a round view received at `nowMs`; the old offset without one. */
export function clockOffsetOf(round: CasinoRoundView | null, nowMs: number, fallbackMs: number): number {
  const server = round ? Date.parse(round.serverTime) : Number.NaN;
  return Number.isFinite(server) ? server - nowMs : fallbackMs;
}

/**
 * Apply one message to a table's state (pure; `nowMs` is when it arrived). A snapshot replaces the
 * image. A delta carries the whole round view (a countdown delta only the round's new clock), and
 * applies only at exactly the previous seq plus one: an older or equal seq is a duplicate and is
 * ignored (so is a delta before the first snapshot or while resyncing); a larger one means deltas
 * were lost, so the state is marked `resyncing` and the outcome is `gap`: the caller subscribes
 * again for a fresh snapshot. So is a countdown of a round other than the one held.
 */
export function applyCasinoMessage(state: CasinoTableState, message: CasinoMessage, nowMs: number): { state: CasinoTableState; outcome: ApplyOutcome } {
  if (message.payload.matchId !== state.matchId) return { state, outcome: 'ignored' };

  if (message.type === 'snapshot') {
    const { payload } = message;
    return {
      state: {
        matchId: state.matchId,
        seq: payload.seq,
        status: 'live',
        round: payload.round,
        isDisable: payload.isDisable,
        phase: null,
        clockOffsetMs: clockOffsetOf(payload.round, nowMs, state.clockOffsetMs),
      },
      outcome: 'applied',
    };
  }

  const delta = message.payload;
  if (state.status !== 'live' || delta.seq <= state.seq) return { state, outcome: 'ignored' };
  if (delta.seq !== state.seq + 1) return { state: { ...state, status: 'resyncing' }, outcome: 'gap' };
  if (delta.phase === 'countdown') {
    const { countdown } = delta;
    if (state.round?.roundId !== countdown.roundId) return { state: { ...state, status: 'resyncing' }, outcome: 'gap' };
    const round: CasinoRoundView = { ...state.round, secondsLeft: countdown.secondsLeft, serverTime: countdown.serverTime };
    return { state: { ...state, seq: delta.seq, round, phase: delta.phase, clockOffsetMs: clockOffsetOf(round, nowMs, state.clockOffsetMs) }, outcome: 'applied' };
  }
  const clockOffsetMs = clockOffsetOf(delta.round, nowMs, state.clockOffsetMs);
  return { state: { ...state, seq: delta.seq, round: delta.round, isDisable: delta.isDisable, phase: delta.phase, clockOffsetMs }, outcome: 'applied' };
}
