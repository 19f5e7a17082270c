/** The events of the live casino (common/domain-events.ts). */
import type { CasinoCountdown, CasinoPhase } from '@backlay/shared/contracts';
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /** A table's round moved on (opened, a second passed, closed and dealt, settled, voided) or the table was switched. */
    'casino.roundChanged': { matchId: string; phase: Exclude<CasinoPhase, 'countdown'> } | { matchId: string; phase: 'countdown'; countdown: CasinoCountdown };
  }
}
