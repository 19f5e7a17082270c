/**
 * The provider(s) config.feed.providers names: the simulator (config.feed.seed), the replay of
 * recorded Betfair files (config.feed.replay, read once here at boot), Betfair's Exchange Stream
 * (config.betfair, ADR 0038), or several as one.
 */
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Config, FeedProviderName } from '../config';
import { BetfairProvider } from './betfair/betfair-provider';
import { betfairSession, bettingApi, streamOptions } from './betfair/from-config';
import { CombinedProvider } from './combined-provider';
import type { FeedProvider } from './feed-provider';
import { loadRecordings } from './replay/recordings';
import { ReplayProvider } from './replay/replay-provider';
import { SPORT_PLANS, withRaceSpacing } from './simulator/schedule';
import { SimulatorProvider } from './simulator/simulator';

/** `clock`: the app's (a test's fake one moves the Betfair stream's heartbeat and receipt times too). */
export function createFeedProvider(config: Readonly<Config>, log?: Logger, clock?: Clock): FeedProvider {
  const names = config.feed.providers.length > 0 ? config.feed.providers : (['simulator'] as const);
  const parts = names.map((name) => createOne(config, name, log, clock));
  return parts.length === 1 ? (parts[0] as FeedProvider) : new CombinedProvider(parts);
}

function createOne(config: Readonly<Config>, name: FeedProviderName, log: Logger | undefined, clock: Clock | undefined): FeedProvider {
  const { feed } = config;
  switch (name) {
    case 'replay':
      return new ReplayProvider({
        recordings: loadRecordings(feed.replay.files),
        speed: feed.replay.speed,
        loop: feed.replay.loop,
        retentionMs: feed.replay.retentionMs,
        gbpInrRateHundredths: feed.gbpInrRateHundredths,
      });
    case 'simulator':
      return new SimulatorProvider({ seed: feed.seed, ...(feed.raceSpacingMs !== null ? { plans: withRaceSpacing(SPORT_PLANS, feed.raceSpacingMs) } : {}) });
    case 'betfair': {
      // Betfair's Exchange Stream (ADR 0038): the session, the stream and the catalogue's names.
      const session = betfairSession(config.betfair);
      return new BetfairProvider({
        stream: streamOptions(config.betfair, session),
        catalogue: bettingApi(config.betfair, session),
        gbpInrRateHundredths: feed.gbpInrRateHundredths,
        ...(log !== undefined ? { log } : {}),
        ...(clock !== undefined ? { now: () => clock.nowMs() } : {}),
      });
    }
  }
}
