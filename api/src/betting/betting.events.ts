/** The events of bet placement (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /** A bet was placed: the user's wallet with its new exposure. */
    'betting.betPlaced': {
      betId: string;
      /** The match (or live casino table) bet on: the metrics' sport. */
      matchId: string;
      /** What kind of market (match_odds, bookmaker, fancy, a casino table's …) and the stake in paise: the turnover metrics. */
      marketType: string;
      stakeMinor: bigint;
      wallet: { userId: string; balanceMinor: bigint; exposureMinor: bigint };
    };
  }
}
