import { defineCatalog, type MessageValues, type Translate } from '@backlay/shared';
import en from './en.json';

/** The casino screens' words (lobby, tables, results, reports, the international casino) in each language (issue 36, ADR 0078). */
export const { t, useT } = defineCatalog('casino', en, { hi: () => import(/* webpackChunkName: "i18n-casino-hi" */ './hi.json') });

/** A key of the casino catalog. */
export type CasinoKey = keyof typeof en;
/** The casino catalog's lookup (`useT()` in a component, `t` outside React). */
export type CasinoT = Translate<CasinoKey>;

/** Whether `key` (built at run time: `hand.dragon`, `card.rank.A`) is one of the catalog's. */
export function isCasinoKey(key: string): key is CasinoKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** The message of a key built at run time, or `fallback` when the catalog has no such key. */
export function tOr(translate: CasinoT, key: string, fallback: string, values?: MessageValues): string {
  return isCasinoKey(key) ? translate(key, values) : fallback;
}
