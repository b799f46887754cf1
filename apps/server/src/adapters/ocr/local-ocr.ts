import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { extractDocumentNumber } from '@crm/domain/idcard';
import { UNCHECKED_PENALTY, type OcrAdapter } from './ocr.ts';

const require = createRequire(import.meta.url);

/**
 * Where the trained data comes from: the npm package @tesseract.js-data/eng, installed with the server,
 * so recognition never fetches anything at run time (tesseract.js would otherwise download it).
 */
export function installedLangPath(): string {
  const data = require('@tesseract.js-data/eng') as { langPath: string };
  return data.langPath;
}

/**
 * Offline OCR with tesseract.js. One worker, made on first use and reused (loading the model takes a
 * second); tesseract queues calls to it. Only digits (and the X of ID numbers) are allowed, and the
 * picture is grey-scaled, cleaned and contrast-stretched first.
 */
export function createLocalOcr({
  cachePath = path.join(os.tmpdir(), 'crm-tesseract-cache'),
}: { cachePath?: string } = {}): OcrAdapter {
  let worker: Promise<Worker> | null = null;
  const getWorker = () => {
    worker ??= (async () => {
      fs.mkdirSync(cachePath, { recursive: true });
      const made = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: installedLangPath(),
        gzip: true,
        cachePath,
        logger: () => undefined,
      });
      await made.setParameters({ tessedit_char_whitelist: '0123456789Xx ', tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      return made;
    })().catch((error: unknown) => {
      worker = null;
      throw error;
    });
    return worker;
  };

  return {
    kind: 'local',
    async recognize(kind, image) {
      const base = () =>
        sharp(image, { failOn: 'truncated' }).rotate().resize({ width: 1800, height: 1800, fit: 'inside' }).greyscale();
      // Two looks: binarised first (measured best on bench/ocr.mjs: speckles and scratches drop out), then
      // the plain grey picture for light a fixed threshold gets wrong. A number passing its check wins.
      const passes = [() => base().median(3).normalise().threshold(120), () => base().normalise()];
      let best: { number: string; valid: boolean; confidence: number } | null = null;
      for (const pass of passes) {
        const { data } = await (await getWorker()).recognize(await pass().png().toBuffer());
        const found = extractDocumentNumber(kind, data.text);
        if (!found) continue;
        const confidence = Math.max(0, Math.min(1, data.confidence / 100)) * (found.valid ? 1 : UNCHECKED_PENALTY);
        const reading = { number: found.number, valid: found.valid, confidence: Math.round(confidence * 100) / 100 };
        if (found.valid) return reading;
        best ??= reading;
      }
      return best;
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await (await running).terminate();
    },
  };
}
