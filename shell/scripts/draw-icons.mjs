#!/usr/bin/env node
/**
 * Draws the app's icons (ADR 0076) into shell/public/icons: the platform's mark — a gold tile with
 * a "B" on its brand green, as the header's logo — as PNG, 192 and 512 px on a rounded tile
 * ("any") and 512 px full-bleed with the mark inside the central safe zone ("maskable": a phone
 * crops it to its own shape). Plain Node, no image library: the shapes are sampled 4×4 per pixel
 * and written as an RGBA PNG with zlib.
 *
 *   node shell/scripts/draw-icons.mjs           write the files
 *   node shell/scripts/draw-icons.mjs --check   exit 1 when a committed file differs (a unit test runs it)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const GREEN = [0x0b, 0x3d, 0x2e];
const GOLD = [0xf2, 0xb7, 0x05];
/** A blocky "B", 5 × 7 cells. */
const LETTER = ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'];

export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

/** Whether (x, y), in units of the icon's side, is inside the rounded square centred at 0.5 of side `side` and corner radius `r`. */
function inRoundedSquare(x, y, side, r) {
  const h = side / 2;
  const dx = Math.max(Math.abs(x - 0.5) - (h - r), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (h - r), 0);
  return Math.abs(x - 0.5) <= h && Math.abs(y - 0.5) <= h && dx * dx + dy * dy <= r * r;
}

/** The colour at (x, y) in [0, 1)², or null (transparent). */
function colourAt(x, y, maskable) {
  // Maskable: the whole square is background, the mark within the central 80 % circle.
  const tile = maskable ? 0.5 : 0.62;
  if (!maskable && !inRoundedSquare(x, y, 1, 0.18)) return null;
  if (!inRoundedSquare(x, y, tile, tile * 0.2)) return GREEN;
  const cell = (tile * 0.6) / LETTER.length;
  const col = Math.floor((x - (0.5 - (cell * 5) / 2)) / cell);
  const row = Math.floor((y - (0.5 - (cell * 7) / 2)) / cell);
  return LETTER[row]?.[col] === '#' ? GREEN : GOLD;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** One icon as PNG bytes. */
export function drawIcon(size, maskable) {
  const SAMPLES = 4;
  const rows = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0: none
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, maskable);
          if (colour === null) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 1;
        }
      }
      const o = 1 + px * 4;
      if (sum[3] > 0) for (let i = 0; i < 3; i += 1) row[o + i] = Math.round(sum[i] / sum[3]);
      row[o + 3] = Math.round((sum[3] * 255) / (SAMPLES * SAMPLES));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
  const check = process.argv.includes('--check');
  mkdirSync(dir, { recursive: true });
  let differs = 0;
  for (const { file, size, maskable } of ICONS) {
    const png = drawIcon(size, maskable);
    const path = join(dir, file);
    if (check) {
      if (!existsSync(path) || !readFileSync(path).equals(png)) {
        console.error(`${path} is not what draw-icons.mjs draws: run node shell/scripts/draw-icons.mjs`);
        differs += 1;
      }
    } else {
      writeFileSync(path, png);
      console.log(`${path}: ${png.length} bytes`);
    }
  }
  process.exit(differs > 0 ? 1 : 0);
}
