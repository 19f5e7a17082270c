import { useId } from 'react';
import { useT } from '../i18n/rules';
import { GENERAL_RULES, type MarketRules, type RulesBlock } from './rules-content';

function Block({ block, level }: { block: RulesBlock; level: 3 | 4 }) {
  useT(); // the rules' words in the page's language: re-drawn on a switch, waiting for their catalog
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section className="bl-rules__block" aria-labelledby={id}>
      <Heading id={id}>{block.heading}</Heading>
      <ul>
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** Rules that hold for every market. */
export function GeneralRulesView({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  return <Block block={GENERAL_RULES} level={headingLevel} />;
}

/** The rules of one market type, then (unless `withGeneral` is false) the rules of every market. */
export function MarketRulesView({ rules, headingLevel = 3, withGeneral = true }: { rules: MarketRules; headingLevel?: 3 | 4; withGeneral?: boolean }) {
  useT();
  return (
    <div className="bl-rules">
      <p className="bl-rules__summary">{rules.summary}</p>
      {rules.blocks.map((b) => (
        <Block key={b.heading} block={b} level={headingLevel} />
      ))}
      {withGeneral ? <GeneralRulesView headingLevel={headingLevel} /> : null}
    </div>
  );
}
