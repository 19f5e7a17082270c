/**
 * The product's languages (issue 36, ADR 0078): the language state, each app's catalog, the API's
 * messages in the page's language. Apps take these names through `@backlay/shared` (the singleton);
 * the shell's first page takes them by the `@backlay/shared/i18n` subpath.
 */
export {
  type Catalog, currentLanguage, defineCatalog, initialLanguage, isLanguage, type Language, LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY, LANGUAGES, type MessageValues, setLanguage, subscribeLanguage, type Translate, useLanguage,
} from './i18n';
export { localizeApiMessage } from './api-messages';
export { sharedT, useSharedT } from './shared-catalog';
