/**
 * Whole seconds left to bet, read on the server's clock: `closesAt` is the server's, and the
 * browser's clock may be off by any amount, so `offsetMs` (server minus local, measured when the
 * round view arrived) moves the local `nowMs` onto the server's clock. Rounded up, so "1 s" shows
 * until the very end; 0 once closed, never negative.
 */
export function secondsToClose(closesAt: string, offsetMs: number, nowMs: number): number {
  const closes = Date.parse(closesAt);
  if (!Number.isFinite(closes)) return 0;
  return Math.max(0, Math.ceil((closes - (nowMs + offsetMs)) / 1000));
}

/** How often the countdown reads the clock: often enough that a second never shows late. */
export const COUNTDOWN_TICK_MS = 250;
