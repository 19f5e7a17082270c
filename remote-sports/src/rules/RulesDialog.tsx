import { Suspense } from 'react';
import { Dialog, type MarketType } from '@backlay/shared';
import { useT } from '../i18n';
import { useT as useRulesT } from '../i18n/rules';
import { rulesFor } from './rules-content';
import { MarketRulesView } from './RulesSections';

/**
 * The rules pop-up of a market: the same text as the /rules page, for that market's type. Its
 * words load with it (their own catalog): the page behind stays while they do.
 */
export function RulesDialog(props: { type: MarketType; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <RulesDialogContent {...props} />
    </Suspense>
  );
}

function RulesDialogContent({ type, onClose }: { type: MarketType; onClose: () => void }) {
  const t = useT();
  useRulesT();
  const rules = rulesFor(type);
  return (
    <Dialog title={t('market.rulesOf', { title: rules.title })} onClose={onClose}>
      <MarketRulesView rules={rules} />
    </Dialog>
  );
}
