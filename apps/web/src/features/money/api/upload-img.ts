import type { OcrResult, ProofImage } from '@crm/domain/api/money';
import { delimg, uploadImg } from '@crm/domain/endpoints/money';
import { send } from '../../../lib/send.ts';
import { sendUpload } from '../../../lib/upload.ts';

/** POST /api/ysb/uploadImg (kind proof): one image of a case, with upload progress. */
export async function uploadProofImage(
  clientId: number,
  file: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ProofImage> {
  const { image } = await sendUpload(uploadImg, { kind: 'proof', id: clientId, file }, options);
  if (!image) throw new Error('upload answered no image');
  return image;
}

/** POST /api/ysb/uploadImg (kind idCard | bankCard): the number on the card and a confidence. */
export async function recognizeCard(kind: 'idCard' | 'bankCard', file: Blob): Promise<OcrResult> {
  const { ocr } = await sendUpload(uploadImg, { kind, file });
  if (!ocr) throw new Error('upload answered no reading');
  return ocr;
}

/** POST /common/delimg: an image not yet part of a proof or record. */
export async function delImg(id: number): Promise<void> {
  await send(delimg, { id });
}
