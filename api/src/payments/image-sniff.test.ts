import { extensionOf, sniffImageType } from './image-sniff';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');

describe('sniffImageType', () => {
  it.each<[string, Buffer, string | null]>([
    ['a PNG header', png, 'image/png'],
    ['a JPEG (JFIF) header', jpeg, 'image/jpeg'],
    ['a JPEG (EXIF) header', Buffer.from('ffd8ffe1', 'hex'), 'image/jpeg'],
    ['an empty file', Buffer.alloc(0), null],
    ['the PNG signature without IHDR', png.subarray(0, 8), null],
    ['FF D8 FF 00 (no marker)', Buffer.from('ffd8ff00', 'hex'), null],
    ['HTML renamed .png', Buffer.from('<!doctype html><script>alert(1)</script>'), null],
    ['SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
    ['a GIF/JS polyglot', Buffer.from('GIF89a/*\x00\x00*/=alert(1);'), null],
    ['a PDF', Buffer.from('%PDF-1.7\n'), null],
    ['a WebP', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '), null],
    ['a BOM then a PNG', Buffer.concat([Buffer.from('efbbbf', 'hex'), png]), null],
  ])('%s → %s', (_name, bytes, expected) => {
    expect(sniffImageType(bytes)).toBe(expected);
  });

  it('names stored files by their detected type', () => {
    expect(extensionOf('image/png')).toBe('png');
    expect(extensionOf('image/jpeg')).toBe('jpg');
  });
});
