import { tileSvg, titleFontSize } from './tile-svg';

describe('tileSvg', () => {
  it('is 4:3 like the tiles that show it, so object-fit: cover crops nothing', () => {
    expect(tileSvg({ title: 'Crash', subtitle: 'backlay-studio', hue: 10 })).toContain('viewBox="0 0 320 240"');
  });

  it('escapes the text it draws', () => {
    const svg = tileSvg({ title: 'A<b>&"c\'', subtitle: '<script>', hue: 0 });
    expect(svg).toContain('A&lt;b&gt;&amp;&quot;c&apos;');
    expect(svg).not.toContain('<script>');
  });

  it('keeps a long title inside the tile: the font shrinks with its length, never below 14', () => {
    expect(titleFontSize('Crash')).toBe(28);
    expect(titleFontSize('Amar Akbar Anthony')).toBeLessThan(28);
    // About 0.58 em a glyph: the title fits the 272 units between the margins.
    for (const title of ['20-20 Dragon Tiger', 'Amar Akbar Anthony', 'Bollywood Casino', '3 Cards Judgement']) {
      expect(0.58 * title.length * titleFontSize(title)).toBeLessThanOrEqual(272);
    }
    expect(titleFontSize('x'.repeat(200))).toBe(14);
  });
});
