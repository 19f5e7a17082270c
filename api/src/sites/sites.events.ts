/** The events of the sites domain (common/domain-events.ts). */
import type {} from '../common/domain-events';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /** A site's own maintenance switch changed: its open player pages close (realtime) when on. */
    'sites.maintenanceChanged': { siteId: string; on: boolean };
  }
}
