import { APP_ICONS } from '@backlay/shared/contracts';
import { appManifest, shortName } from './app-manifest';

describe('appManifest', () => {
  it("is the site's app: its name, its header colour, installed standalone at the root with the platform's icons", () => {
    expect(appManifest({ name: 'Sixer Exchange', theme: { primary: '#0f8a4b', accent: '#f2c230', header: '#0b3d2a', headerText: '#fdf6d8' } })).toEqual({
      id: '/',
      name: 'Sixer Exchange',
      short_name: 'Sixer',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b3d2a',
      background_color: '#0b3d2a',
      icons: APP_ICONS,
    });
  });

  it('names it under the icon in at most 12 characters', () => {
    expect(shortName('Backlay')).toBe('Backlay');
    expect(shortName('  Twelve Chars ')).toBe('Twelve Chars');
    expect(shortName('Sixer Exchange')).toBe('Sixer');
    expect(shortName('Supercalifragilistic Bets')).toBe('Supercalifra');
  });
});
