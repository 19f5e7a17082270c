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
 * market is not open an overlay over the prices saying why ("Suspended", "Ball running"). A
 * settled market (`settled`: "Settled · Winner: India") says so instead, with no overlay.
 */
export function MarketFrame({
  title,
  status,
  limits,
  onRules,
  children,
  className = '',
  settled = null,
}: {
  title: string;
  status: MarketStatus;
  settled?: string | null;
  limits: MarketLimits | null;
  onRules: () => void;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const overlay = settled === null ? overlayText(status) : null;
  return (
    <section className={`bl-market ${className}`.trim()} aria-labelledby={headingId} data-status={settled === null ? status : 'settled'}>
      <header className="bl-market__head">
        <h2 id={headingId}>{title}</h2>
        {limits ? <LimitsText limits={limits} /> : null}
        <Button variant="secondary" className="bl-btn--small" aria-label={`Rules: ${title}`} onClick={onRules}>
          Rules
        </Button>
      </header>
      <div className="bl-market__body">
        {settled !== null ? (
          <p className="bl-settled" role="status">
            {settled}
          </p>
        ) : null}
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
