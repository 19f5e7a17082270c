/** The source of "now" for in-memory rules (throttles, caches); tests pass a fake one. */
export interface Clock {
  nowMs(): number;
}

/** Wall-clock time. Times that are stored come from the database clock, not from here. */
export const systemClock: Clock = { nowMs: () => Date.now() };
