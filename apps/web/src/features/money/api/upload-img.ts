import { uploadImgResponseSchema, type OcrResult, type ProofImage } from '@crm/domain/api/money';
import { apiPost } from '../../../lib/api-client.ts';
import { uploadForm } from '../../../lib/upload.ts';

/** POST /api/ysb/uploadImg (kind proof): one image of a case, with upload progress. */
export async function uploadProofImage(
  clientId: number,
  file: Blob,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ProofImage> {
  const { data } = await uploadForm<unknown>('/api/ysb/uploadImg', { kind: 'proof', id: clientId, file }, options);
  const image = uploadImgResponseSchema.parse(data).image;
  if (!image) throw new Error('upload answered no image');
  return image;
}

/** POST /api/ysb/uploadImg (kind idCard | bankCard): the number on the card and a confidence. */
export async function recognizeCard(kind: 'idCard' | 'bankCard', file: Blob): Promise<OcrResult> {
  const { data } = await uploadForm<unknown>('/api/ysb/uploadImg', { kind, file });
  const ocr = uploadImgResponseSchema.parse(data).ocr;
  if (!ocr) throw new Error('upload answered no reading');
  return ocr;
}

/** POST /common/delimg: an image not yet part of a proof or record. */
export async function delImg(id: number): Promise<void> {
  await apiPost<unknown>('/common/delimg', { id });
}
