/** The events of settlement (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /** A market, fancy or casino round settled (committed): who settled it and its settlement row. */
    'settlement.marketSettled': { settlementId: string; source: 'admin' | 'feed' | 'casino'; marketId: string };
  }
}
