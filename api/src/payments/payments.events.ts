/** The events of payment requests (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /**
     * A payment request joined or left the pending queue (issue 34, live alerts): a player asked
     * for a deposit or a withdrawal, or an agent decided one. `agentIds` are the owner's
     * ancestors, every agent that may decide it (each is told; its own queue count it reads).
     */
    'payments.queueChanged': {
      change: 'requested' | 'decided';
      /** pending when requested; approved or rejected when decided. */
      status: 'pending' | 'approved' | 'rejected';
      requestId: string;
      /** The player who asked. */
      ownerId: string;
      type: 'deposit' | 'withdraw';
      username: string;
      amountMinor: bigint;
      agentIds: readonly string[];
    };
  }
}
