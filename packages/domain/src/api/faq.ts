import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { namedSchema } from './rows.ts';

/*
 * The FAQ calls (spec §2 /faq, §7 faqType, faqCategory, faqList, faqDetail, faqCopilot; issue 14,
 * docs/decisions/053), plus faqFeedback, faqImage and faqCopilotHistory, which the spec's screens imply.
 */

const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === 'null' || v === '0' || v == null ? undefined : v),
    rowIdSchema(message).optional(),
  );

export const faqTypeSchema = namedSchema;
export type FaqType = z.infer<typeof faqTypeSchema>;
export const faqTypeListSchema = z.array(faqTypeSchema);

export const faqCategoryRequestSchema = z.object({ type_id: optionalId('分类无效') });
export const faqCategorySchema = z.object({ id: z.number().int(), type_id: z.number().int(), name: z.string() });
export type FaqCategory = z.infer<typeof faqCategorySchema>;
export const faqCategoryListSchema = z.array(faqCategorySchema);

export const faqListRequestSchema = pageRequestSchema.extend({
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: '搜索词无效' }).max(100, '搜索词不能超过100个字').optional(),
  ),
  type_id: optionalId('分类无效'),
  category_id: optionalId('分类无效'),
});
export type FaqListRequest = z.input<typeof faqListRequestSchema>;

export const faqListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  views: z.number().int(),
  helpful: z.number().int(),
});
export type FaqListItem = z.infer<typeof faqListItemSchema>;
/** A search answers the best matches in rank order on one page (next_cursor null); browsing pages by id. */
export const faqPageSchema = pageSchema(faqListItemSchema);
export type FaqPage = z.infer<typeof faqPageSchema>;

export const faqIdRequestSchema = z.object({ id: rowIdSchema('问答编号无效') });

const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('item'), text: z.string(), ordered: z.boolean() }),
  z.object({ type: z.literal('image'), alt: z.string(), imageId: z.number().int(), url: z.string() }),
]);
export type FaqDetailBlock = z.infer<typeof blockSchema>;

export const faqDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  type_name: z.string(),
  category_name: z.string(),
  blocks: z.array(blockSchema),
  views: z.number().int(),
  helpful: z.number().int(),
  not_helpful: z.number().int(),
  /** The caller's own vote: true, false, or null before voting. */
  my_vote: z.boolean().nullable(),
  updated_at: z.string(),
});
export type FaqDetail = z.infer<typeof faqDetailSchema>;

export const faqFeedbackRequestSchema = z.object({
  id: rowIdSchema('问答编号无效'),
  helpful: z
    .enum(['true', 'false', '1', '0'], { error: '请选择有帮助或没帮助' })
    .transform((v) => v === 'true' || v === '1'),
});
export const faqFeedbackSchema = z.object({ helpful: z.number().int(), not_helpful: z.number().int() });

export const faqCopilotRequestSchema = z.object({
  question: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: '请输入问题' }).min(2, '问题太短，请多写几个字').max(300, '问题不能超过300个字'),
  ),
});

export const faqCitationSchema = z.object({ n: z.number().int(), id: z.number().int(), title: z.string() });
export type FaqCitation = z.infer<typeof faqCitationSchema>;

/** How an answer was made: an entry answered it, a model, the extractive answerer, or nothing relevant. */
export const copilotKindSchema = z.enum(['direct', 'model', 'extractive', 'unknown']);
export type CopilotKind = z.infer<typeof copilotKindSchema>;

export const faqLeaderSchema = z.object({ name: z.string(), phone: z.string() }).nullable();

/** A whole answer: the JSON fallback of faqCopilot, and each turn of the history. */
export const faqAnswerSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  kind: copilotKindSchema,
  citations: z.array(faqCitationSchema),
  leader: faqLeaderSchema,
});
export type FaqAnswer = z.infer<typeof faqAnswerSchema>;

export const faqHistorySchema = z.array(faqAnswerSchema);

/**
 * The events of faqCopilot's stream (`text/event-stream`, one JSON object per `data:` line):
 * `delta` text as it comes, `replace` (the whole text again, when the server withdrew a model's answer),
 * `done` the final answer with the citations actually used, `error` a message when the stream broke.
 */
export const copilotEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('replace'), text: z.string() }),
  z.object({ type: z.literal('done'), answer: faqAnswerSchema }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
export type CopilotEvent = z.infer<typeof copilotEventSchema>;
