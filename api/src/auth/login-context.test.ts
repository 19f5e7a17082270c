import { describeDevice, describeLocation } from './login-context';

describe('describeDevice', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome 131 on Android (mobile)'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'Safari 17 on iOS (mobile)'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 131 on Windows'],
    ['lightMyRequest', 'Other client: lightMyRequest'],
  ])('%s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it('says so without a User-Agent', () => {
    expect(describeDevice(null)).toBe('Unknown device');
  });
});

describe('describeLocation', () => {
  it.each([
    ['127.0.0.1', 'This server (loopback)'],
    ['::1', 'This server (loopback)'],
    ['::ffff:192.168.1.4', 'Private network'],
    ['10.1.2.3', 'Private network'],
    ['172.20.0.1', 'Private network'],
    ['203.0.113.9', 'Internet (203.0.113.9)'],
    ['2001:db8::1', 'Internet (2001:db8::1)'],
    ['not an ip', 'Unknown'],
  ])('%s', (ip, expected) => {
    expect(describeLocation(ip)).toBe(expected);
  });
});
