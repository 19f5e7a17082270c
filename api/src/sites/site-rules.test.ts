import { SITE_ADMIN_MESSAGES, SITE_LOGO_MAX_BYTES, type SiteLanguage } from '@backlay/shared/contracts';
import { checkDomains, checkLogo, checkSiteFields, hostNameOf, SITE_ID_PATTERN } from './site-rules';

describe('hostNameOf', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['LocalHost', 'localhost'],
    ['play.example.com.', 'play.example.com'],
    ['localhost:8080', 'localhost'],
    ['a-b.example.in', 'a-b.example.in'],
  ])('reads %j as %j', (host, name) => {
    expect(hostNameOf(host)).toBe(name);
  });

  it.each([undefined, '', '[::1]', 'user@host', 'a..b', '-x.com', 'x.com-', 'exa mple.com', 'x\u0000y', 'ex\uD800', '.', 'x'.repeat(300), 'host:99999x'])(
    'reads %j as no host name (the default site answers)',
    (host) => {
      expect(hostNameOf(host)).toBeNull();
    },
  );
});

describe('SITE_ID_PATTERN', () => {
  it('takes lower-case slugs of 2 to 32 characters only', () => {
    expect(['backlay', 'sixer-exchange', 'a1'].every((id) => SITE_ID_PATTERN.test(id))).toBe(true);
    expect(['B', 'a', '-ab', 'ab_c', 'a'.repeat(33)].some((id) => SITE_ID_PATTERN.test(id))).toBe(false);
  });
});

describe('checkDomains', () => {
  it('stores each domain in its one form, once', () => {
    expect(checkDomains(['Play.Example.COM.', 'play.example.com:8443', ' www.example.com '], true)).toEqual({ ok: true, value: ['play.example.com', 'www.example.com'] });
  });
  it('names what is no host name, and wants one for a new site', () => {
    expect(checkDomains(['ok.test', 'a..b'], true)).toEqual({ ok: false, message: SITE_ADMIN_MESSAGES.domainInvalid('a..b') });
    expect(checkDomains([], true)).toEqual({ ok: false, message: SITE_ADMIN_MESSAGES.domainsRequired });
    expect(checkDomains([], false)).toEqual({ ok: true, value: [] });
  });
});

describe('checkLogo', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  it('takes PNG, WebP and SVG bytes of their type, at most 64 KB', () => {
    expect(checkLogo(`data:image/png;base64,${png.toString('base64')}`)).toBeNull();
    expect(checkLogo(`data:image/webp;base64,${Buffer.from('RIFF\0\0\0\0WEBPVP8 ').toString('base64')}`)).toBeNull();
    expect(checkLogo(`data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`)).toBeNull();
    expect(checkLogo(null)).toBeNull();
    expect(checkLogo(`data:image/png;base64,${Buffer.concat([png, Buffer.alloc(SITE_LOGO_MAX_BYTES)]).toString('base64')}`)).toBe(SITE_ADMIN_MESSAGES.logoTooLarge);
  });
  it.each([
    `data:image/svg+xml;base64,${png.toString('base64')}`,
    `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
    'data:image/gif;base64,R0lGODlh',
    'data:text/html;base64,PHNjcmlwdD4=',
    'https://example.com/logo.png',
    'data:image/png;base64,abc',
  ])('refuses %j', (logo) => {
    expect(checkLogo(logo)).toBe(SITE_ADMIN_MESSAGES.logoInvalid);
  });
});

describe('checkSiteFields', () => {
  it('trims, lower-cases colours and checks only what it has', () => {
    expect(checkSiteFields({ name: '  Lotus ', theme: { primary: '#AABBCC', accent: '#000000', header: '#111111', headerText: '#FFFFFF' } })).toEqual({
      ok: true,
      value: { name: 'Lotus', theme: { primary: '#aabbcc', accent: '#000000', header: '#111111', headerText: '#ffffff' } },
    });
  });
  it.each([
    [{ name: 'x' }, SITE_ADMIN_MESSAGES.nameInvalid],
    [{ theme: { primary: 'red', accent: '#000000', header: '#111111', headerText: '#ffffff' } }, SITE_ADMIN_MESSAGES.colourInvalid('primary')],
    [{ support: { email: 'nobody', phone: '' } }, SITE_ADMIN_MESSAGES.supportEmailInvalid],
    [{ support: { email: '', phone: 'call me' } }, SITE_ADMIN_MESSAGES.supportPhoneInvalid],
    [{ languages: ['en', 'en'] as SiteLanguage[], defaultLanguage: 'en' as const }, SITE_ADMIN_MESSAGES.languagesInvalid],
    [{ languages: ['en'] as SiteLanguage[], defaultLanguage: 'hi' as const }, SITE_ADMIN_MESSAGES.languagesInvalid],
    [{ maintenanceMessage: 'x'.repeat(301) }, SITE_ADMIN_MESSAGES.maintenanceMessageTooLong],
  ])('refuses %j', (input, message) => {
    expect(checkSiteFields(input)).toEqual({ ok: false, message });
  });
});
