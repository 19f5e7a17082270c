import { defineCatalog } from '@backlay/shared/i18n';
import en from './en.json';

/** A key of the shell's catalog (for keys made from a name, e.g. a route's `nav.${name}`). */
export type ShellKey = keyof typeof en;

/** The shell's words (sign-in, header, navigation, account pages) in each language (issue 36, ADR 0078). */
export const { t, useT } = defineCatalog('shell', en, { hi: () => import(/* webpackChunkName: "i18n-shell-hi" */ './hi.json') });
