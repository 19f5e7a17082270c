import { Dialog, type MarketType } from '@backlay/shared';
import { rulesFor } from './rules-content';
import { MarketRulesView } from './RulesSections';

/** The rules pop-up of a market: the same text as the /rules page, for that market's type. */
export function RulesDialog({ type, onClose }: { type: MarketType; onClose: () => void }) {
  const rules = rulesFor(type);
  return (
    <Dialog title={`Rules: ${rules.title}`} onClose={onClose}>
      <MarketRulesView rules={rules} />
    </Dialog>
  );
}
