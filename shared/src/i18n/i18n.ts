import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import { SITE_LANGUAGES, type SiteLanguage } from '../contracts/sites';

/**
 * The product's languages (issue 36, ADR 0078): English and Hindi on every player and agent screen.
 * Lingui's core formats the messages (ICU MessageFormat: {placeholders}, plurals by the language's
 * own rules); each app keeps its own catalog per language (`src/i18n/en.json`, `hi.json`), compiled
 * at build time by shared/build/i18n-loader.cjs, and registers it here with `defineCatalog`. English
 * is in each app's bundle; another language is a lazy chunk, loaded before the page shows it.
 *
 * One state per page: the shell and every remote take this module through the `@backlay/shared`
 * singleton, and the state hangs on a global symbol so that even a second copy of the module would
 * share it.
 */
export type Language = SiteLanguage;
export const LANGUAGES: readonly Language[] = SITE_LANGUAGES;

/** Each language in its own script: the switch shows them so. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

/** Where the player's or agent's own choice is remembered. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** Values a message's {placeholders} take. */
export type MessageValues = Record<string, string | number>;

/** A catalog module as `import()` gives it (the JSON's messages, compiled by the build). */
type CatalogModule = { default: Record<string, unknown> };
type Loader = () => Promise<CatalogModule>;

interface Namespace {
  loaders: Partial<Record<Language, Loader>>;
  loaded: Set<Language>;
  pending: Map<Language, Promise<void>>;
}

interface State {
  instances: Record<Language, I18n>;
  language: Language;
  namespaces: Map<string, Namespace>;
  listeners: Set<() => void>;
}

const STATE_KEY = Symbol.for('backlay.i18n');
const holder = globalThis as unknown as Record<symbol, State | undefined>;
const state: State = (holder[STATE_KEY] ??= {
  instances: Object.fromEntries(LANGUAGES.map((lang) => [lang, setupI18n({ locale: lang, messages: { [lang]: {} } })])) as Record<Language, I18n>,
  language: 'en',
  namespaces: new Map(),
  listeners: new Set(),
});

/** The language the page shows now. */
export function currentLanguage(): Language {
  return state.language;
}

/** Call `listener` when the language changes; returns the unsubscribe. */
export function subscribeLanguage(listener: () => void): () => void {
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function prefixed(ns: string, messages: Record<string, unknown>): Messages {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [`${ns}:${key}`, message])) as Messages;
}

/** Load one namespace's catalog of `lang` (once; a failed load is tried again next time). */
function loadNamespace(ns: Namespace, name: string, lang: Language): Promise<void> {
  if (ns.loaded.has(lang)) return Promise.resolve();
  const loader = ns.loaders[lang];
  if (!loader) {
    ns.loaded.add(lang); // nothing to load: the messages fall back to English
    return Promise.resolve();
  }
  let pending = ns.pending.get(lang);
  if (!pending) {
    pending = loader().then(
      (module) => {
        state.instances[lang].load(lang, prefixed(name, module.default));
        ns.loaded.add(lang);
        ns.pending.delete(lang);
      },
      (error: unknown) => {
        ns.pending.delete(lang);
        throw error;
      },
    );
    ns.pending.set(lang, pending);
  }
  return pending;
}

/**
 * Register a namespace's catalogs: English given (in the bundle), the others by their loaders. When
 * the page already shows another language, its catalog starts loading at once.
 */
export function registerNamespace(name: string, en: Record<string, unknown> | null, loaders: Partial<Record<Exclude<Language, 'en'>, Loader>>): void {
  const existing = state.namespaces.get(name);
  if (existing) return; // registered already (a module evaluated twice): the first one stands
  const ns: Namespace = { loaders, loaded: new Set(['en']), pending: new Map() };
  if (en) state.instances.en.load('en', prefixed(name, en));
  state.namespaces.set(name, ns);
  if (state.language !== 'en') void loadNamespace(ns, name, state.language).catch(() => undefined);
}

/** Whether `name`'s messages in `lang` are in memory. */
function hasNamespace(name: string, lang: Language): boolean {
  return state.namespaces.get(name)?.loaded.has(lang) ?? false;
}

/**
 * A namespace's message `key` in `lang` (English while that language's catalog is not loaded, or
 * lacks the key: the catalog test keeps both complete).
 */
export function formatMessage(name: string, key: string, values: MessageValues | undefined, lang: Language = state.language): string {
  const id = `${name}:${key}`;
  const instance = hasNamespace(name, lang) && state.instances[lang].messages[id] !== undefined ? state.instances[lang] : state.instances.en;
  return instance._(id, values);
}

/** Whether `lang` has a message `key` in namespace `name` (loaded). */
export function hasMessage(name: string, key: string, lang: Language): boolean {
  return hasNamespace(name, lang) && state.instances[lang].messages[`${name}:${key}`] !== undefined;
}

/**
 * Show `lang`: every registered catalog of it is loaded first, so no screen shows a mix; then the
 * page's `lang` attribute and the listeners follow. `remember` keeps it as the user's own choice.
 */
export async function setLanguage(lang: Language, { remember = false }: { remember?: boolean } = {}): Promise<void> {
  await Promise.all([...state.namespaces.entries()].map(([name, ns]) => loadNamespace(ns, name, lang)));
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      /* storage refused (private mode): the choice lasts this page */
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (state.language === lang) return;
  state.language = lang;
  for (const listener of [...state.listeners]) listener();
}

/** The remembered choice, if it is a language. */
export function rememberedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * The language a page starts in: the user's remembered choice; else the first of the browser's
 * languages (`hi-IN` counts as `hi`) that the site offers; else the site's default. Only a language
 * the site offers (all of them while the site is unknown).
 */
export function initialLanguage(
  site: { languages: readonly Language[]; defaultLanguage: Language } | null,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language],
): Language {
  const offered = site?.languages.length ? site.languages : LANGUAGES;
  const remembered = rememberedLanguage();
  if (remembered && offered.includes(remembered)) return remembered;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base) && offered.includes(base)) return base;
  }
  return site && offered.includes(site.defaultLanguage) ? site.defaultLanguage : 'en';
}

/** The page's language, re-rendering the component when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/** A message lookup of one catalog: `t('key', { name: value })`. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

export interface Catalog<K extends string> {
  /** The namespace's messages in the page's language, for code outside React (schemas, toasts). */
  t: Translate<K>;
  /** The same inside a component: re-renders on a language change; suspends while its catalog loads. */
  useT: () => Translate<K>;
}

/**
 * An app's catalog: `name` is its namespace (shell, shared, sports, casino, payments, admin),
 * `en` its English messages (the keys of every language), `loaders` the other languages' chunks:
 *
 *   import en from './en.json';
 *   export const { t, useT } = defineCatalog('sports', en, { hi: () => import('./hi.json') });
 */
export function defineCatalog<K extends string>(
  name: string,
  en: Record<K, unknown>,
  loaders: Partial<Record<Exclude<Language, 'en'>, Loader>>,
): Catalog<K> {
  registerNamespace(name, en, loaders);
  const t: Translate<K> = (key, values) => formatMessage(name, key, values);
  const useT = (): Translate<K> => {
    const lang = useLanguage();
    const ns = state.namespaces.get(name);
    if (ns && !ns.loaded.has(lang)) {
      // Suspended by throwing the load itself, not by `use`: React then unwinds to the Suspense
      // boundary and draws the screen afresh once the catalog is in. After `use`, React replays
      // the screen in place, and a replay that no longer reaches `use` (the catalog loaded
      // meanwhile) broke the hooks after it: React's #467, recovered by drawing the whole page
      // again (#520 in the console). And `use` on every render, a loaded catalog's promise
      // settled, makes act() hold the work of every screen test (React's didUsePromise).
      throw loadNamespace(ns, name, lang);
    }
    return useCallback<Translate<K>>((key, values) => formatMessage(name, key, values, lang), [lang]);
  };
  return { t, useT };
}
