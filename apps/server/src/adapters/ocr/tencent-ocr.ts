import { systemClock } from '../../clock.ts';
import { extractDocumentNumber } from '@crm/domain/idcard';
import { tc3Authorization } from '../sms/tc3-sign.ts';
import { OcrUnavailableError, UNCHECKED_PENALTY, type OcrAdapter } from './ocr.ts';

export interface TencentOcrOptions {
  secretId: string;
  secretKey: string;
  region?: string;
  endpoint?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

const VERSION = '2018-11-19';
const SERVICE = 'ocr';
const CONTENT_TYPE = 'application/json; charset=utf-8';
/** Tencent's card OCR answers no per-number confidence; a number passing its check digit is trusted this much. */
const CLOUD_CONFIDENCE = 0.95;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The cloud slot: Tencent Cloud OCR (IDCardOCR, BankCardOCR), signed TC3-HMAC-SHA256 like the SMS adapter.
 * Its answer goes through the same check-digit post-processing as the local engine's.
 */
export function createTencentOcr(options: TencentOcrOptions): OcrAdapter {
  const { secretId, secretKey, region = 'ap-guangzhou', endpoint = 'https://ocr.tencentcloudapi.com', fetchImpl = fetch, now = () => systemClock().getTime(), timeoutMs = 10_000 } = options;
  const url = new URL(endpoint);
  return {
    kind: 'tencent',
    async recognize(kind, image) {
      const action = kind === 'idCard' ? 'IDCardOCR' : 'BankCardOCR';
      const payload = JSON.stringify(kind === 'idCard' ? { ImageBase64: image.toString('base64'), CardSide: 'FRONT' } : { ImageBase64: image.toString('base64') });
      const timestamp = Math.floor(now() / 1000);
      const authorization = tc3Authorization({
        secretId,
        secretKey,
        service: SERVICE,
        timestamp,
        path: url.pathname,
        signedHeaders: { 'content-type': CONTENT_TYPE, host: url.host, 'x-tc-action': action },
        payload,
      });
      let answer: unknown;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': CONTENT_TYPE,
            'X-TC-Action': action,
            'X-TC-Version': VERSION,
            'X-TC-Timestamp': String(timestamp),
            'X-TC-Region': region,
          },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        answer = await response.json();
      } catch (error) {
        throw new OcrUnavailableError(`Tencent OCR unreachable: ${String(error)}`);
      }
      const body = isRecord(answer) && isRecord(answer.Response) ? answer.Response : null;
      if (!body) throw new OcrUnavailableError('Tencent OCR answered without a Response');
      if (isRecord(body.Error)) {
        const code = String(body.Error.Code);
        // "No card in the picture" is an answer, not an outage.
        if (/^FailedOperation\.(NoBankCard|IdCardInfoIllegal|OcrFailed|ImageNoIdCard|NoText)/i.test(code) || code === 'FailedOperation.UnKnowError') return null;
        throw new OcrUnavailableError(`Tencent OCR refused: ${code}`);
      }
      const raw = String((kind === 'idCard' ? body.IdNum : body.CardNo) ?? '');
      const found = extractDocumentNumber(kind, raw);
      if (!found) return null;
      return { number: found.number, valid: found.valid, confidence: found.valid ? CLOUD_CONFIDENCE : CLOUD_CONFIDENCE * UNCHECKED_PENALTY };
    },
    async close() {},
  };
}
