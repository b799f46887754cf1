import { z } from 'zod';
import { optionalFilter } from './page.ts';
import { rowIdSchema } from './bounds.ts';
import { externalUseridSchema } from './chatter.ts';

/*
 * The approved scripts (话术库, issue 50 point 3, decision 080): what a salesperson may say in a customer's chat,
 * kept by the company's admin by topic, put into the chat from the sidebar tool, each use counted.
 */

/** The topics, in the sidebar's order, with their names. */
export const SCRIPT_TOPICS = {
  product: '产品介绍',
  documents: '所需材料',
  fees: '费用与综合成本',
  'no-promise': '不承诺审批',
} as const;
export type ScriptTopic = keyof typeof SCRIPT_TOPICS;
export const SCRIPT_TOPIC_KEYS = Object.keys(SCRIPT_TOPICS) as [ScriptTopic, ...ScriptTopic[]];

/** WeCom's text message takes at most 2048 bytes; a script stays well inside it in Chinese. */
export const SCRIPT_MAX_CHARS = 600;

export const scriptSchema = z.object({
  id: z.number().int(),
  topic: z.enum(SCRIPT_TOPIC_KEYS),
  title: z.string(),
  content: z.string(),
  is_active: z.boolean(),
  /** Times it was put into a chat, by anyone. */
  uses: z.number().int(),
  updated_at: z.string(),
});
export type Script = z.infer<typeof scriptSchema>;
export const scriptListSchema = z.object({ list: z.array(scriptSchema) });

/** The sidebar's search: a topic, words (in the title or the text), both optional. */
export const scriptSearchSchema = z.object({
  topic: optionalFilter(z.enum(SCRIPT_TOPIC_KEYS, { error: '话术分类无效' })),
  q: z.string().trim().max(30, '搜索词不能超过 30 个字').default(''),
});

export const scriptSaveSchema = z.object({
  id: rowIdSchema('话术无效').nullable().default(null),
  topic: z.enum(SCRIPT_TOPIC_KEYS, { error: '请选择话术分类' }),
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(30, '标题不能超过 30 个字'),
  content: z
    .string({ error: '请填写话术内容' })
    .trim()
    .min(1, '请填写话术内容')
    .max(SCRIPT_MAX_CHARS, `话术内容不能超过 ${SCRIPT_MAX_CHARS} 个字`),
  is_active: z.boolean().default(true),
});

/** A script put into a chat: which, and with whom (empty outside a single chat). */
export const scriptUseSchema = z.object({
  id: rowIdSchema('话术无效'),
  external_userid: z.union([z.literal(''), externalUseridSchema]).default(''),
});
export const scriptUsedSchema = z.object({ uses: z.number().int() });

/** The admin's view of the usage: each member's uses, most first. */
export const scriptUsageSchema = z.object({
  total: z.number().int(),
  members: z.array(z.object({ staff_id: z.number().int(), name: z.string(), uses: z.number().int() })),
});
export type ScriptUsage = z.infer<typeof scriptUsageSchema>;
