import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The product's catalogs as the screens use them (issue 36): a journey in Hindi finds controls by
 * their Hindi names read from the same files the build compiles, and fails on any English a
 * catalog has a Hindi for, or a raw key, on the screen.
 */
const ROOT = join(__dirname, '..', '..');
type Catalog = Record<string, string>;

function read(path: string): Catalog {
  return JSON.parse(readFileSync(path, 'utf8')) as Catalog;
}

function appCatalogs(lang: 'en' | 'hi'): Record<string, Catalog> {
  const found: Record<string, Catalog> = { shared: read(join(ROOT, 'shared', 'src', 'i18n', `shared.${lang}.json`)) };
  for (const [ns, app] of [['shell', 'shell'], ['sports', 'remote-sports'], ['casino', 'remote-casino'], ['payments', 'remote-payments'], ['admin', 'remote-admin']]) {
    const dir = join(ROOT, app, 'src', 'i18n');
    if (!readdirSync(join(ROOT, app, 'src')).includes('i18n')) continue;
    // en.json is the app's namespace; pages.en.json a catalog of its lazy pages (`<ns>-pages`).
    for (const file of readdirSync(dir).filter((name) => name.endsWith(`${lang}.json`))) {
      const part = file.slice(0, -`${lang}.json`.length).replace(/\.$/, '');
      found[part ? `${ns}-${part}` : ns] = read(join(dir, file));
    }
  }
  return found;
}

export const EN = appCatalogs('en');
export const HI = appCatalogs('hi');
/** The API's messages in Hindi (their English is the contracts' tables). */
export const API_HI = read(join(ROOT, 'shared', 'src', 'i18n', 'api.hi.json'));

/** A message of a namespace in Hindi, its {placeholders} filled. */
export function hi(ns: string, key: string, values: Record<string, string | number> = {}): string {
  const message = HI[ns]?.[key];
  if (message === undefined) throw new Error(`no Hindi for ${ns}:${key}`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** English text a catalog has in Hindi: seen on a Hindi page, it was not translated. */
const ENGLISH = new Set<string>();
for (const [ns, catalog] of Object.entries(EN)) {
  for (const [key, text] of Object.entries(catalog)) {
    if (/\{/.test(text) || !/[A-Za-z]{3,}/.test(text)) continue;
    if (HI[ns]?.[key] !== text) ENGLISH.add(text.trim());
  }
}

/** A message id as the catalogs register it (`namespace:key`), shown where its message should be. */
const RAW_KEY = new RegExp(`(^|\\s)(${[...Object.keys(HI), 'api'].join('|')}):[A-Za-z][\\w.]*`);

/**
 * The page speaks Hindi: `<html lang="hi">`, and no visible text (nor an accessible name, a
 * placeholder or a title) is a raw key or an English message of a catalog. `data` are names the
 * API sends that a catalog also has as words (a table's runner "Dragon"): shown as sent.
 */
export async function expectHindiPage(page: Page, data: readonly string[] = []): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const texts = await page.evaluate(() => {
    const seen: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script,style,[hidden],[aria-hidden="true"]')) continue;
      if (!parent.checkVisibility?.()) continue;
      seen.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label],[placeholder],[title]')) {
      if (!(element as HTMLElement).checkVisibility?.()) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) seen.push(value);
      }
    }
    return seen;
  });
  expect(texts.filter((text) => RAW_KEY.test(text)), 'raw message keys on a Hindi page').toEqual([]);
  expect(texts.filter((text) => ENGLISH.has(text) && !data.includes(text)), 'English words on a Hindi page').toEqual([]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Hindi message as a pattern: each {placeholder} is the value given (text as it is, or a
 * pattern), any other placeholder any text — for names that carry live values (a price, a count).
 */
export function hiPattern(ns: string, key: string, values: Record<string, string | RegExp> = {}): RegExp {
  const message = HI[ns]?.[key];
  if (message === undefined) throw new Error(`no Hindi for ${ns}:${key}`);
  const source = message
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      const value = values[part];
      return value === undefined ? '.+?' : typeof value === 'string' ? escapeRegExp(value) : value.source;
    })
    .join('');
  return new RegExp(`^${source}$`);
}
