/** The events of the sports catalog (common/domain-events.ts). */
import type { FancyRow, MarketRow, ScoreRow } from './market-view';
import type { EventStatus } from './match-query';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /**
     * Market data of one match changed (the feed ingest after each write, an admin switch, a
     * declaration or rollback): the changed markets and fancies as stored (inactive ones too),
     * the new score if it moved.
     */
    'catalog.matchChanged': {
      matchId: string;
      markets: MarketRow[];
      fancies: FancyRow[];
      score: ScoreRow | null;
      /** Markets and fancies that players must no longer see (an admin switched them off). */
      removedIds: string[];
      /** The match's status as stored, when the feed changed the match (e.g. 'closed': it ended). */
      matchStatus?: EventStatus;
      /** Set when an admin showed (true) or hid (false) the whole match. */
      matchActive?: boolean;
    };
  }
}
