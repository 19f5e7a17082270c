import { currentLanguage, formatMessage, hasMessage, registerNamespace, type Language } from './i18n';

/**
 * The API's messages in the page's language (issue 36). The API speaks the SPEC's English words
 * (the contract: a message is what the specification says, and clients branch on the code, never
 * on the text); the page shows them in the user's language through the index of the contracts'
 * message tables (`api-index.ts`, the English catalog, one home) and `api.hi.json`. Both load
 * with Hindi, off an English first page.
 */
type ApiIndex = typeof import('./api-index');
/** The index, once a language other than English loaded it with its catalog. */
let index: ApiIndex | null = null;

registerNamespace('api', null, {
  hi: () =>
    Promise.all([import(/* webpackChunkName: "i18n-api-hi" */ './api.hi.json'), import(/* webpackChunkName: "i18n-api-index" */ './api-index')]).then(
      ([catalog, loaded]) => {
        index = loaded;
        return catalog;
      },
    ),
});

/**
 * `message` as the page's language says it: an API message (or a form's, which uses the same
 * words) is translated; any other text is returned as it is.
 */
export function localizeApiMessage(message: string, lang: Language = currentLanguage()): string {
  if (lang === 'en' || message === '' || index === null) return message;
  const say = (key: string, values?: Record<string, string>) => (hasMessage('api', key, lang) ? formatMessage('api', key, values, lang) : null);
  return index.localizeWith(message, say) ?? message;
}

