/**
 * What an upload is, by its bytes only (docs/rules/test-plan.md T13: never by its name or declared type).
 * Screenshots may be PNG or JPEG (docs/rules/product.md §5: png, jpg, jpeg); everything else — HTML, SVG, GIF,
 * scripts renamed .png — is refused before any decoder sees it. No I/O.
 */

export type ImageType = 'image/png' | 'image/jpeg';

/** PNG: the 8-byte signature, then an IHDR chunk (length 13). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IHDR = Buffer.from([0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/** The detected type, or null for anything that is not a PNG or a JPEG. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 16 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(8, 16).equals(PNG_IHDR)) {
    return 'image/png';
  }
  // JPEG: start of image (FF D8), then the first marker (FF xx, xx not 00/FF).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const marker = bytes[3] ?? 0;
    if (marker !== 0x00 && marker !== 0xff) return 'image/jpeg';
  }
  return null;
}

/** The file extension of a stored screenshot. */
export function extensionOf(type: ImageType): 'png' | 'jpg' {
  return type === 'image/png' ? 'png' : 'jpg';
}
