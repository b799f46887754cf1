import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { faqCategories, faqEntries, faqTypes } from '../../db/schema/faq.ts';
import { parseAuthoredMarkdown } from './faq-authoring.ts';
import { createFaqRepository } from './faq.repository.ts';
import { createFaqService } from './faq.service.ts';

/*
 * The back office's side of the FAQ (decision 057): the company's entries, newest first, and one authored
 * Markdown file (decision 053's format, without images: those still come with `npm run faq -- import`)
 * imported as the command imports it, inside the admin's transaction (a savepoint), keyed by its file name.
 */

export const listFaqForAdmin = (ex: Db | Tx, corpId: number, page: { cursor: number | null; limit: number }) =>
  ex
    .select({
      id: faqEntries.id,
      key: faqEntries.sourceKey,
      title: faqEntries.title,
      type: faqTypes.name,
      category: faqCategories.name,
      updatedAt: faqEntries.updatedAt,
    })
    .from(faqEntries)
    .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
    .innerJoin(faqTypes, eq(faqTypes.id, faqCategories.typeId))
    .where(and(eq(faqEntries.corpId, corpId), page.cursor === null ? undefined : lt(faqEntries.id, page.cursor)))
    .orderBy(desc(faqEntries.id))
    .limit(page.limit + 1);

export async function importFaqMarkdown(tx: Tx, corpId: number, key: string, text: string, at: Date) {
  const entry = parseAuthoredMarkdown(key, text);
  if (typeof entry === 'string') throw new Error(entry);
  const faq = createFaqService({
    repo: createFaqRepository(tx as unknown as Db),
    llm: null,
    now: () => at,
    copilotPerMinute: 0,
  });
  const [id] = await faq.importEntries(corpId, [entry]);
  return { id: id ?? 0, key, title: entry.title, type: entry.type, category: entry.category };
}
