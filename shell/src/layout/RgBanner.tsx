import { Link } from 'react-router';
import { useT } from '../i18n';
import {
  exclusionInForce, formatDateTimeMinutesIst, formatRupees, limitInForce, ROUTES, useResponsibleGambling, type RgLimitType, type ResponsibleGamblingView, rgLimitLabel,
} from '@backlay/shared';

/** The limits that bound play, in the order the line names them (deposit limits only matter on the deposit page). */
const PLAY_LIMITS: readonly RgLimitType[] = ['stake', 'loss_day', 'loss_week', 'loss_month'];

/** "Maximum stake per bet ₹500.00 · Daily loss limit ₹2,000.00", or null when no play limit is in force. */
export function playLimitsText(view: ResponsibleGamblingView): string | null {
  const parts = PLAY_LIMITS.flatMap((type) => {
    const amount = limitInForce(view, type);
    return amount === null ? [] : [`${rgLimitLabel(type)} ₹${formatRupees(amount)}`];
  });
  return parts.length === 0 ? null : parts.join(' · ');
}

/**
 * Responsible gambling on every player page (ADR 0019): while a time-out or self-exclusion is in
 * force, a banner says until when (in IST, the product's zone) and what is paused; otherwise, while
 * a stake or loss limit is in force, a quieter line names them. Both link to the settings. The
 * settings are read once per page load and follow what the player saves (useResponsibleGambling).
 */
export function RgBanner() {
  const t = useT();
  const view = useResponsibleGambling();
  if (view === null) return null;
  const settings = (
    <Link to={ROUTES.responsibleGambling.path} className="bl-rg-banner__link">
      {t('rg.settingsLink')}
    </Link>
  );
  const exclusion = exclusionInForce(view);
  if (exclusion !== null) {
    const until = formatDateTimeMinutesIst(exclusion.endsAt);
    return (
      <section className="bl-rg-banner bl-rg-banner--exclusion" role="status" aria-label={t('rg.banner')}>
        <p data-testid="rg-exclusion">
          {t(exclusion.kind === 'time_out' ? 'rg.timeOutUntil' : 'rg.selfExcludedUntil', { until })}
        </p>
        {settings}
      </section>
    );
  }
  const limits = playLimitsText(view);
  if (limits === null) return null;
  return (
    <section className="bl-rg-banner" aria-label={t('rg.yourLimitsLabel')}>
      <p data-testid="rg-limits">{t('rg.yourLimits', { limits })}</p>
      {settings}
    </section>
  );
}
