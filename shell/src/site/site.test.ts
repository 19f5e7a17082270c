import type { PublicSite } from '@backlay/shared/contracts';
import { SITE_RETRY_MS, THEME_PROPERTIES, applyTheme, loadSite, resetSiteForTests, siteState } from './site';

const SIXER: PublicSite = {
  id: 'sixer',
  name: 'Sixer Exchange',
  theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' },
  logo: null,
  languages: ['en'],
  defaultLanguage: 'en',
  support: { email: 'help@sixer.example', phone: '+911800200600' },
  maintenance: false,
  maintenanceMessage: '',
};

/** A fetch answering each call with the next of `answers` (a site, a status, or a network failure). */
function fakeFetch(...answers: Array<PublicSite | number | Error>) {
  const calls: string[] = [];
  const impl = (async (url: string) => {
    calls.push(url);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'number') return { ok: false, status: answer, json: async () => ({ data: null }) };
    return { ok: true, status: 200, json: async () => ({ data: answer, message: 'OK' }) };
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const root = () => document.documentElement;
const property = (name: string) => root().style.getPropertyValue(name);

beforeEach(() => {
  resetSiteForTests();
  root().removeAttribute('style');
  document.head.innerHTML = '<title>Backlay</title><meta name="theme-color" content="#0b3d2e">';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('applyTheme', () => {
  it("sets each colour of the site's theme as the stylesheet's custom property on <html>", () => {
    applyTheme(SIXER.theme);
    expect(property('--bl-brand-primary')).toBe('#0f8a4b');
    expect(property('--bl-brand-accent')).toBe('#f2c230');
    expect(property('--bl-brand-header')).toBe('#0b3d2a');
    expect(property('--bl-brand-header-text')).toBe('#fdf6d8');
  });

  it("leaves out what is no #rrggbb colour, so the stylesheet's own stays (and a new theme drops the old one's)", () => {
    applyTheme(SIXER.theme);
    applyTheme({ primary: 'red; background: url(x)', accent: '#ABCDEF', header: true, headerText: '#fff' });
    expect(property(THEME_PROPERTIES.primary)).toBe('');
    expect(property(THEME_PROPERTIES.accent)).toBe('#ABCDEF');
    expect(property(THEME_PROPERTIES.header)).toBe('');
    expect(property(THEME_PROPERTIES.headerText)).toBe('');
  });
});

describe('loadSite', () => {
  it("reads /api/site once and shows it: theme, the name as the title, the header colour as the browser's", async () => {
    const { impl, calls } = fakeFetch(SIXER);
    expect(siteState()).toEqual({ status: 'loading' });
    const [first, second] = await Promise.all([loadSite({ fetchImpl: impl }), loadSite({ fetchImpl: impl })]);
    expect(first).toEqual({ status: 'ready', site: SIXER });
    expect(second).toBe(first);
    expect(calls).toEqual(['/api/site']);
    expect(document.title).toBe('Sixer Exchange');
    expect(property('--bl-brand-header')).toBe('#0b3d2a');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b3d2a');
  });

  it('a failed read keeps the default look and is tried again until the site answers', async () => {
    const retries: Array<{ run: () => void; ms: number }> = [];
    const { impl, calls } = fakeFetch(new Error('offline'), 502, { ...SIXER, name: '' } as PublicSite, SIXER);
    const schedule = (run: () => void, ms: number) => void retries.push({ run, ms });
    expect(await loadSite({ fetchImpl: impl, schedule })).toEqual({ status: 'failed' });
    expect(document.title).toBe('Backlay');
    expect(property('--bl-brand-header')).toBe('');
    // The network error, a 502 and an answer that is no site each schedule the next try, with growing pauses.
    for (let i = 0; i < 3; i += 1) {
      const next = retries.shift();
      expect(next?.ms).toBe(SITE_RETRY_MS[i]);
      next?.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(calls).toHaveLength(4);
    expect(siteState()).toEqual({ status: 'ready', site: SIXER });
    expect(document.title).toBe('Sixer Exchange');
    expect(retries).toEqual([]);
  });
});
