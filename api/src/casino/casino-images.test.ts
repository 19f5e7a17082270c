import { LIVE_TABLES } from './tables';
import { tileSvg } from './casino-images';

describe('the live tables’ tile artwork', () => {
  it('draws every table its own picture, without its title printed in it (the tile prints the title once)', () => {
    const seen = new Set<string>();
    for (const { gameCode } of LIVE_TABLES) {
      const svg = tileSvg(gameCode);
      expect(svg).not.toBeNull();
      const drawing = (svg ?? '').replace(/aria-label="[^"]*"/, '');
      expect(drawing).toContain('viewBox="0 0 320 240"');
      expect(drawing).not.toMatch(/<(script|image|foreignObject)|href=/);
      seen.add(drawing.replace(/hsl\([^)]*\)/g, ''));
    }
    // No two tables share a picture (hue aside).
    expect(seen.size).toBe(new Set(LIVE_TABLES.map((t) => t.gameCode)).size);
  });

  it('draws the wheel with its 37 pockets: 18 red, 18 black, one green', () => {
    const svg = tileSvg('roulette') ?? '';
    expect(svg.match(/<path [^>]*fill="#c62828"/g)).toHaveLength(18);
    expect(svg.match(/<path [^>]*fill="#1f1f1f"/g)).toHaveLength(18);
    expect(svg.match(/<path [^>]*fill="#0b7a3b"/g)).toHaveLength(1);
  });

  it('answers null for a game no table plays', () => {
    expect(tileSvg('toString')).toBeNull();
    expect(tileSvg('crash')).toBeNull();
  });
});
