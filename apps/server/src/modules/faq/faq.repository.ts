import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { lockInCorp } from '../../db/find-in-corp.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import {
  faqCategories,
  faqCopilotUsage,
  faqEntries,
  faqFeedback,
  faqImages,
  faqQuestions,
  faqTypes,
} from '../../db/schema/faq.ts';
import { staff } from '../../db/schema/staff.ts';

/*
 * The FAQ's reads and writes (decision 053). Every query names the company first: another company's entry,
 * image or conversation is simply not found.
 */

export interface EntryRow {
  id: number;
  title: string;
  body: string;
  categoryId: number;
  categoryName: string;
  views: number;
  helpful: number;
}

/** An entry as retrieval reads it (issue 46): its fields and where it is filed. */
export interface CorpusRow extends EntryRow {
  keywords: string;
  typeId: number;
}

export interface EntryWrite {
  key: string;
  typeId: number;
  categoryId: number;
  title: string;
  keywords: string;
  titleTokens: string;
  searchTokens: string;
  images: { name: string; contentType: string; data: Buffer }[];
  /** Rewrites the body's image names to the stored ids. */
  body: (imageIds: Map<string, number>) => string;
}

const entryColumns = {
  id: faqEntries.id,
  title: faqEntries.title,
  body: faqEntries.body,
  categoryId: faqEntries.categoryId,
  categoryName: faqCategories.name,
  views: faqEntries.views,
  helpful: faqEntries.helpful,
};

/**
 * One entry of the company with the chosen `fields`, which may name its category and the category's type;
 * null when the company has no entry by that id.
 */
export const findFiledEntry = async <F extends SelectedFields>(ex: Db | Tx, corpId: number, id: number, fields: F) =>
  (await findInCorp(
    ex,
    faqEntries,
    fields,
    corpId,
    id,
    [faqCategories, eq(faqCategories.id, faqEntries.categoryId)],
    [faqTypes, eq(faqTypes.id, faqCategories.typeId)],
  )) ?? null;

export function createFaqRepository(db: Db) {
  const inCategory = (corpId: number, filter: { typeId?: number; categoryId?: number }) =>
    [
      eq(faqEntries.corpId, corpId),
      filter.categoryId === undefined ? undefined : eq(faqEntries.categoryId, filter.categoryId),
      filter.typeId === undefined ? undefined : eq(faqCategories.typeId, filter.typeId),
    ].filter((c): c is SQL => c !== undefined);

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    types: (corpId: number) =>
      db
        .select({ id: faqTypes.id, name: faqTypes.name })
        .from(faqTypes)
        .where(eq(faqTypes.corpId, corpId))
        .orderBy(asc(faqTypes.sort), asc(faqTypes.id)),

    categories: (corpId: number, typeId: number | undefined) =>
      db
        .select({ id: faqCategories.id, typeId: faqCategories.typeId, name: faqCategories.name })
        .from(faqCategories)
        .where(
          and(eq(faqCategories.corpId, corpId), typeId === undefined ? undefined : eq(faqCategories.typeId, typeId)),
        )
        .orderBy(asc(faqCategories.sort), asc(faqCategories.id)),

    /** Browsing, newest first, keyset paged. */
    page: (corpId: number, filter: { typeId?: number; categoryId?: number }, page: KeysetPage) =>
      keyset(page, faqEntries.id, (limit, before) =>
        db
          .select(entryColumns)
          .from(faqEntries)
          .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
          .where(and(...inCategory(corpId, filter), before))
          .orderBy(desc(faqEntries.id))
          .limit(limit),
      ),

    /**
     * What the company's FAQ looks like now, cheaply: its entries' count, newest change and highest id. The
     * retrieval index of the company is rebuilt when this changes (an import, a form, a new entry).
     */
    corpusVersion: async (corpId: number) => {
      const [row] = await db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          changed: sql<string>`coalesce(max(${faqEntries.updatedAt})::text, '')`,
          last: sql<number>`coalesce(max(${faqEntries.id}), 0)`.mapWith(Number),
        })
        .from(faqEntries)
        .where(eq(faqEntries.corpId, corpId));
      return `${row?.count ?? 0}:${row?.changed ?? ''}:${row?.last ?? 0}`;
    },

    /** Every entry of the company with what retrieval indexes (title, keywords, body) and where it is filed. */
    corpus: (corpId: number): Promise<CorpusRow[]> =>
      db
        .select({ ...entryColumns, keywords: faqEntries.keywords, typeId: faqCategories.typeId })
        .from(faqEntries)
        .innerJoin(faqCategories, eq(faqCategories.id, faqEntries.categoryId))
        .where(eq(faqEntries.corpId, corpId))
        .orderBy(asc(faqEntries.id)),

    entry: (corpId: number, id: number) =>
      findFiledEntry(db, corpId, id, {
        ...entryColumns,
        typeName: faqTypes.name,
        notHelpful: faqEntries.notHelpful,
        updatedAt: faqEntries.updatedAt,
      }),

    /** Counts a view; answers whether the entry exists in the company. */
    addView: async (corpId: number, id: number) => {
      const rows = await db
        .update(faqEntries)
        .set({ views: sql`${faqEntries.views} + 1` })
        .where(and(eq(faqEntries.corpId, corpId), eq(faqEntries.id, id)))
        .returning({ id: faqEntries.id });
      return rows.length > 0;
    },

    myVote: async (corpId: number, entryId: number, staffId: number) => {
      const [row] = await db
        .select({ isHelpful: faqFeedback.isHelpful })
        .from(faqFeedback)
        .where(and(eq(faqFeedback.corpId, corpId), eq(faqFeedback.entryId, entryId), eq(faqFeedback.staffId, staffId)));
      return row?.isHelpful ?? null;
    },

    /** One vote per person: insert or move it, then recount the entry's two counters, in one transaction. */
    vote: (corpId: number, entryId: number, staffId: number, isHelpful: boolean) =>
      db.transaction(async (tx) => {
        const entry = await lockInCorp(tx, faqEntries, { id: faqEntries.id }, corpId, entryId);
        if (!entry) return null;
        await tx
          .insert(faqFeedback)
          .values({ corpId, entryId, staffId, isHelpful })
          .onConflictDoUpdate({
            target: [faqFeedback.corpId, faqFeedback.entryId, faqFeedback.staffId],
            set: { isHelpful },
          });
        const [counts] = await tx
          .update(faqEntries)
          .set({
            helpful: sql`(select count(*) from ${faqFeedback} where ${faqFeedback.corpId} = ${corpId} and ${faqFeedback.entryId} = ${entryId} and ${faqFeedback.isHelpful})`,
            notHelpful: sql`(select count(*) from ${faqFeedback} where ${faqFeedback.corpId} = ${corpId} and ${faqFeedback.entryId} = ${entryId} and not ${faqFeedback.isHelpful})`,
          })
          .where(and(eq(faqEntries.corpId, corpId), eq(faqEntries.id, entryId)))
          .returning({ helpful: faqEntries.helpful, notHelpful: faqEntries.notHelpful });
        return counts ?? null;
      }),

    image: async (corpId: number, id: number) => {
      const [row] = await db
        .select({ contentType: faqImages.contentType, data: faqImages.data })
        .from(faqImages)
        .where(and(eq(faqImages.corpId, corpId), eq(faqImages.id, id)));
      return row ?? null;
    },

    /** Types, categories, entries and images of an authored set, created or updated by name and key. */
    importEntries: (
      corpId: number,
      now: Date,
      build: (ids: {
        typeId: (name: string) => Promise<number>;
        categoryId: (typeId: number, name: string) => Promise<number>;
      }) => Promise<EntryWrite[]>,
    ) =>
      db.transaction(async (tx) => {
        const typeId = async (name: string) => {
          const [row] = await tx
            .insert(faqTypes)
            .values({ corpId, name })
            .onConflictDoUpdate({ target: [faqTypes.corpId, faqTypes.name], set: { name } })
            .returning({ id: faqTypes.id });
          if (!row) throw new Error('faq type not stored');
          return row.id;
        };
        const categoryId = async (type: number, name: string) => {
          const [row] = await tx
            .insert(faqCategories)
            .values({ corpId, typeId: type, name })
            .onConflictDoUpdate({
              target: [faqCategories.corpId, faqCategories.typeId, faqCategories.name],
              set: { name },
            })
            .returning({ id: faqCategories.id });
          if (!row) throw new Error('faq category not stored');
          return row.id;
        };
        const writes = await build({ typeId, categoryId });
        const ids: number[] = [];
        for (const write of writes) {
          const values = {
            corpId,
            categoryId: write.categoryId,
            sourceKey: write.key,
            title: write.title,
            keywords: write.keywords,
            titleTokens: write.titleTokens,
            searchTokens: write.searchTokens,
            updatedAt: now,
          };
          const [entry] = await tx
            .insert(faqEntries)
            .values({ ...values, body: '', createdAt: now })
            .onConflictDoUpdate({ target: [faqEntries.corpId, faqEntries.sourceKey], set: values })
            .returning({ id: faqEntries.id });
          if (!entry) throw new Error('faq entry not stored');
          await tx.delete(faqImages).where(and(eq(faqImages.corpId, corpId), eq(faqImages.entryId, entry.id)));
          const imageIds = new Map<string, number>();
          for (const image of write.images) {
            const [stored] = await tx
              .insert(faqImages)
              .values({ corpId, entryId: entry.id, ...image })
              .returning({ id: faqImages.id });
            if (stored) imageIds.set(image.name, stored.id);
          }
          await tx
            .update(faqEntries)
            .set({ body: write.body(imageIds) })
            .where(eq(faqEntries.id, entry.id));
          ids.push(entry.id);
        }
        return ids;
      }),

    /**
     * Takes one of the staff member's questions of this minute: inserts the window's counter or adds one to
     * it only while it is under the limit, in one statement (the row lock of ON CONFLICT serialises
     * concurrent questions). False when the limit is reached.
     */
    takeCopilotSlot: async (corpId: number, staffId: number, windowStart: Date, limit: number) => {
      const rows = await db
        .insert(faqCopilotUsage)
        .values({ corpId, staffId, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [faqCopilotUsage.corpId, faqCopilotUsage.staffId, faqCopilotUsage.windowStart],
          set: { count: sql`${faqCopilotUsage.count} + 1` },
          setWhere: sql`${faqCopilotUsage.count} < ${limit}`,
        })
        .returning({ count: faqCopilotUsage.count });
      return rows.length > 0;
    },

    /** Drops counters of windows already over. */
    sweepUsage: (before: Date) => db.delete(faqCopilotUsage).where(sql`${faqCopilotUsage.windowStart} < ${before}`),

    logQuestion: async (row: typeof faqQuestions.$inferInsert) => {
      const [stored] = await db.insert(faqQuestions).values(row).returning({ id: faqQuestions.id });
      if (!stored) throw new Error('question not logged');
      return stored.id;
    },

    /** The caller's own conversation, newest first. */
    history: (corpId: number, staffId: number, limit: number) =>
      db
        .select()
        .from(faqQuestions)
        .where(and(eq(faqQuestions.corpId, corpId), eq(faqQuestions.staffId, staffId)))
        .orderBy(desc(faqQuestions.id))
        .limit(limit),

    /** Questions nothing answered, newest first: for FAQ authors (the admin command lists them). */
    unanswered: (corpId: number, limit: number) =>
      db
        .select({ id: faqQuestions.id, question: faqQuestions.question, createdAt: faqQuestions.createdAt })
        .from(faqQuestions)
        .where(and(eq(faqQuestions.corpId, corpId), eq(faqQuestions.kind, 'unknown')))
        .orderBy(desc(faqQuestions.id))
        .limit(limit),

    /** Titles of entries of the company by id (a history's citations). */
    titles: async (corpId: number, ids: number[]) => {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: faqEntries.id, title: faqEntries.title })
        .from(faqEntries)
        .where(and(eq(faqEntries.corpId, corpId), sql`${faqEntries.id} = any(${sql.param(ids)}::integer[])`));
      return new Map(rows.map((r) => [r.id, r.title]));
    },

    /** The leader of the caller's team (the shared org kernel), whom the copilot offers to ask. */
    teamLeader: async (corpId: number, staffId: number) => {
      const [me] = await db
        .select({ teamId: staff.teamId })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, staffId)));
      if (!me?.teamId) return null;
      const [leader] = await db
        .select({ name: staff.name, phone: staff.phone })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.teamId, me.teamId), eq(staff.isLeader, true)))
        .orderBy(asc(staff.id))
        .limit(1);
      return leader ?? null;
    },
  };
}

export type FaqRepository = ReturnType<typeof createFaqRepository>;
