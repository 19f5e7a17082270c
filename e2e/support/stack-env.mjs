/**
 * The test-mode settings both e2e stacks give the API (stack.mjs, cluster-stack.mjs), in one place.
 * `npm start` keeps the product's defaults; these make the clocks a journey waits on short.
 *
 * - The feed is polled faster than a ball is in play (0.7–1.3 s), so every suspension and
 *   ball-running pause the journeys wait for reaches the data socket.
 * - Casino rounds short enough for a journey to bet, watch the deal and the result, and verify:
 *   10 s to bet, cards dealt at 350 ms each (4 s at most), the result on screen 4 s before the
 *   next round opens.
 * - Passwords are hashed with argon2id at 1 MiB and one pass, as the API's integration tests do
 *   (api/test/helper.ts), instead of the 19 MiB and two passes of production (which refuses less,
 *   config.ts). Every sign-in, new account, password change and transaction password of a journey
 *   runs argon2 at least once: at production cost that is 20–100 ms of a core each on a loaded
 *   CI machine, spent on the server while the journey waits (docs/bench/ci-time.md). What the
 *   journeys check of passwords (refusals, forced changes, throttling) does not depend on the cost.
 */
export const stackEnv = {
  FEED_TICK_MS: '250',
  CASINO_BETTING_SECONDS: '10',
  CASINO_DEAL_MS_PER_CARD: '350',
  CASINO_DEAL_MS_MAX: '4000',
  CASINO_RESULT_MS: '4000',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
};
