import type { MarketType } from '@backlay/shared';
import { t, type RulesKey } from '../i18n/rules';

/** One titled group of rules. */
export interface RulesBlock {
  readonly heading: string;
  readonly items: string[];
}

/** The rules of one market type: the /rules page shows every one, a market's pop-up its own. */
export interface MarketRules {
  readonly type: MarketType;
  readonly title: string;
  readonly summary: string;
  readonly blocks: RulesBlock[];
}

/**
 * A group of rules whose words live in the rules' catalog (`rules.…`, i18n/rules.ts): its heading and its items
 * `prefix.1` … `prefix.count`, read in the page's language each time they are shown.
 */
function block(heading: RulesKey, prefix: string, count: number): RulesBlock {
  const keys = Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}` as RulesKey);
  return {
    get heading() {
      return t(heading);
    },
    get items() {
      return keys.map((key) => t(key));
    },
  };
}

/** A market type's rules: its title and summary (`rules.{type}.title`, `.summary`), settlement, then void and suspension. */
function marketRules(type: MarketType, settlement: number, voids: number): MarketRules {
  return {
    type,
    get title() {
      return t(`rules.${type}.title` as RulesKey);
    },
    get summary() {
      return t(`rules.${type}.summary` as RulesKey);
    },
    blocks: [block('rules.block.settlement', `rules.${type}.settlement`, settlement), block('rules.block.void', `rules.${type}.void`, voids)],
  };
}

/** Rules that hold for every market; each market type's rules add to them. */
export const GENERAL_RULES: RulesBlock = block('rules.general.heading', 'rules.general', 7);

/** The rules of each market type, in the order the odds page shows the markets (the number of items of each block as in the catalog). */
export const MARKET_RULES: readonly MarketRules[] = [marketRules('match_odds', 4, 3), marketRules('bookmaker', 3, 2), marketRules('fancy', 4, 4), marketRules('over_under', 3, 2)];

/** The rules of one market type. */
export function rulesFor(type: MarketType): MarketRules {
  const rules = MARKET_RULES.find((r) => r.type === type);
  if (!rules) throw new Error(`no rules for market type ${type}`);
  return rules;
}
