/** The events of the ledger (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /** A journal moved money; one row per affected user wallet with its new figures. */
    'ledger.balancesChanged': {
      journalId: string;
      wallets: Array<{ userId: string; balanceMinor: bigint; exposureMinor: bigint }>;
    };
  }
}
