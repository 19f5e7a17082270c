/** The events of the operator's settings (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /** An admin switched maintenance on or off (the player area closes or reopens). */
    'settings.maintenanceChanged': { on: boolean };
  }
}
