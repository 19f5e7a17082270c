import { CASINO_INT_MESSAGES } from '../contracts/casino-int';
import { CASINO_SUSPENDED_MESSAGE } from '../contracts/casino';
import { MESSAGE_WORDS, MESSAGES } from '../contracts/messages';
import { REGISTER_MESSAGES } from '../contracts/registration';
import { SCORE_WORDS } from '../contracts/score';
import { SECURITY_MESSAGES } from '../contracts/security';
import { SITE_CONTENT_MESSAGES } from '../contracts/site-content';
import { SITE_ADMIN_MESSAGES, SITE_MESSAGES } from '../contracts/sites';

/**
 * The index of the API's messages (issue 36): loaded with a language other than English only, so
 * the first page in English carries none of it. The API's messages in the page's language: The API speaks the SPEC's English words
 * (the contract: a message is what the specification says, and clients branch on the code, never
 * on the text); the page shows them in the user's language. The English catalog is the contracts'
 * message tables themselves, one home; `api.hi.json` holds each key's Hindi. A message the API
 * filled in (`{until}`, `₹{amount}`) is matched against its template and its values carried over.
 */
export const API_MESSAGES: Readonly<Record<string, string>> = {
  ...MESSAGES,
  ...prefixKeys('register', REGISTER_MESSAGES),
  ...prefixKeys('security', SECURITY_MESSAGES),
  ...prefixKeys('siteContent', SITE_CONTENT_MESSAGES),
  ...prefixKeys('site', SITE_MESSAGES),
  ...prefixKeys('siteAdmin', SITE_ADMIN_MESSAGES),
  ...prefixKeys('casinoInt', CASINO_INT_MESSAGES),
  casinoSuspended: CASINO_SUSPENDED_MESSAGE,
  ...prefixKeys('word', MESSAGE_WORDS),
  ...prefixKeys('score', SCORE_WORDS),
};

type MessageTable = Readonly<Record<string, string | ((...values: string[]) => string)>>;

/**
 * A table's messages under `prefix.`; a message the API builds with a function (a site's id, a
 * domain) becomes its template, the values named {p0}, {p1}… in order.
 */
function prefixKeys(prefix: string, messages: MessageTable): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [
      `${prefix}.${key}`,
      typeof text === 'function' ? text(...Array.from({ length: text.length }, (_, i) => `{p${i}}`)) : text,
    ]),
  );
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English text → key, for the messages without placeholders. */
export const exact = new Map<string, string>();
/** The messages with placeholders, as patterns that capture each value. */
export const templates: { key: string; pattern: RegExp; names: string[]; literal: number }[] = [];
for (const [key, text] of Object.entries(API_MESSAGES)) {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1]);
  if (names.length === 0) {
    if (!exact.has(text)) exact.set(text, key);
    continue;
  }
  const parts = text.split(PLACEHOLDER);
  const source = parts.map((part, index) => (index % 2 === 1 ? '(.+?)' : escape(part))).join('');
  templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names, literal: parts.filter((_, index) => index % 2 === 0).join('').length });
}
// The most specific first: a template with more words of its own is tried before one it could be
// mistaken for ("Sets {sets} · Games {games} · {points}" before "Sets {sets} · {games}", whose last
// value would take the rest of the line).
templates.sort((a, b) => b.literal - a.literal);


/** A key's message in the page's language with its values, or null where that language has none. */
export type SayApiMessage = (key: string, values?: Record<string, string>) => string | null;

/**
 * `message` said by `say`: an exact message, or the first template that matches and that `say`
 * has, its values carried over — said too where a value is one of the API's words itself (a
 * market's state or a side, `word.*`) or a score's (`score.*`: "Deuce", "Adv IND" in a tennis line,
 * "HT" in a soccer line). Null when nothing matches (the caller shows the message as it is).
 */
export function localizeWith(message: string, say: SayApiMessage, nested = false): string | null {
  const key = exact.get(message);
  if (key !== undefined) return nested && !/^(word|score)\./.test(key) ? null : say(key);
  for (const { key: templateKey, pattern, names } of templates) {
    if (nested && !templateKey.startsWith('score.')) continue;
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, nested ? match[i + 1] : (localizeWith(match[i + 1], say, true) ?? match[i + 1])]));
    const said = say(templateKey, values);
    if (said !== null) return said;
  }
  return null;
}
