import { useId, type ReactNode } from 'react';
import { Button, type MarketLimits, type MarketStatus } from '@backlay/shared';
import { formatLimit } from '../format';

/** What the overlay over a market says for a status, or null when the market is open. */
export function overlayText(status: MarketStatus): string | null {
  if (status === 'suspended') return 'Suspended';
  if (status === 'ball_running') return 'Ball running';
  if (status === 'closed') return 'Closed';
  return null;
}

/** The limits line of a market or fancy: minimum and maximum stake, maximum profit, bet delay. */
export function LimitsText({ limits }: { limits: MarketLimits }) {
  return (
    <span className="bl-limits">
      Min {formatLimit(limits.minStake)} · Max {formatLimit(limits.maxStake)}
      {limits.betDelaySec > 0 ? ` · Delay ${limits.betDelaySec} s` : ''}
    </span>
  );
}

/**
 * A market's panel: its name, limits and Rules button above, the prices below, and while the
 * market is not open an overlay over the prices saying why ("Suspended", "Ball running").
 */
export function MarketFrame({
  title,
  status,
  limits,
  onRules,
  children,
  className = '',
}: {
  title: string;
  status: MarketStatus;
  limits: MarketLimits | null;
  onRules: () => void;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const overlay = overlayText(status);
  return (
    <section className={`bl-market ${className}`.trim()} aria-labelledby={headingId} data-status={status}>
      <header className="bl-market__head">
        <h2 id={headingId}>{title}</h2>
        {limits ? <LimitsText limits={limits} /> : null}
        <Button variant="secondary" className="bl-btn--small" aria-label={`Rules: ${title}`} onClick={onRules}>
          Rules
        </Button>
      </header>
      <div className="bl-market__body">
        {children}
        {overlay ? (
          <div className="bl-market__overlay" role="status">
            {overlay}
          </div>
        ) : null}
      </div>
    </section>
  );
}
