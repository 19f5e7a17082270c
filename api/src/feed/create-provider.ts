/**
 * The provider config.feed.provider names: the simulator (config.feed.seed) or the replay of
 * recorded Betfair files (config.feed.replay, read once here at boot).
 */
import type { Config } from '../config';
import type { FeedProvider } from './feed-provider';
import { loadRecordings } from './replay/recordings';
import { ReplayProvider } from './replay/replay-provider';
import { SimulatorProvider } from './simulator/simulator';

export function createFeedProvider(config: Readonly<Config>): FeedProvider {
  const { feed } = config;
  if (feed.provider === 'replay') {
    return new ReplayProvider({
      recordings: loadRecordings(feed.replay.files),
      speed: feed.replay.speed,
      loop: feed.replay.loop,
      gbpInrRateHundredths: feed.gbpInrRateHundredths,
    });
  }
  return new SimulatorProvider({ seed: feed.seed });
}
