import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';

/*
 * 渠道活码 (issue 50 point 1, decision 083): a WeCom "contact me" QR (externalcontact/add_contact_way) made for a
 * channel, an activity or a partner, whose `state` names that source; a customer who adds the member through it
 * is tagged with it when WeCom's add-contact callback arrives.
 */

/** What a QR is for, in the form's order, with the word the lists show. */
export const CONTACT_WAY_KINDS = { channel: '渠道', activity: '活动', partner: '合作伙伴' } as const;
export type ContactWayKind = keyof typeof CONTACT_WAY_KINDS;
const KIND_KEYS = Object.keys(CONTACT_WAY_KINDS) as [ContactWayKind, ...ContactWayKind[]];

/** The label a customer file shows for its source: 渠道 · 地推-人民广场. */
export const contactWaySourceLabel = (kind: ContactWayKind, name: string) => `${CONTACT_WAY_KINDS[kind]} · ${name}`;

export const contactWaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(KIND_KEYS),
  /** The `state` WeCom hands back in the add-contact event. */
  state: z.string(),
  /** The member the customers are added to. */
  staff_id: z.number().int(),
  staff_name: z.string(),
  /** The QR image: WeCom's image URL, or (offline) a generated data: URL. */
  qr_code: z.string(),
  is_active: z.boolean(),
  /** Customers who added the member through it. */
  customers: z.number().int(),
  created_at: z.string(),
});
export type ContactWay = z.infer<typeof contactWaySchema>;

export const contactWayListSchema = z.object({
  list: z.array(contactWaySchema),
  /** Whether the caller may make QRs for other members (a company admin) or only for themselves. */
  for_others: z.boolean(),
  /** The offline WeCom: a QR can "be scanned" by a simulated customer (模拟扫码添加). */
  demo: z.boolean(),
});

export const contactWayCreateSchema = z.object({
  name: z.string({ error: '请填写名称' }).trim().min(1, '请填写名称').max(30, '名称不能超过 30 个字'),
  kind: z.enum(KIND_KEYS, { error: '请选择来源类型' }),
  /** The member the customers go to; left out: the caller. Another member: company admins only. */
  staff_id: rowIdSchema('成员无效').nullable().default(null),
});

export const contactWayIdSchema = z.object({ id: rowIdSchema('渠道活码无效') });

/** One source's numbers: customers who came through it, and how many of them became cases. */
export const contactWayStatSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  kind: z.enum(KIND_KEYS).nullable(),
  is_active: z.boolean(),
  customers: z.number().int(),
  cases: z.number().int(),
});
export const contactWayStatsSchema = z.object({
  list: z.array(contactWayStatSchema),
  /** The same numbers by kind of source. */
  by_kind: z.array(z.object({ kind: z.enum(KIND_KEYS), customers: z.number().int(), cases: z.number().int() })),
  total: z.object({ customers: z.number().int(), cases: z.number().int() }),
});
export type ContactWayStats = z.infer<typeof contactWayStatsSchema>;

/** The members a QR can be made for (a company admin's form). */
export const contactWayMembersSchema = z.object({
  list: z.array(z.object({ id: z.number().int(), name: z.string(), bound: z.boolean() })),
});

/** What a simulated scan added (offline only). */
export const contactWaySimulatedSchema = z.object({ external_userid: z.string(), name: z.string() });
