import { hostNameOf, SITE_ID_PATTERN } from './site-rules';

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
