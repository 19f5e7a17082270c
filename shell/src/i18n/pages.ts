import { defineCatalog } from '@backlay/shared/i18n';
import en from './pages.en.json';

/** A key of the account pages' catalog. */
export type PagesKey = keyof typeof en;

/**
 * The words of the shell's pages that load when opened (register, the rules pages, the password
 * pages, account security, responsible gambling): their own namespace, `shell-pages`, in their own
 * chunk, so a player's first page carries only the sign-in card's, the header's and the menu's
 * words (`./index.ts`). Issue 36, ADR 0078.
 */
export const { t, useT } = defineCatalog('shell-pages', en, { hi: () => import(/* webpackChunkName: "i18n-shell-pages-hi" */ './pages.hi.json') });
