import { useId, type ReactNode } from 'react';
import { Button, formatWholeRupees, type MarketLimits, type MarketStatus } from '@backlay/shared';
import { t as translate, useT } from '../i18n';

/** What the overlay over a market says for a status, or null when the market is open. */
export function overlayText(status: MarketStatus): string | null {
  return status === 'open' ? null : translate(`marketStatus.${status}` as const);
}

/** The limits line of a market or fancy: minimum and maximum stake, maximum profit, bet delay. */
export function LimitsText({ limits }: { limits: MarketLimits }) {
  const t = useT();
  const values = { min: formatWholeRupees(limits.minStake), max: formatWholeRupees(limits.maxStake), delay: limits.betDelaySec };
  return <span className="bl-limits">{t(limits.betDelaySec > 0 ? 'market.limitsDelay' : 'market.limits', values)}</span>;
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
  const t = useT();
  const headingId = useId();
  const overlay = settled === null ? overlayText(status) : null;
  return (
    <section className={`bl-market ${className}`.trim()} aria-labelledby={headingId} data-status={settled === null ? status : 'settled'}>
      <header className="bl-market__head">
        <h2 id={headingId}>{title}</h2>
        {limits ? <LimitsText limits={limits} /> : null}
        <Button variant="secondary" className="bl-btn--small" aria-label={t('market.rulesOf', { title })} onClick={onRules}>
          {t('market.rules')}
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
