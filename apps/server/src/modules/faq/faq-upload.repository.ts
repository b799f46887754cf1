import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { faqCategories, faqEntries, faqImages, faqTypes } from '../../db/schema/faq.ts';
import { parseAuthoredMarkdown, type AuthoredEntry } from './faq-authoring.ts';
import { createFaqRepository, findFiledEntry } from './faq.repository.ts';
import { createFaqService } from './faq.service.ts';

/*
 * The back office's side of the FAQ (decision 057): the company's entries, newest first, and one authored
 * Markdown file (decision 053's format, without images: those still come with `npm run faq -- import`)
 * imported as the command imports it, inside the admin's transaction (a savepoint), keyed by its file name.
 */

/** An entry as the back office names it: its key (the file name it was imported from) and where it is filed. */
const adminEntryColumns = {
  id: faqEntries.id,
  key: faqEntries.sourceKey,
  title: faqEntries.title,
  type: faqTypes.name,
  category: faqCategories.name,
};

export const listFaqForAdmin = async (ex: Db | Tx, corpId: number, page: KeysetPage) =>
  keyset(page, faqEntries.id, (limit, before) =>
    ex
      .select({ ...adminEntryColumns, updatedAt: faqEntries.updatedAt })
      .from(faqEntries)
      .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
      .innerJoin(faqTypes, eq(faqTypes.id, faqCategories.typeId))
      .where(and(eq(faqEntries.corpId, corpId), before))
      .orderBy(desc(faqEntries.id))
      .limit(limit),
  );

export async function importFaqMarkdown(tx: Tx, corpId: number, key: string, text: string, at: Date) {
  const entry = parseAuthoredMarkdown(key, text);
  if (typeof entry === 'string') throw new Error(entry);
  return importOne(tx, corpId, entry, at);
}

async function importOne(tx: Tx, corpId: number, entry: AuthoredEntry, at: Date) {
  const faq = createFaqService({
    repo: createFaqRepository(tx as unknown as Db),
    llm: null,
    now: () => at,
    copilotPerMinute: 0,
  });
  const [id] = await faq.importEntries(corpId, [entry]);
  return { id: id ?? 0, key: entry.key, title: entry.title, type: entry.type, category: entry.category };
}

/** One entry of the company as the back office's form edits it: its front matter's fields and its body. */
export const findFaqEntryForAdmin = (ex: Db | Tx, corpId: number, id: number) =>
  findFiledEntry(ex, corpId, id, { ...adminEntryColumns, keywords: faqEntries.keywords, body: faqEntries.body });

export interface FaqForm {
  title: string;
  type: string;
  category: string;
  keywords: string;
  body: string;
}

/** A form's fields written as the authored Markdown file (decision 053) the import reads. */
export function faqFormMarkdown(form: FaqForm) {
  const line = (value: string) => value.replace(/\s+/g, ' ').trim();
  return [
    '---',
    `title: ${line(form.title)}`,
    `type: ${line(form.type)}`,
    `category: ${line(form.category)}`,
    `keywords: ${line(form.keywords)}`,
    '---',
    form.body,
    '',
  ].join('\n');
}

/**
 * The back office's form for one entry (decision 057): the fields written as the entry's Markdown file and
 * imported as an upload is (the same parser, the same rules). Editing keeps the entry's key and carries its
 * stored images (the body names them `faq-image:ID`), which the import would otherwise drop; a new entry
 * gets a fresh `form-…` key. Null when `id` names no entry of the company.
 */
export async function saveFaqForm(tx: Tx, corpId: number, id: number | null, form: FaqForm, at: Date) {
  const before = id === null ? null : await findFaqEntryForAdmin(tx, corpId, id);
  if (id !== null && !before) return null;
  let key = before?.key ?? `form-${at.getTime().toString(36)}`;
  if (!before) {
    for (let n = 2; ; n += 1) {
      const [taken] = await tx
        .select({ id: faqEntries.id })
        .from(faqEntries)
        .where(and(eq(faqEntries.corpId, corpId), eq(faqEntries.sourceKey, key)));
      if (!taken) break;
      key = `form-${at.getTime().toString(36)}-${n}`;
    }
  }
  const entry = parseAuthoredMarkdown(key, faqFormMarkdown(form));
  if (typeof entry === 'string') throw new Error(entry);
  const images = before
    ? (
        await tx
          .select({ id: faqImages.id, contentType: faqImages.contentType, data: faqImages.data })
          .from(faqImages)
          .where(and(eq(faqImages.corpId, corpId), eq(faqImages.entryId, before.id)))
      ).map((image) => ({ name: `faq-image:${image.id}`, contentType: image.contentType, data: image.data }))
    : [];
  const saved = await importOne(tx, corpId, { ...entry, images }, at);
  const after = await findFaqEntryForAdmin(tx, corpId, saved.id);
  return { before, after: after! };
}
