/** Longest side sent to the server: enough to read a receipt, a fraction of a phone photo's bytes. */
export const MAX_UPLOAD_SIDE = 2000;
export const JPEG_QUALITY = 0.8;

/** The size an image of w × h takes when its longer side is brought down to `max` (never up). */
export function fitWithin(width: number, height: number, max = MAX_UPLOAD_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Shrinks a photo in the browser before upload: decoded with its EXIF orientation applied, drawn on a
 * canvas of at most 2000 px, saved as JPEG at 0.8. Anything the browser cannot decode (a PDF named .jpg)
 * is sent as it is, so the server answers with its clear message rather than the phone guessing.
 */
export async function compressImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    // A tiny original can come out larger as JPEG: send whichever is smaller.
    return blob && blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}
