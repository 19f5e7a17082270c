import { defineCatalog } from '@backlay/shared';
import en from './en.json';

/** The sports screens' words in each language (issue 36, ADR 0078). */
export const { t, useT } = defineCatalog('sports', en, { hi: () => import(/* webpackChunkName: "i18n-sports-hi" */ './hi.json') });

/** A placeholder's value that marks where an element (a <strong> amount) goes in a message. */
export const SLOT = '\u0000';

/** A message filled with SLOT as the text before and after it, so each language keeps its own word order around the element. */
export function splitAtSlot(message: string): [string, string] {
  const at = message.indexOf(SLOT);
  return at < 0 ? [message, ''] : [message.slice(0, at), message.slice(at + SLOT.length)];
}

/** A key of the sports catalog (a label table's entry names its message by key). */
export type SportsKey = keyof typeof en;
