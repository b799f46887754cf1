import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { createFaqRepository, createFaqService, DEMO_FAQ_ENTRIES, type AuthoredEntry } from '../modules/faq/index.ts';
import { systemClock } from '../clock.ts';

/** A small PNG, as an authored FAQ image. */
export const tinyPng = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#1677ff' } })
    .png()
    .toBuffer();

/**
 * The demo's thirty entries (with the two flow images) in a company, through the import the admin command
 * uses; answers the id of each entry by its key.
 */
export async function importDemoFaq(db: Db, corpId: number, extra: AuthoredEntry[] = []) {
  const png = await tinyPng();
  const entries = [...DEMO_FAQ_ENTRIES, ...extra].map((entry) => ({
    ...entry,
    images:
      entry.key === 'supplement-documents'
        ? [{ name: 'supplement-flow.png', contentType: 'image/png', data: png }]
        : [],
  }));
  const faq = createFaqService({ repo: createFaqRepository(db), llm: null, now: systemClock, copilotPerMinute: 0 });
  const ids = await faq.importEntries(corpId, entries);
  return new Map(entries.map((entry, i) => [entry.key, ids[i] ?? 0]));
}
