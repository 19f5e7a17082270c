import type { MarketStatus } from '@backlay/shared';

/** How a market or fancy's status reads in the admin area. */
export const STATUS_LABELS: Record<MarketStatus, string> = { open: 'Open', suspended: 'Suspended', ball_running: 'Ball running', closed: 'Closed' };

/**
 * A market or fancy's status as the admin area shows it: a suspension says whose it is, since an
 * admin can lift only its own (active-markets) and the feed's lifts itself.
 */
export function statusLabel(market: { status: MarketStatus; adminSuspended: boolean }): string {
  if (market.status !== 'suspended') return STATUS_LABELS[market.status];
  return market.adminSuspended ? 'Suspended by admin' : 'Suspended by feed';
}
