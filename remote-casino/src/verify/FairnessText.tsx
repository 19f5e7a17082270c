import { PAYOUT_ROUNDING_STEPS, PF1_DRAW_STEPS } from '@backlay/shared/casino';
import { useT } from '../i18n';

/**
 * Exactly how PF-1 draws a round and how a bet's amount rounds to the paisa, in the published
 * words (`@backlay/shared/casino` fairness.ts, their one home): shown in each table's rules and on
 * the Verify view, so a player can rebuild every deal and compute every payout.
 */
export function FairnessText() {
  const t = useT();
  return (
    <section aria-label={t('fairness.label')}>
      <h3 className="bl-casino-rules__caption">{t('fairness.drawTitle')}</h3>
      <ol className="bl-casino-rules__lines" aria-label={t('fairness.drawList')}>
        {PF1_DRAW_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h3 className="bl-casino-rules__caption">{t('fairness.rounding')}</h3>
      <ul className="bl-casino-rules__lines" aria-label={t('fairness.rounding')}>
        {PAYOUT_ROUNDING_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </section>
  );
}
