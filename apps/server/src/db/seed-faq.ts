import sharp from 'sharp';
import type { Clock } from '../clock.ts';
import { createFaqRepository, createFaqService, DEMO_FAQ_ENTRIES, type AuthoredEntry } from '../modules/faq/index.ts';
import type { Db } from './client.ts';

/** A flow of numbered steps as a PNG (drawn from SVG; digits and arrows only, so no font is needed). */
async function flowImage(steps: number, colour: string): Promise<Buffer> {
  const boxes = Array.from({ length: steps }, (_, i) => {
    const x = 20 + i * 150;
    const arrow =
      i + 1 < steps
        ? `<path d="M${x + 110} 80 L${x + 145} 80" stroke="#888" stroke-width="4" marker-end="url(#a)"/>`
        : '';
    return `<rect x="${x}" y="40" width="110" height="80" rx="12" fill="${colour}"/>
      <text x="${x + 55}" y="95" font-size="44" font-family="sans-serif" fill="#fff" text-anchor="middle">${i + 1}</text>${arrow}`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${steps * 150 + 10}" height="160">
    <defs><marker id="a" markerWidth="8" markerHeight="8" refX="6" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#888"/></marker></defs>
    <rect width="100%" height="100%" fill="#f5f7fa"/>${boxes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo FAQ (issue 14) for company 1: thirty entries and their two flow images, imported through the same
 * service as the admin command (`npm run faq:import`).
 */
export async function seedFaqDemo(db: Db, clock: Clock): Promise<void> {
  const images: Record<string, AuthoredEntry['images']> = {
    'supplement-documents': [
      { name: 'supplement-flow.png', contentType: 'image/png', data: await flowImage(4, '#1677ff') },
    ],
    'signing-appointment': [
      { name: 'signing-flow.png', contentType: 'image/png', data: await flowImage(4, '#00b578') },
    ],
  };
  const repo = createFaqRepository(db);
  const faq = createFaqService({ repo, llm: null, now: clock, copilotPerMinute: 0 });
  await faq.importEntries(
    1,
    DEMO_FAQ_ENTRIES.map((entry) => ({ ...entry, images: images[entry.key] ?? [] })),
  );
  await seedFaqAuthoring(faq);
}

/** The demo company's admin, who keeps its synonyms (README's demo users). */
const DEMO_ADMIN = 50;
const staffOf = (id: number) => ({ id, corpId: 1, teamId: null, isLeader: false, jobs: [1], grants: [] });
const quiet = { delta: () => undefined, replace: () => undefined };

/**
 * What the back office's 同义词 and 未解答问题 pages show (issue 46): the company's own words, added by its admin
 * (audit lines included), and questions asked in the company's words that the copilot refused, asked through
 * the copilot itself so their scores and log rows are a real refusal's.
 */
async function seedFaqAuthoring(faq: ReturnType<typeof createFaqService>): Promise<void> {
  const admin = { ...staffOf(DEMO_ADMIN), grants: ['company.admin'] };
  for (const words of ['放款 落袋 到卡', '撞单 撞车 碰单', '补件 补料 补东西'])
    await faq.saveSynonym(admin, { id: null, words: words.split(' ') });
  for (const [staffId, question] of [
    [1, '公司年会定在哪天开？'],
    [2, '停车场怎么收费'],
    [1, '停车场怎么收费'],
    [3, '团建费用找谁报销'],
  ] as const)
    await faq.ask(staffOf(staffId), question, quiet);
}
