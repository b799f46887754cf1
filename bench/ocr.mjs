// OCR accuracy on generated card photos: `node --import tsx bench/ocr.mjs [--count=20] [--seed=1]`.
// Each image is a random valid number (Luhn bank card, GB 11643 ID number) rendered with sharp from SVG
// text on a card background, with speckle noise, scratches and a slight rotation, then read by the same
// local engine the server uses (tesseract.js, trained data from @tesseract.js-data/eng, offline).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  randomBankCard,
  randomIdNumber,
  renderCardImage,
  seededRandom,
} from '../apps/server/src/adapters/ocr/card-images.ts';
import { createLocalOcr } from '../apps/server/src/adapters/ocr/local-ocr.ts';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const count = Number(args.count ?? 20);
const random = seededRandom(Number(args.seed ?? 1));
const levels = [
  { name: 'clean', noise: 0.1, maxRotation: 1 },
  { name: 'noisy', noise: 0.6, maxRotation: 3 },
  { name: 'rough', noise: 1.0, maxRotation: 5 },
];

const ocr = createLocalOcr();
const rows = [];
try {
  for (const kind of ['bankCard', 'idCard']) {
    for (const level of levels) {
      let exact = 0;
      let valid = 0;
      let nothing = 0;
      let confidence = 0;
      let ms = 0;
      for (let i = 0; i < count; i += 1) {
        const number = kind === 'bankCard' ? randomBankCard(random) : randomIdNumber(random);
        const image = await renderCardImage({
          kind,
          number,
          random,
          noise: level.noise,
          maxRotation: level.maxRotation,
        });
        const started = performance.now();
        const reading = await ocr.recognize(kind, image);
        ms += performance.now() - started;
        if (!reading) nothing += 1;
        else {
          if (reading.number === number) exact += 1;
          if (reading.valid) valid += 1;
          confidence += reading.confidence;
        }
      }
      const read = count - nothing;
      rows.push({
        kind,
        level: level.name,
        images: count,
        exact: `${((exact / count) * 100).toFixed(0)}%`,
        'passed check digit': `${((valid / count) * 100).toFixed(0)}%`,
        'no number': nothing,
        'mean confidence': read ? (confidence / read).toFixed(2) : '-',
        'ms / image': (ms / count).toFixed(0),
      });
    }
  }
} finally {
  await ocr.close();
}
console.table(rows);
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'ocr-latest.json'),
  JSON.stringify({ date: new Date().toISOString(), node: process.version, count, rows }, null, 2),
);
