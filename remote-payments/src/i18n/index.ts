import { defineCatalog } from '@backlay/shared';
import en from './en.json';

/** A key of the payments catalog. */
export type PaymentsKey = keyof typeof en;

/** The payments screens' words (deposit, withdraw, saved accounts, statements) in each language (issue 36, ADR 0078). */
export const { t, useT } = defineCatalog('payments', en, { hi: () => import(/* webpackChunkName: "i18n-payments-hi" */ './hi.json') });
