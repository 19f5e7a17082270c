/**
 * The e2e stack's replay of the real T20 (Netherlands v Papua New Guinea, 11 Jul 2022; ADR 0037,
 * ADR 0042), in one place for the stack (stack.mjs) and its journey (real-match.spec.ts).
 *
 * The recording runs 237 minutes from the replay's start (10 minutes before the turn in play) to
 * CLOSED, 227 of them in play. At 240 times real time that is 59 s, 57 s of it in play; with the
 * closed match kept 20 s, a cycle is 80 s. Cycles are aligned to the epoch (FEED_REPLAY_LOOP), so
 * a journey arriving at any moment finds the next turn in play within 80 s, and a bet placed
 * early in play settles well within a minute.
 */
export const REPLAY_SPEED = 240;
export const REPLAY_RETENTION_MS = 20_000;
/** Only the T20's two files (prices and ball by ball): the races are other journeys' business. */
export const REPLAY_FILES = ['api/feed-data/betfair/1.200806927.cricket-match-odds.jsonl.gz', 'api/feed-data/betfair/1.200806927.cricket-score.jsonl.gz'];

/** The stack's environment for the replay beside the simulator (the files relative to the repository). */
export const replayEnv = {
  FEED_PROVIDER: 'simulator,replay',
  FEED_REPLAY_FILES: REPLAY_FILES.join(','),
  FEED_REPLAY_SPEED: String(REPLAY_SPEED),
  FEED_REPLAY_LOOP: 'true',
  FEED_REPLAY_RETENTION_MS: String(REPLAY_RETENTION_MS),
};

/** A replayed event's id carries its cycle: `<betfair id>-r<cycle>` (ADR 0037). */
export const REPLAYED_ID = /-r[0-9a-z]+$/;
