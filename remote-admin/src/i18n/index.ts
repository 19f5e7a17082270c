import { defineCatalog } from '@backlay/shared';
import en from './en.json';

/** The admin screens' words in each language (issue 36, ADR 0078). */
export const { t, useT } = defineCatalog('admin', en, { hi: () => import(/* webpackChunkName: "i18n-admin-hi" */ './hi.json') });
