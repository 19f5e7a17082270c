import type { AnyBetSide, BetStatus, MarketStatus } from '../contracts/index';

/** Back / Lay / Yes / No. */
export function sideLabel(side: AnyBetSide): string {
  return SIDE_LABELS[side];
}

const SIDE_LABELS: Record<AnyBetSide, string> = { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' };

/** The colour family of a side: back and YES blue, lay and NO pink. */
export function sideClass(side: AnyBetSide): 'back' | 'lay' {
  return side === 'BACK' || side === 'YES' ? 'back' : 'lay';
}

/** How a bet's status reads: Open / Settled / Void. */
export const BET_STATUS_LABELS: Record<BetStatus, string> = { open: 'Open', settled: 'Settled', voided: 'Void' };

/** How a market's or fancy's status reads. */
export const MARKET_STATUS_LABELS: Record<MarketStatus, string> = { open: 'Open', suspended: 'Suspended', ball_running: 'Ball running', closed: 'Closed' };

/**
 * A market's or fancy's status as the admin area shows it: a suspension says whose it is, since an
 * admin can lift only its own (active-markets) and the feed's lifts itself.
 */
export function marketStatusLabel(market: { status: MarketStatus; adminSuspended: boolean }): string {
  if (market.status !== 'suspended') return MARKET_STATUS_LABELS[market.status];
  return market.adminSuspended ? 'Suspended by admin' : 'Suspended by feed';
}
