import type { AnyBetSide, BetStatus, MarketStatus } from '../contracts/index';
import { sharedT } from '../i18n/shared-catalog';

/** Back / Lay / Yes / No, in the page's language. */
export function sideLabel(side: AnyBetSide): string {
  return sharedT(SIDE_KEYS[side]);
}

const SIDE_KEYS = { BACK: 'side.back', LAY: 'side.lay', YES: 'side.yes', NO: 'side.no' } as const satisfies Record<AnyBetSide, string>;

/** The colour family of a side: back and YES blue, lay and NO pink. */
export function sideClass(side: AnyBetSide): 'back' | 'lay' {
  return side === 'BACK' || side === 'YES' ? 'back' : 'lay';
}

/** How a bet's status reads: Open / Settled / Void (English; a screen shows betStatusLabel). */
export const BET_STATUS_LABELS: Record<BetStatus, string> = { open: 'Open', settled: 'Settled', voided: 'Void' };

/** A bet's status in the page's language. */
export function betStatusLabel(status: BetStatus): string {
  return sharedT(`betStatus.${status}`);
}

/** How a market's or fancy's status reads (English; a screen shows marketStatusLabel). */
export const MARKET_STATUS_LABELS: Record<MarketStatus, string> = { open: 'Open', suspended: 'Suspended', ball_running: 'Ball running', closed: 'Closed' };

/**
 * A market's or fancy's status as the admin area shows it: a suspension says whose it is, since an
 * admin can lift only its own (active-markets) and the feed's lifts itself. In the page's language.
 */
export function marketStatusLabel(market: { status: MarketStatus; adminSuspended: boolean }): string {
  if (market.status !== 'suspended') return sharedT(`marketStatus.${market.status}`);
  return sharedT(market.adminSuspended ? 'marketStatus.suspendedByAdmin' : 'marketStatus.suspendedByFeed');
}
