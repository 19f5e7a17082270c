/**
 * The e2e stack's races (ADR 0044), in one place for the stack (stack.mjs) and the racing
 * journeys: the simulator's horse and greyhound races every 90 s each (FEED_RACE_SPACING_MS),
 * five of each on the card (7.5 minutes ahead), so a journey finds a race before its off at any
 * moment and one in play within seconds (a horse race runs 60–90 s of every 90, a greyhound race
 * about 30 s; then 5–10 s suspended for the weigh-in before the result). The demo imports every
 * race off within the next hour, so all of them are on the home. The replayed real races are not
 * in the stack (its replay plays only the T20, replay.mjs): their clock is the recordings'.
 */
export const RACE_SPACING_MS = 90_000;

/** The stack's environment for the races. */
export const racingEnv = {
  FEED_RACE_SPACING_MS: String(RACE_SPACING_MS),
};

/** The simulator's racing sports: horse racing and greyhounds (Betfair's event types 7 and 4339). */
export const RACING_SPORT_IDS = { horseRacing: 7, greyhoundRacing: 4339 };
