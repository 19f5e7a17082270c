import { formatRupees } from '@backlay/shared';

/** 'pos', 'neg' or 'zero': the sign class of an amount (green, red, plain). */
export function pnlSign(rupees: number): 'pos' | 'neg' | 'zero' {
  if (rupees > 0) return 'pos';
  if (rupees < 0) return 'neg';
  return 'zero';
}

/**
 * A profit or loss in rupees: green when positive, red when negative (class `bl-pnl--pos` /
 * `bl-pnl--neg`, and `data-pnl` with the sign for tests and styles), with two decimals.
 */
export function Pnl({ rupees }: { rupees: number }) {
  const sign = pnlSign(rupees);
  return (
    <span className={`bl-pnl bl-pnl--${sign}`} data-pnl={sign}>
      {formatRupees(rupees)}
    </span>
  );
}
