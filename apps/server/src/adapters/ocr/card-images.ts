// Synthetic card photos for the OCR tests and bench/ocr.mjs: a number rendered from SVG text on a card
// background, with speckle noise, a few scratch lines and a slight rotation, saved as JPEG.
import sharp from 'sharp';
import { idCheckChar } from '@crm/domain/idcard';

/** A small seeded generator, so a bench run is repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const digits = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** A Luhn-valid 16–19 digit card number starting with a UnionPay-like 62. */
export function randomBankCard(random: () => number): string {
  const length = 16 + Math.floor(random() * 4);
  const body = `62${digits(random, length - 3)}`;
  for (let check = 0; check < 10; check += 1) {
    const candidate = `${body}${check}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i += 1) {
      let d = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** An 18-digit ID number with a valid GB 11643 check character and a plausible birth date. */
export function randomIdNumber(random: () => number): string {
  const year = 1960 + Math.floor(random() * 45);
  const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  const first17 = `310${digits(random, 3)}${year}${month}${day}${digits(random, 3)}`;
  return `${first17}${idCheckChar(first17)}`;
}

const escapeXml = (text: string) => text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

export interface CardImageOptions {
  kind: 'idCard' | 'bankCard';
  number: string;
  random: () => number;
  /** 0 none … 1 heavy. */
  noise?: number;
  /** Degrees, either way. */
  maxRotation?: number;
}

export async function renderCardImage({
  kind,
  number,
  random,
  noise = 0.4,
  maxRotation = 3,
}: CardImageOptions): Promise<Buffer> {
  const width = 856;
  const height = 540;
  const shown = kind === 'bankCard' ? number.replace(/(\d{4})(?=\d)/g, '$1 ') : number;
  const label = kind === 'bankCard' ? 'UnionPay  DEBIT' : 'ID No.';
  const specks = Array.from({ length: Math.round(900 * noise) }, () => {
    const grey = Math.floor(random() * 120);
    return `<circle cx="${(random() * width).toFixed(1)}" cy="${(random() * height).toFixed(1)}" r="${(random() * 1.6).toFixed(2)}" fill="rgb(${grey},${grey},${grey})" opacity="${(0.3 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const scratches = Array.from({ length: Math.round(6 * noise) }, () => {
    const x = random() * width;
    const y = random() * height;
    return `<line x1="${x.toFixed(0)}" y1="${y.toFixed(0)}" x2="${(x + (random() - 0.5) * 300).toFixed(0)}" y2="${(y + (random() - 0.5) * 80).toFixed(0)}" stroke="#777" stroke-width="1" opacity="0.5"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${kind === 'bankCard' ? '#dfe9f5' : '#eef3ea'}"/><stop offset="1" stop-color="#f9f6ee"/></linearGradient></defs>
    <rect width="100%" height="100%" rx="28" fill="url(#g)"/>
    <text x="48" y="90" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#345">${escapeXml(label)}</text>
    <text x="48" y="${kind === 'bankCard' ? 330 : 450}" font-family="DejaVu Sans Mono, monospace" font-size="${kind === 'bankCard' ? 46 : 42}" letter-spacing="2" fill="#1c1c1c">${escapeXml(shown)}</text>
    ${specks}${scratches}
  </svg>`;
  const angle = (random() * 2 - 1) * maxRotation;
  return sharp(Buffer.from(svg)).rotate(angle, { background: '#cfcfcf' }).jpeg({ quality: 80 }).toBuffer();
}
