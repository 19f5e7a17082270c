import { useId } from 'react';
import { BuildTag, Page } from '@backlay/shared';
import { useT } from '../i18n/rules';
import { MARKET_RULES, type MarketRules } from '../rules/rules-content';
import { GeneralRulesView, MarketRulesView } from '../rules/RulesSections';

function MarketSection({ rules }: { rules: MarketRules }) {
  const id = useId();
  return (
    <section className="bl-rules__market" aria-labelledby={id}>
      <h2 id={id}>{rules.title}</h2>
      <MarketRulesView rules={rules} headingLevel={3} withGeneral={false} />
    </section>
  );
}

/** /rules: the betting rules of every market type (the per-market pop-ups show the same text). */
export function RulesPage() {
  const t = useT();
  return (
    <Page title={t('rules.title')}>
      <nav className="bl-tabs" aria-label={t('rules.marketTypes')}>
        {MARKET_RULES.map((r) => (
          <a key={r.type} href={`#rules-${r.type}`}>
            {r.title}
          </a>
        ))}
        <a href="#rules-general">{t('rules.everyMarket')}</a>
      </nav>
      {MARKET_RULES.map((r) => (
        <div key={r.type} id={`rules-${r.type}`}>
          <MarketSection rules={r} />
        </div>
      ))}
      <section className="bl-rules__market" aria-labelledby="rules-general">
        <h2 id="rules-general">{t('rules.everyMarket')}</h2>
        <div className="bl-rules">
          <GeneralRulesView headingLevel={3} />
        </div>
      </section>
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
