/**
 * Deposit screenshots (docs/rules/test-plan.md T13): checked by content, decoded with a pixel limit,
 * re-encoded (orientation applied, at most 2560 px, every metadata block — EXIF, GPS, XMP, ICC —
 * dropped) and stored under a random UUID in UPLOADS_DIR, which no static handler serves. Only
 * the re-encoded bytes are ever written; the upload itself never touches the disk.
 */
import { MESSAGES, UPLOAD_MAX_DIMENSION_PX, UPLOAD_MAX_PIXELS } from '@backlay/shared/contracts';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DomainError } from '../common/domain-error';
import { extensionOf, sniffImageType, type ImageType } from './image-sniff';

// Uploads are decoded once: sharp's operation cache would only keep other people's images in memory.
sharp.cache(false);

export interface ReencodedImage {
  bytes: Buffer;
  contentType: ImageType;
  widthPx: number;
  heightPx: number;
  /** SHA-256 hex of the re-encoded bytes. */
  sha256: string;
}

const SHARP_FORMAT: Readonly<Record<ImageType, string>> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

/**
 * The decoder's refusal as the API's own message. Its text (libvips: "VipsJpeg: premature end of
 * JPEG image", file offsets …) is a library internal and never leaves the API.
 */
function unreadable(error: unknown): DomainError {
  const reason = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(reason)) return new DomainError('UNPROCESSABLE', MESSAGES.screenshotTooManyPixels);
  return new DomainError('UNPROCESSABLE', MESSAGES.screenshotUnreadable);
}

/**
 * The upload checked and re-encoded, or a DomainError: 422 empty, 415 not a PNG/JPEG by its
 * bytes (or a decoder that disagrees), 422 above UPLOAD_MAX_PIXELS (refused from the header,
 * before any pixel is decoded), 422 truncated or otherwise undecodable.
 */
export async function reencodeScreenshot(upload: Buffer): Promise<ReencodedImage> {
  if (upload.length === 0) throw new DomainError('UNPROCESSABLE', MESSAGES.screenshotEmpty);
  const contentType = sniffImageType(upload);
  if (contentType === null) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.screenshotType);

  // 'warning' makes libvips treat a truncated or corrupt stream as an error instead of
  // returning a half-grey image.
  const input = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'warning' as const };
  let format: string | undefined;
  try {
    ({ format } = await sharp(upload, input).metadata());
  } catch (error) {
    throw unreadable(error);
  }
  if (format !== SHARP_FORMAT[contentType]) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.screenshotType);

  try {
    const pipeline = sharp(upload, input)
      .rotate() // applies the EXIF orientation to the pixels; the tag itself goes with the rest
      .resize({ width: UPLOAD_MAX_DIMENSION_PX, height: UPLOAD_MAX_DIMENSION_PX, fit: 'inside', withoutEnlargement: true });
    const encoded = contentType === 'image/png' ? pipeline.png({ compressionLevel: 6 }) : pipeline.jpeg({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType,
      widthPx: info.width,
      heightPx: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch (error) {
    throw unreadable(error);
  }
}

/** Where screenshots live on disk: `<dir>/<uuid>.<png|jpg>`, the directory private to the API. */
export class ScreenshotStore {
  private ready: Promise<void> | null = null;

  constructor(readonly dir: string) {}

  private fileOf(id: string, contentType: ImageType): string {
    // Ids are UUIDs the API generated; the check keeps any other string from naming a path.
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not a screenshot id: ${id}`);
    return path.join(this.dir, `${id}.${extensionOf(contentType)}`);
  }

  private ensureDir(): Promise<void> {
    this.ready ??= mkdir(this.dir, { recursive: true, mode: 0o700 }).then(() => undefined);
    return this.ready;
  }

  /** Writes a new file (never overwrites one), readable by the API's user only. */
  async write(id: string, contentType: ImageType, bytes: Buffer): Promise<void> {
    await this.ensureDir();
    await writeFile(this.fileOf(id, contentType), bytes, { flag: 'wx', mode: 0o600 });
  }

  read(id: string, contentType: ImageType): Promise<Buffer> {
    return readFile(this.fileOf(id, contentType));
  }

  /** Removes a file whose database row was never committed. */
  async remove(id: string, contentType: ImageType): Promise<void> {
    await rm(this.fileOf(id, contentType), { force: true });
  }
}
