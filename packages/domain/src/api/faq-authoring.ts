import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';

/*
 * What FAQ authors keep beside the entries (issue 46, decision 069): the company's own synonym groups, on
 * top of the built-in table, and the questions the copilot could not answer.
 */

/** How many words a group may hold, and how long one may be. */
export const SYNONYM_MAX_WORDS = 20;
export const SYNONYM_MAX_LENGTH = 20;

/** A group as an author types it: words separated by spaces, commas or 、, normalised, repeats dropped. */
export function synonymWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s,，、;；/|]+/)
    .filter((word) => word !== '');
  return [...new Set(words)];
}

export const faqSynonymSchema = z.object({ id: z.number().int(), words: z.array(z.string()), updated_at: z.string() });
export const faqSynonymListSchema = z.object({ list: z.array(faqSynonymSchema) });

/** A new group (no id) or an edit of one. */
export const faqSynonymSaveSchema = z.object({
  id: rowIdSchema('同义词组无效').nullable().default(null),
  words: z
    .string({ error: '请填写同义词' })
    .transform(synonymWords)
    .refine((words) => words.length >= 2, '一组同义词至少两个词，用空格隔开')
    .refine((words) => words.length <= SYNONYM_MAX_WORDS, `一组同义词不能超过 ${SYNONYM_MAX_WORDS} 个词`)
    .refine(
      (words) => words.every((word) => word.length <= SYNONYM_MAX_LENGTH),
      `每个词不能超过 ${SYNONYM_MAX_LENGTH} 个字`,
    ),
});
export const faqSynonymIdSchema = z.object({ id: rowIdSchema('同义词组无效') });

/** One question the copilot could not answer, with how often it was asked and by whom last. */
export const faqUnansweredSchema = z.object({
  /** The last time it was asked: the row the 已处理 mark and the page's cursor name. */
  id: z.number().int(),
  question: z.string(),
  times: z.number().int(),
  last_asked_at: z.string(),
  last_asker: z.string(),
  /** The best relevance any entry reached, 0 to 100. */
  best_score: z.number().int(),
  handled: z.boolean(),
});
export const faqUnansweredRequestSchema = pageRequestSchema;
export const faqUnansweredPageSchema = pageSchema(faqUnansweredSchema).extend({
  /** Wordings in the list, and those of them not yet marked 已处理 (every page says both). */
  total: z.number().int(),
  open: z.number().int(),
});
export const faqUnansweredHandleSchema = z.object({ id: rowIdSchema('问题无效') });
export const faqUnansweredHandledSchema = z.object({ handled: z.number().int() });
