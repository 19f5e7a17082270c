import { defineCatalog } from '@backlay/shared';
import en from './rules.en.json';

/** A key of the betting rules' catalog. */
export type RulesKey = keyof typeof en;

/**
 * The betting rules' words (the /rules page and a market's rules pop-up): their own namespace,
 * `sports-rules`, so they load with those screens, not with a player's first page (issue 36, ADR 0078).
 */
export const { t, useT } = defineCatalog('sports-rules', en, { hi: () => import(/* webpackChunkName: "i18n-sports-rules-hi" */ './rules.hi.json') });
