import { extractDocumentNumber } from '@crm/domain/idcard';
import { callTencentCloud, TencentCloudError } from '../tencent-cloud/tencent-cloud.ts';
import type { TencentCloudConnection } from '../tencent-cloud/tencent-cloud.ts';
import { OcrUnavailableError, UNCHECKED_PENALTY, type OcrAdapter } from './ocr.ts';

export interface TencentOcrOptions extends TencentCloudConnection {
  region?: string;
}

const VERSION = '2018-11-19';
const SERVICE = 'ocr';
/** Tencent's card OCR answers no per-number confidence; a number passing its check digit is trusted this much. */
const CLOUD_CONFIDENCE = 0.95;

/**
 * The cloud slot: Tencent Cloud OCR (IDCardOCR, BankCardOCR), called through the one Tencent Cloud client (adapters/tencent-cloud).
 * Its answer goes through the same check-digit post-processing as the local engine's.
 */
export function createTencentOcr(options: TencentOcrOptions): OcrAdapter {
  const { region = 'ap-guangzhou', ...connection } = options;
  return {
    kind: 'tencent',
    async recognize(kind, image) {
      const action = kind === 'idCard' ? 'IDCardOCR' : 'BankCardOCR';
      const payload =
        kind === 'idCard'
          ? { ImageBase64: image.toString('base64'), CardSide: 'FRONT' }
          : { ImageBase64: image.toString('base64') };
      let body: Record<string, unknown>;
      try {
        body = await callTencentCloud(connection, { service: SERVICE, action, version: VERSION, region, payload });
      } catch (error) {
        if (!(error instanceof TencentCloudError)) throw error;
        // "No card in the picture" is an answer, not an outage.
        if (
          /^FailedOperation\.(NoBankCard|IdCardInfoIllegal|OcrFailed|ImageNoIdCard|NoText)/i.test(error.code) ||
          error.code === 'FailedOperation.UnKnowError'
        )
          return null;
        throw new OcrUnavailableError(`Tencent OCR failed: ${error.code}`, { cause: error });
      }
      const number = kind === 'idCard' ? body.IdNum : body.CardNo;
      const raw = typeof number === 'string' ? number : '';
      const found = extractDocumentNumber(kind, raw);
      if (!found) return null;
      return {
        number: found.number,
        valid: found.valid,
        confidence: found.valid ? CLOUD_CONFIDENCE : CLOUD_CONFIDENCE * UNCHECKED_PENALTY,
      };
    },
    async close() {},
  };
}
