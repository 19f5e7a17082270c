import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { API_MESSAGES } from './api-index';
import { STATEMENT_WORDS } from '../contracts/statement-words';

/**
 * Every catalog is complete in both languages (issue 36): the same keys, the same {placeholders},
 * every message valid ICU MessageFormat, and no Hindi message left as its English. A key missing
 * in either language, or a misspelt placeholder, fails here, before any screen shows it.
 */
const ROOT = join(__dirname, '..', '..', '..');
const APPS = ['shell', 'remote-sports', 'remote-casino', 'remote-payments', 'remote-admin'];

function read(path: string): Record<string, string> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

function pairs(): [string, Record<string, string>, Record<string, string>][] {
  const found: [string, Record<string, string>, Record<string, string>][] = [
    ['shared', read(join(__dirname, 'shared.en.json')), read(join(__dirname, 'shared.hi.json'))],
    // The API catalog: its messages (the index the page matches texts against), and the statement's
    // words, said from a row's parts (account-statement-view.tsx) and kept out of the index, whose
    // module the shell's first page carries.
    ['api', { ...API_MESSAGES, ...Object.fromEntries(Object.entries(STATEMENT_WORDS).map(([key, text]) => [`statement.${key}`, text])) }, read(join(__dirname, 'api.hi.json'))],
  ];
  for (const app of APPS) {
    const dir = join(ROOT, app, 'src', 'i18n');
    let files: string[] = [];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    // Every catalog of the app: en.json, and any other (`pages.en.json`: a catalog of lazy pages).
    for (const file of files.filter((name) => /^([\w-]+\.)?en\.json$/.test(name))) {
      found.push([`${app}/${file}`, read(join(dir, file)), read(join(dir, file.replace(/en\.json$/, 'hi.json')))]);
    }
  }
  return found;
}

const placeholders = (message: string) =>
  [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => match[1]).filter((name, i, all) => all.indexOf(name) === i).sort();

describe.each(pairs())('the %s catalog', (_name, en, hi) => {
  it('has the same keys in English and Hindi', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps every placeholder of the English in the Hindi', () => {
    const wrong = Object.keys(en).filter((key) => key in hi && placeholders(en[key]).join() !== placeholders(hi[key]).join());
    expect(wrong).toEqual([]);
  });

  it('compiles every message', () => {
    const broken: string[] = [];
    for (const [lang, catalog] of [['en', en], ['hi', hi]] as const) {
      for (const [key, message] of Object.entries(catalog)) {
        try {
          compileMessageOrThrow(message);
        } catch {
          broken.push(`${lang} ${key}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('says every message in Hindi (only names, codes and numbers stay as they are)', () => {
    const untranslated = Object.keys(en).filter((key) => hi[key] === en[key] && /[a-z]{3,}/.test(en[key].replace(/\{[^}]*\}/g, '')));
    expect(untranslated).toEqual([]);
  });
});
