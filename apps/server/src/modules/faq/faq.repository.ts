import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
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
  faqSynonyms,
  faqTypes,
} from '../../db/schema/faq.ts';
import { staff } from '../../db/schema/staff.ts';
import { recordAudit } from '../admin/index.ts';

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
      // The company's synonyms are part of what the index is built from: a group added, edited or deleted changes it.
      const [words] = await db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          changed: sql<string>`coalesce(max(${faqSynonyms.updatedAt})::text, '')`,
          last: sql<number>`coalesce(max(${faqSynonyms.id}), 0)`.mapWith(Number),
        })
        .from(faqSynonyms)
        .where(eq(faqSynonyms.corpId, corpId));
      return `${row?.count ?? 0}:${row?.changed ?? ''}:${row?.last ?? 0}|${words?.count ?? 0}:${words?.changed ?? ''}:${words?.last ?? 0}`;
    },

    /** The company's own synonym groups, oldest first (a word already in an earlier group keeps that group). */
    synonyms: (corpId: number) =>
      db
        .select({ id: faqSynonyms.id, words: faqSynonyms.words, updatedAt: faqSynonyms.updatedAt })
        .from(faqSynonyms)
        .where(eq(faqSynonyms.corpId, corpId))
        .orderBy(asc(faqSynonyms.id)),

    /**
     * Adds a group (no id) or rewrites one of the company's, with its audit line (the group before and after) in
     * the same transaction, as every back-office edit (decision 057); null when the id is not the company's.
     */
    saveSynonym: (corpId: number, actorId: number, id: number | null, words: string[], at: Date) =>
      db.transaction(async (tx) => {
        const columns = { id: faqSynonyms.id, words: faqSynonyms.words, updatedAt: faqSynonyms.updatedAt };
        const mine = and(eq(faqSynonyms.corpId, corpId), eq(faqSynonyms.id, id ?? 0));
        const [before] = id === null ? [] : await tx.select(columns).from(faqSynonyms).where(mine).for('update');
        if (id !== null && !before) return null;
        const [row] = before
          ? await tx.update(faqSynonyms).set({ words, updatedAt: at }).where(mine).returning(columns)
          : await tx.insert(faqSynonyms).values({ corpId, words, updatedAt: at }).returning(columns);
        if (!row) return null;
        await recordAudit(tx, {
          corpId,
          actorId,
          action: before ? 'faq.synonym.update' : 'faq.synonym.add',
          entity: 'faq_synonym',
          entityId: row.id,
          before: before ? { words: before.words } : null,
          after: { words: row.words },
          at,
        });
        return row;
      }),

    /** Deletes one of the company's groups with its audit line; answers whether it was there. */
    deleteSynonym: (corpId: number, actorId: number, id: number, at: Date) =>
      db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(faqSynonyms)
          .where(and(eq(faqSynonyms.corpId, corpId), eq(faqSynonyms.id, id)))
          .returning({ id: faqSynonyms.id, words: faqSynonyms.words });
        if (!gone) return false;
        await recordAudit(tx, {
          corpId,
          actorId,
          action: 'faq.synonym.delete',
          entity: 'faq_synonym',
          entityId: gone.id,
          before: { words: gone.words },
          after: null,
          at,
        });
        return true;
      }),

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

    /**
     * The questions nothing answered, one row per wording, newest ask first, keyset paged on the last ask's id:
     * how often it was asked, the last asker, the best relevance any ask reached, and whether every ask of it
     * is marked handled (a new ask after the mark shows it again).
     */
    unansweredPage: async (corpId: number, cursor: number | null, limit: number) => {
      const lastId = sql<number>`max(${faqQuestions.id})`.mapWith(Number);
      const rows = await db
        .select({
          id: lastId,
          question: faqQuestions.question,
          times: sql<number>`count(*)`.mapWith(Number),
          lastAskedAt: sql<string>`max(${faqQuestions.createdAt})`.mapWith((v: string | Date) => new Date(v)),
          lastAskerId: sql<number>`(array_agg(${faqQuestions.staffId} order by ${faqQuestions.id} desc))[1]`.mapWith(
            Number,
          ),
          bestScore: sql<number>`max(${faqQuestions.topScore})`.mapWith(Number),
          handled: sql<boolean>`bool_and(${faqQuestions.handledAt} is not null)`,
        })
        .from(faqQuestions)
        .where(and(eq(faqQuestions.corpId, corpId), eq(faqQuestions.kind, 'unknown')))
        .groupBy(faqQuestions.question)
        .having(cursor === null ? undefined : sql`max(${faqQuestions.id}) < ${cursor}`)
        .orderBy(desc(lastId))
        .limit(limit + 1);
      const askers = [...new Set(rows.map((r) => r.lastAskerId))];
      const names =
        askers.length === 0
          ? new Map<number, string>()
          : new Map(
              (
                await db
                  .select({ id: staff.id, name: staff.name })
                  .from(staff)
                  .where(and(eq(staff.corpId, corpId), sql`${staff.id} = any(${sql.param(askers)}::integer[])`))
              ).map((r) => [r.id, r.name]),
            );
      return rows.map((r) => ({ ...r, lastAsker: names.get(r.lastAskerId) ?? '' }));
    },

    /** How many wordings the unanswered list holds, and how many of them wait for an author (not all asks handled). */
    unansweredCount: async (corpId: number) => {
      const [row] = await db
        .select({
          total: sql<number>`count(distinct ${faqQuestions.question})`.mapWith(Number),
          open: sql<number>`count(distinct ${faqQuestions.question}) filter (where ${faqQuestions.handledAt} is null)`.mapWith(
            Number,
          ),
        })
        .from(faqQuestions)
        .where(and(eq(faqQuestions.corpId, corpId), eq(faqQuestions.kind, 'unknown')));
      return { total: row?.total ?? 0, open: row?.open ?? 0 };
    },

    /** Marks every unhandled ask of the question the row `id` holds handled; null when the row is not the company's unanswered one. */
    markHandled: async (corpId: number, id: number, at: Date) => {
      const [row] = await db
        .select({ question: faqQuestions.question })
        .from(faqQuestions)
        .where(and(eq(faqQuestions.corpId, corpId), eq(faqQuestions.id, id), eq(faqQuestions.kind, 'unknown')));
      if (!row) return null;
      const marked = await db
        .update(faqQuestions)
        .set({ handledAt: at })
        .where(
          and(
            eq(faqQuestions.corpId, corpId),
            eq(faqQuestions.kind, 'unknown'),
            eq(faqQuestions.question, row.question),
            sql`${faqQuestions.handledAt} is null`,
          ),
        )
        .returning({ id: faqQuestions.id });
      return marked.length;
    },

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

/** The retention sweep (decision 071): the copilot's log of one company older than its log period. */
export async function purgeFaqQuestions(ex: Db, corpId: number, before: Date) {
  const gone = await ex
    .delete(faqQuestions)
    .where(and(eq(faqQuestions.corpId, corpId), lt(faqQuestions.createdAt, before)))
    .returning({ id: faqQuestions.id });
  return gone.length;
}
