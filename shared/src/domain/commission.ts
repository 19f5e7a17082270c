/**
 * Commission (docs/rules/money.md §7.6), in integer paise, floored (in the user's favour). Charged per user per
 * market on the net market P&L W (never per bet), or on turnover for session-style rules. The
 * user's rate is capped by the parent's rate.
 */
import { assertInteger, mulDivFloor } from './exposure';

/** NET_WIN: Betfair / clone model on max(0, W). TURNOVER: on stakes. NONE: no commission. */
export type CommissionBasis = 'NET_WIN' | 'TURNOVER' | 'NONE';

/** 100 % in basis points. */
export const FULL_RATE_BPS = 10_000;

export interface CommissionInput {
  basis: CommissionBasis;
  /** The user's commission rate in basis points (5 % = 500). */
  rateBps: number;
  /** The parent's rate; the user's rate is capped at it. */
  parentRateBps?: number;
  /** Discount on the rate in basis points (Betfair's discount; 40 % = 4000). */
  discountBps?: number;
  /** The user's net P&L in this market, W. */
  netPnlMinor: number;
  /** Total stakes in this market (TURNOVER basis). */
  turnoverMinor?: number;
}

function assertBps(name: string, bps: number): void {
  assertInteger(name, bps);
  if (bps < 0 || bps > FULL_RATE_BPS) throw new Error(`${name} must be within 0..10000, got ${bps}`);
}

/** min(user rate, parent rate). */
export function effectiveRateBps(rateBps: number, parentRateBps?: number): number {
  assertBps('rateBps', rateBps);
  if (parentRateBps === undefined) return rateBps;
  assertBps('parentRateBps', parentRateBps);
  return Math.min(rateBps, parentRateBps);
}

/** C = max(0, W) × rate × (1 − discount) for NET_WIN; turnover × rate × (1 − discount) for TURNOVER. */
export function commissionMinor(input: CommissionInput): number {
  const rate = effectiveRateBps(input.rateBps, input.parentRateBps);
  const discount = input.discountBps ?? 0;
  assertBps('discountBps', discount);
  assertInteger('netPnlMinor', input.netPnlMinor);
  switch (input.basis) {
    case 'NONE':
      return 0;
    case 'NET_WIN':
      return mulDivFloor([Math.max(0, input.netPnlMinor), rate, FULL_RATE_BPS - discount], FULL_RATE_BPS * FULL_RATE_BPS);
    case 'TURNOVER': {
      const turnover = input.turnoverMinor;
      if (turnover === undefined || turnover < 0) throw new Error('TURNOVER commission needs a turnover ≥ 0');
      return mulDivFloor([turnover, rate, FULL_RATE_BPS - discount], FULL_RATE_BPS * FULL_RATE_BPS);
    }
  }
}
