import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';

/*
 * Group sends to customers (群发, issue 50 point 2, decision 080): a leader or an admin writes a message for the
 * customers a filter picks (tag, source, owner); the product asks WeCom for one message task per owner
 * (externalcontact/add_msg_template), each owner confirms it in WeCom, and the product fetches who sent and who
 * received. WeCom lets a company reach one customer with at most four group messages a calendar month.
 */

/** Where WeCom keeps the pictures media/uploadimg took: the only addresses a group message's image may have. */
export const WECOM_IMAGE_URL = /^https:\/\/[a-z0-9.-]+\.qpic\.cn\/[^\s]+$/;

/** What groupSendImage answers: the uploaded picture's address on WeCom. */
export const groupSendImageSchema = z.object({ image_url: z.string() });

/** WeCom's rule: per customer, per calendar month, from the whole company. */
export const GROUP_SENDS_PER_MONTH = 4;

/** WeCom's text takes 4000 bytes; 1000 characters of Chinese stay inside it. */
export const GROUP_TEXT_MAX_CHARS = 1000;

/** A recipient's state, WeCom's numbers (get_groupmsg_send_result) and one of ours. */
export const RECIPIENT_STATUS = {
  0: '待成员发送',
  1: '已收到',
  2: '不是好友，未送达',
  3: '本月已收满，未送达',
  /** Ours: WeCom refused the owner's task, nothing was queued in WeCom. */
  9: '任务创建失败',
} as const;
export type RecipientStatus = keyof typeof RECIPIENT_STATUS;

/** An owner's task: WeCom's get_groupmsg_task status (0 not sent, 1 confirmed, 2 sent), and ours for a refusal. */
export const MEMBER_STATUS = { 0: '未发送', 1: '已确认', 2: '已发送', 9: '创建失败' } as const;
export type MemberStatus = keyof typeof MEMBER_STATUS;

const tagSchema = z.string().trim().min(1, '标签无效').max(20, '标签无效');
const sourceSchema = z.string().trim().min(1, '来源无效').max(40, '来源无效');

/** Who: customers with any of the tags, from any of the sources, of any of the owners; an empty list: any. */
export const groupAudienceSchema = z.object({
  owner_ids: z.array(rowIdSchema('成员无效')).max(500, '成员太多').default([]),
  tags: z.array(tagSchema).max(20, '标签太多').default([]),
  sources: z.array(sourceSchema).max(20, '来源太多').default([]),
});
export type GroupAudience = z.output<typeof groupAudienceSchema>;

export const groupSendOptionsSchema = z.object({
  owners: z.array(z.object({ id: z.number().int(), name: z.string(), bound: z.boolean() })),
  tags: z.array(z.string()),
  sources: z.array(z.string()),
  /** Activities that are on: a link to one goes with the text. */
  activities: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type GroupSendOptions = z.infer<typeof groupSendOptionsSchema>;

export const overLimitSchema = z.object({
  filing_id: z.number().int(),
  name: z.string(),
  owner_name: z.string(),
  /** Group messages this customer already has (or is queued for) this month. */
  received: z.number().int(),
});

export const groupPreviewSchema = z.object({
  /** The calendar month (China time) the limit counts in, 2026-11. */
  month: z.string(),
  limit: z.number().int(),
  /** Customers the filter picks. */
  matched: z.number().int(),
  /** Those a task would go to. */
  sendable: z.number().int(),
  /** Those already at the month's limit: a task leaves them out. */
  over_limit: z.array(overLimitSchema),
  /** Those whose owner has no WeCom account bound: no one can send to them. */
  unbound: z.number().int(),
});
export type GroupPreview = z.infer<typeof groupPreviewSchema>;

export const groupSendCreateSchema = groupAudienceSchema.extend({
  text: z
    .string({ error: '请填写群发内容' })
    .trim()
    .min(1, '请填写群发内容')
    .max(GROUP_TEXT_MAX_CHARS, `群发内容不能超过 ${GROUP_TEXT_MAX_CHARS} 个字`),
  activity_id: rowIdSchema('活动无效').nullable().default(null),
  /** A picture uploaded first (groupSendImage): WeCom's address of it; '' for none. */
  image_url: z
    .string()
    .trim()
    .default('')
    .refine((url) => url === '' || WECOM_IMAGE_URL.test(url), '图片无效，请重新上传'),
  /** The sender saw who is over the limit and agrees to leave them out; without it such a task is refused. */
  exclude_over_limit: z.boolean().default(false),
});

export const groupSendRowSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  activity_title: z.string(),
  image_url: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  month: z.string(),
  recipients: z.number().int(),
  received: z.number().int(),
  members: z.number().int(),
  members_sent: z.number().int(),
  /** When WeCom's results were last fetched; null before the first fetch. */
  fetched_at: z.string().nullable(),
});
export type GroupSendRow = z.infer<typeof groupSendRowSchema>;
export const groupSendListSchema = pageSchema(groupSendRowSchema);
export const groupSendListRequestSchema = pageRequestSchema;

export const groupSendDetailSchema = groupSendRowSchema.extend({
  /** One WeCom task per owner: who sent. */
  tasks: z.array(
    z.object({
      staff_id: z.number().int(),
      name: z.string(),
      status: z.number().int(),
      sent_at: z.string().nullable(),
      customers: z.number().int(),
      /** WeCom's words when its task could not be made. */
      error: z.string(),
    }),
  ),
  /** Who received. */
  customers: z.array(
    z.object({
      filing_id: z.number().int(),
      name: z.string(),
      owner_name: z.string(),
      status: z.number().int(),
      sent_at: z.string().nullable(),
    }),
  ),
});
export type GroupSendDetail = z.infer<typeof groupSendDetailSchema>;
export const groupSendIdSchema = z.object({ id: rowIdSchema('群发任务无效') });
