import { formatRupees } from '../kernel/money';

/**
 * A profit or loss in rupees: green when positive, red when negative (class `bl-pnl--pos` /
 * `bl-pnl--neg`, and `data-pnl` with the sign for tests and styles), with two decimals.
 */
export function Pnl({ rupees, testId }: { rupees: number; testId?: string }) {
  const sign = rupees > 0 ? 'pos' : rupees < 0 ? 'neg' : 'zero';
  return (
    <span className={`bl-pnl bl-pnl--${sign}`} data-pnl={sign} data-testid={testId}>
      {formatRupees(rupees)}
    </span>
  );
}
