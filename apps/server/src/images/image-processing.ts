import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@crm/domain/money';
import { RefusedError } from '../errors.ts';
import { IMAGE_TEXTS as T } from './images.texts.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** What the bytes say they are: JPEG, PNG or WebP by their magic numbers, never by the file name. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Longest side kept for the stored image and its thumbnail. */
const MAX_SIDE = 4096;
const THUMB_SIDE = 360;
/** Decompression-bomb guard: a small file that decodes to a gigapixel canvas is refused before decoding. */
export const MAX_INPUT_PIXELS = 60_000_000;

export interface CleanImage {
  image: Buffer;
  thumb: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * Checks an upload and re-encodes it. Every image is decoded and written again as a fresh JPEG: EXIF
 * (GPS location included) and any other metadata are dropped, the orientation tag is applied to the
 * pixels first, and whatever was appended after the image data (a script, an archive) is not copied.
 * Refusals are business refusals with the message the person sees.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  if (bytes.length === 0) throw new RefusedError(T.fileEmpty);
  if (bytes.length > MAX_IMAGE_BYTES) throw new RefusedError(T.fileTooLarge);
  if (!sniffImageFormat(bytes)) throw new RefusedError(T.notAnImage);
  try {
    // failOn 'truncated': an upload cut off halfway is refused instead of stored with a grey half.
    const input = () => sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS });
    const oriented = input().rotate().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const { data: image, info } = await oriented
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await input()
      .rotate()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return { image, thumb, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    throw new RefusedError(T.imageBroken);
  }
}
