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

/**
 * Longest side kept for the stored image: an A4 page at ~260 dpi, enough to read a statement. Under half of
 * a 48 MP photo's 8000 px, so libjpeg decodes such a photo at half size (shrink-on-load) instead of whole.
 */
const MAX_SIDE = 3072;
const THUMB_SIDE = 360;
/**
 * Decompression-bomb guard, checked from the header before decoding: a file that decodes to more pixels
 * is refused. 52 MP admits every phone's full-resolution photo (50 MP sensors shoot 8160 × 6120) and
 * refuses the 100–200 MP modes. Decoding is not where the CPU went (a 48 MP noisy JPEG decodes in
 * ~0.3 s of one core): re-encoding noise with mozjpeg's trellis quantisation cost 1.2–5 s, so the stored
 * copy is encoded with plain libjpeg-turbo, and the thumbnail made from the decoded copy, not by decoding
 * the upload a second time. Measured on one libvips thread: a 48 MP noisy JPEG of 9.3 MB went from 4.5 s
 * to 0.45 s of CPU, a 12 MP noisy one of 5.3 MB from 4.9 s to 0.3 s.
 */
export const MAX_INPUT_PIXELS = 52_000_000;

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
    // The header alone says how big the canvas is; a picture over the cap is refused without decoding. Read
    // without sharp's own pixel limit (268 MP), which would throw for a bigger header and read as broken.
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width * height > MAX_INPUT_PIXELS) throw new RefusedError(T.tooManyPixels);
    // failOn 'truncated': an upload cut off halfway is refused instead of stored with a grey half.
    const { data, info: decoded } = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: decoded.width, height: decoded.height, channels: decoded.channels } });
    const { data: image, info } = await pixels().jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
    const thumb = await pixels().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).jpeg({ quality: 70 }).toBuffer();
    return { image, thumb, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    throw new RefusedError(T.imageBroken);
  }
}
