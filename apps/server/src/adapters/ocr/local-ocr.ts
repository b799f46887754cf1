import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { extractDocumentNumber } from '@crm/domain/idcard';
import { MAX_INPUT_PIXELS } from '../../images/image-processing.ts';
import { UNCHECKED_PENALTY, type OcrAdapter } from './ocr.ts';
import { createWorkerPool, defaultPoolSize } from './worker-pool.ts';

const require = createRequire(import.meta.url);

/**
 * Where the trained data comes from: the npm package @tesseract.js-data/eng, installed with the server,
 * so recognition never fetches anything at run time (tesseract.js would otherwise download it).
 */
export function installedLangPath(): string {
  const data = require('@tesseract.js-data/eng') as { langPath: string };
  return data.langPath;
}

/** Longest side handed to tesseract: card digits stay ~40 px high, and recognition time grows with the area. */
const OCR_SIDE = 1800;
/** A card photo is read in about a second; one still running after this is a picture not worth waiting for. */
export const OCR_TIMEOUT_MS = 15_000;

export interface LocalOcrOptions {
  cachePath?: string;
  /** Workers in the pool; by default one per core, at most four. */
  poolSize?: number;
  timeoutMs?: number;
}

/**
 * Offline OCR with tesseract.js. A small pool of workers, each made on first use and reused (loading the
 * model takes a second), so one slow picture no longer queues everyone else's behind it; a recognition
 * past the timeout is refused and its worker replaced. Only digits (and the X of ID numbers) are allowed,
 * and the picture is shrunk (decoded at reduced size where the JPEG allows), grey-scaled, cleaned and
 * contrast-stretched first, outside the workers.
 */
export function createLocalOcr({
  cachePath = path.join(os.tmpdir(), 'crm-tesseract-cache'),
  poolSize = defaultPoolSize(),
  timeoutMs = OCR_TIMEOUT_MS,
}: LocalOcrOptions = {}): OcrAdapter {
  const pool = createWorkerPool<Worker>({
    size: poolSize,
    timeoutMs,
    make: async () => {
      fs.mkdirSync(cachePath, { recursive: true });
      const made = await createWorker('eng', OEM.LSTM_ONLY, {
        langPath: installedLangPath(),
        gzip: true,
        cachePath,
        logger: () => undefined,
      });
      await made.setParameters({ tessedit_char_whitelist: '0123456789Xx ', tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      return made;
    },
  });

  return {
    kind: 'local',
    async recognize(kind, image) {
      // Decoded once, pixel-capped before decoding, shrunk on load; both looks start from this grey copy.
      const { data: grey, info } = await sharp(image, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: OCR_SIDE, height: OCR_SIDE, fit: 'inside', withoutEnlargement: true })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const base = () => sharp(grey, { raw: { width: info.width, height: info.height, channels: info.channels } });
      // Two looks: binarised first (measured best on bench/ocr.mjs: speckles and scratches drop out), then
      // the plain grey picture for light a fixed threshold gets wrong. A number passing its check wins.
      const passes = [() => base().median(3).normalise().threshold(120), () => base().normalise()];
      const pictures = await Promise.all(passes.map((pass) => pass().png().toBuffer()));
      return pool.run(async (worker) => {
        let best: { number: string; valid: boolean; confidence: number } | null = null;
        for (const picture of pictures) {
          const { data } = await worker.recognize(picture);
          const found = extractDocumentNumber(kind, data.text);
          if (!found) continue;
          const confidence = Math.max(0, Math.min(1, data.confidence / 100)) * (found.valid ? 1 : UNCHECKED_PENALTY);
          const reading = { number: found.number, valid: found.valid, confidence: Math.round(confidence * 100) / 100 };
          if (found.valid) return reading;
          best ??= reading;
        }
        return best;
      });
    },
    close: () => pool.close(),
  };
}
