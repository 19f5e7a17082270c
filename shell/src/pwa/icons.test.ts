/**
 * @jest-environment node
 *
 * The app's icons (public/icons, drawn by scripts/draw-icons.mjs) as every site's manifest names
 * them (APP_ICONS, GET /api/site/manifest): PNGs of the sizes it says, a maskable one among them.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { APP_ICONS } from '@backlay/shared/contracts';

const PUBLIC = path.join(__dirname, '..', '..', 'public');

/** A PNG's width and height, from its IHDR chunk; fails on anything but a PNG. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

it('the manifest names PNG icons of 192 and 512 px and a maskable one, each a file of the size it says', () => {
  expect(APP_ICONS.map((i) => [i.sizes, i.purpose])).toEqual([
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ]);
  for (const icon of APP_ICONS) {
    expect(icon.type).toBe('image/png');
    expect(pngSize(readFileSync(path.join(PUBLIC, icon.src)))).toBe(icon.sizes);
  }
  // No icon the manifest does not name.
  expect(readdirSync(path.join(PUBLIC, 'icons')).map((f) => `/icons/${f}`).sort()).toEqual(APP_ICONS.map((i) => i.src).sort());
});

it('the icons are what scripts/draw-icons.mjs draws', () => {
  expect(() => execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'draw-icons.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
});
