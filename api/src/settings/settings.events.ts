/** The events of the operator's settings (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /**
     * An admin switched the platform's maintenance on or off (every site's player area closes or
     * reopens); a site's own switch is `sites.maintenanceChanged` (ADR 0074).
     */
    'settings.maintenanceChanged': { on: boolean };
  }
}
