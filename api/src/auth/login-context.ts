/**
 * What a login history row says of where an attempt came from, from the request alone: the
 * device from the User-Agent, and a location from the IP (no external lookup: loopback, a
 * private or link-local network, or the public address itself).
 */
import { isIPv4, isIPv6 } from 'node:net';

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 131 on Android (mobile)", "Firefox 133 on Linux"; "Unknown device" without a User-Agent. */
export function describeDevice(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return 'Unknown device';
  let browser = 'Unknown browser';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match !== null) {
      browser = `${name} ${match[1] ?? ''}`.trim();
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const mobile = /Mobi|iPhone|Android.*Mobile/.test(userAgent) ? ' (mobile)' : '';
  if (browser === 'Unknown browser' && system === undefined) return `Other client: ${userAgent.slice(0, 60)}`;
  return `${browser}${system !== undefined ? ` on ${system}` : ''}${mobile}`;
}

/** Where the IP is, as far as the IP itself says. */
export function describeLocation(ip: string | null): string {
  if (ip === null || ip === '') return 'Unknown';
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    if (a === 127) return 'This server (loopback)';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'Private network';
    if (a === 100 && b >= 64 && b <= 127) return 'Carrier-grade NAT';
    if (a === 169 && b === 254) return 'Link-local network';
    return `Internet (${v4})`;
  }
  if (isIPv6(ip)) {
    const lower = ip.toLowerCase();
    if (lower === '::1') return 'This server (loopback)';
    if (lower.startsWith('fc') || lower.startsWith('fd')) return 'Private network';
    if (lower.startsWith('fe80')) return 'Link-local network';
    return `Internet (${ip})`;
  }
  return 'Unknown';
}
