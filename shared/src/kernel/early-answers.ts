/**
 * A screen's first calls asked early (ADR 0085): when a page opens on a remote screen, the shell
 * loads the remote's route module and calls its `prefetch` for that screen, which asks the calls
 * the screen will make first (`askEarly`) while the screen's own chunk is still on its way. The
 * screen's first load takes the answer in flight (`earlyAnswerOr`) instead of asking again; every later
 * load (a refresh, another key, a reload after an action) asks the server anew.
 *
 * An answer is taken at most once, and only while it is fresh (EARLY_ANSWER_TTL_MS from when it
 * was asked): a screen drawn later than that asks for itself. A failed early call is forgotten
 * when it fails, so a screen that has not taken it yet asks anew.
 */

/** What watchEarly holds: an observable (rxjs's, without importing it here). */
export interface Subscribable<T> {
  subscribe(observer: { next?: (value: T) => void; error?: (error: unknown) => void }): { unsubscribe(): void };
}

/** A call with its early key, as a screen and its route module's prefetch both name it. */
export type EarlyCall<T> = readonly [key: string, call: () => Promise<T>];

/** How long an early answer waits for its screen: the screen's chunk and the first render, on a slow phone. */
export const EARLY_ANSWER_TTL_MS = 15_000;

interface Early {
  answer: Promise<unknown>;
  askedAt: number;
}

const asked = new Map<string, Early>();

/** Whether an answer asked at `askedAt` may still be handed to its screen. */
const fresh = (early: Early, nowMs: number) => nowMs - early.askedAt <= EARLY_ANSWER_TTL_MS;

/** Ask `call` now, for the screen that will ask `key` first. A key already asked and fresh is not asked twice. */
export function askEarly([key, call]: EarlyCall<unknown>, nowMs: number = Date.now()): void {
  const before = asked.get(key);
  if (before && fresh(before, nowMs)) return;
  let answer: Promise<unknown>;
  try {
    answer = call();
  } catch {
    return;
  }
  const entry: Early = { answer, askedAt: nowMs };
  asked.set(key, entry);
  answer.catch(() => {
    if (asked.get(key) === entry) asked.delete(key);
  });
}

/**
 * The answer asked early for `key` when there is a fresh one (taken: the next call asks anew),
 * else `call()`. A screen wraps its first calls in it, under the same key as its route module's
 * prefetch.
 */
export function earlyAnswerOr<T>([key, call]: EarlyCall<T>, nowMs: number = Date.now()): Promise<T> {
  const found = asked.get(key);
  if (found) {
    asked.delete(key);
    if (fresh(found, nowMs)) return found.answer as Promise<T>;
  }
  return call();
}

/**
 * Watch a live feed early (the odds page's match on the data socket): the first observer opens
 * the page's data connection and subscribes, so the snapshot is on its way while the screen's
 * chunk loads; the screen's own watch shares it (the feed keeps one image per key). The early
 * observer lets go after `holdMs`, by when the screen holds its own (or was never drawn).
 */
export function watchEarly(feed: Subscribable<unknown>, holdMs: number = EARLY_ANSWER_TTL_MS): void {
  const held = feed.subscribe({ error: () => undefined });
  setTimeout(() => held.unsubscribe(), holdMs);
}

/** Forget every early answer (tests; a sign-out, so no answer crosses sessions). */
export function forgetEarlyAnswers(): void {
  asked.clear();
}
