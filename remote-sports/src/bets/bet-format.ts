import moment from 'moment';
import type { AnyBetSide, BetStatus, PlacedBet } from '@backlay/shared';
import { formatPrice } from '../format';

/** How bet times are shown on the bet lists (the product's date format with seconds). */
export const BET_TIME_FORMAT = 'DD/MM/YYYY h:mm:ss A';

/** A bet's time as players read it. */
export function formatBetTime(iso: string): string {
  return moment(iso).format(BET_TIME_FORMAT);
}

/** Back / Lay / Yes / No. */
export function sideLabel(side: AnyBetSide): string {
  return { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' }[side];
}

/** The colour family of a side: back and YES blue, lay and NO pink. */
export function sideClass(side: AnyBetSide): 'back' | 'lay' {
  return side === 'BACK' || side === 'YES' ? 'back' : 'lay';
}

/**
 * A bet's price as the player saw it: decimal odds (1.85), a bookmaker rate (the API's 0.45 is
 * shown 45, as on the ladder), or a fancy's line and rate ("46 / 100").
 */
export function formatBetOdds(bet: Pick<PlacedBet, 'marketType' | 'odds' | 'run'>): string {
  if (bet.marketType === 'fancy') return `${bet.run ?? '–'} / ${bet.odds}`;
  return formatPrice(bet.odds, bet.marketType);
}

/** Open / Settled / Void. */
export function statusLabel(status: BetStatus): string {
  return { open: 'Open', settled: 'Settled', voided: 'Void' }[status];
}
