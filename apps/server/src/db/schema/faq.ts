import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * The FAQ and its copilot (问答与智能助手, issue 14, decision 053): types, categories, entries with their
 * images, feedback, the copilot's conversation log and its per-staff rate counter. Only modules/faq imports
 * this file. Retrieval reads the entries into an in-memory index (decision 069): no search column or
 * index is kept here (migration 0031 dropped 053's tokens and their GIN and trigram indexes).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A top-level type (业务类型): 产品政策, 材料与补件, 佣金与结算 … */
export const faqTypes = pgTable(
  'faq_types',
  {
    id: identity(),
    corpId: companyRef(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), uniqueIndex().on(t.corpId, t.name)],
);

/** A category inside a type. */
export const faqCategories = pgTable(
  'faq_categories',
  {
    id: identity(),
    corpId: companyRef(),
    typeId: integer().notNull(),
    name: text().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('faq_categories_type_id_fk', t.corpId, t.typeId, () => faqTypes),
    uniqueIndex().on(t.corpId, t.typeId, t.name),
  ],
);

/**
 * An entry. `body` is the authored Markdown (paragraphs, lists, bold, images as `faq-image:ID`).
 * `sourceKey` names the authored file, so importing a folder again updates rather than duplicates.
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: identity(),
    corpId: companyRef(),
    categoryId: integer().notNull(),
    sourceKey: text().notNull(),
    title: text().notNull(),
    keywords: text().notNull().default(''),
    body: text().notNull(),
    views: integer().notNull().default(0),
    helpful: integer().notNull().default(0),
    notHelpful: integer().notNull().default(0),
    createdAt: timestamptzNow(),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('faq_entries_category_id_fk', t.corpId, t.categoryId, () => faqCategories),
    uniqueIndex().on(t.corpId, t.sourceKey),
    index().on(t.corpId, t.categoryId, t.id),
  ],
);

/** An image of an entry, kept in the database: authored images are few and small, and travel with the entry. */
export const faqImages = pgTable(
  'faq_images',
  {
    id: identity(),
    corpId: companyRef(),
    entryId: integer().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    data: bytea().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('faq_images_entry_id_fk', t.corpId, t.entryId, () => faqEntries).onDelete('cascade'),
    uniqueIndex().on(t.corpId, t.entryId, t.name),
  ],
);

/** One vote per staff member per entry; changing one's mind moves the vote. */
export const faqFeedback = pgTable(
  'faq_feedback',
  {
    corpId: companyRef(),
    entryId: integer().notNull(),
    staffId: staffRef(),
    isHelpful: boolean().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    corpRef('faq_feedback_entry_id_fk', t.corpId, t.entryId, () => faqEntries).onDelete('cascade'),
    corpRef('faq_feedback_staff_id_fk', t.corpId, t.staffId, () => staff),
    primaryKey({ columns: [t.corpId, t.entryId, t.staffId] }),
  ],
);

/**
 * The copilot's conversation, one row per question and its answer, per staff member. `kind`: direct (an
 * entry answered it), model, extractive (no model configured), unknown (nothing relevant: logged for FAQ
 * authors). `citedIds` are the entries the answer cites, always among those retrieved.
 */
export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: identity(),
    corpId: companyRef(),
    staffId: staffRef(),
    question: text().notNull(),
    answer: text().notNull(),
    kind: text({ enum: ['direct', 'model', 'extractive', 'unknown'] }).notNull(),
    citedIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    topScore: smallint().notNull().default(0),
    createdAt: timestamptz().notNull(),
    /** An FAQ author marked the question 已处理 (an unknown one: the list of unanswered questions). */
    handledAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('faq_questions_staff_id_fk', t.corpId, t.staffId, () => staff),
    index().on(t.corpId, t.staffId, t.id),
    index('faq_questions_unanswered')
      .on(t.corpId, t.id)
      .where(sql`kind = 'unknown'`),
  ],
);

/**
 * A company's own synonym groups (issue 46), on top of the built-in table (retrieval/trade-synonyms.ts):
 * words that mean the same to its staff, normalised (NFKC, lower case), at least two. Retrieval reads them
 * with the entries: a change rebuilds the company's index on the next question.
 */
export const faqSynonyms = pgTable(
  'faq_synonyms',
  {
    id: identity(),
    corpId: companyRef(),
    words: text().array().notNull(),
    updatedAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.id)],
);

/**
 * The copilot's rate counter: questions a staff member asked in one minute window. Taken by one conditional
 * upsert (`count < limit`), so concurrent questions can never pass the limit together.
 */
export const faqCopilotUsage = pgTable(
  'faq_copilot_usage',
  {
    corpId: companyRef(),
    staffId: staffRef(),
    windowStart: timestamptz().notNull(),
    count: integer().notNull(),
  },
  (t) => [
    corpRef('faq_copilot_usage_staff_id_fk', t.corpId, t.staffId, () => staff),
    primaryKey({ columns: [t.corpId, t.staffId, t.windowStart] }),
  ],
);
