/** The events of the operator's settings (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /**
     * An admin switched maintenance on or off (the player area closes or reopens): the
     * platform's switch (no siteId: every site), or one site's own (ADR 0074).
     */
    'settings.maintenanceChanged': { on: boolean; siteId?: string };
  }
}
