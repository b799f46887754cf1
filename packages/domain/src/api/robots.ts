import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';

/*
 * A company's WeCom group robots (issue 50 point 4, decision 076): a group's webhook the admin connects, and the
 * events it is told of. The key is a secret: once saved it is only ever shown masked.
 */

/** The events a robot can be told of, in the form's order, with their names. */
export const ROBOT_EVENTS = {
  'case-created': '新进件',
  'case-approved': '审批通过',
  'case-disbursed': '放款',
  'pool-claimed': '公海认领',
} as const;
export type RobotEvent = keyof typeof ROBOT_EVENTS;
export const ROBOT_EVENT_KEYS = Object.keys(ROBOT_EVENTS) as RobotEvent[];

/** What WeCom hands out for a robot: `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=<UUID>`. */
export const ROBOT_WEBHOOK_PREFIX = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=';
const KEY = /^[A-Za-z0-9-]{16,64}$/;

/**
 * The key of a webhook as an admin pastes it: the whole URL WeCom shows, or the key alone; null when it is
 * neither (another host, no key).
 */
export function robotKeyOf(typed: string): string | null {
  const text = typed.trim();
  if (KEY.test(text)) return text;
  // The URL exactly as WeCom shows it: the domain package has no URL parser, and no other form is WeCom's.
  const match = /^https:\/\/qyapi\.weixin\.qq\.com\/cgi-bin\/webhook\/send\?(?:[^#]*&)?key=([^&#]*)(?:[&#].*)?$/.exec(
    text,
  );
  const key = match?.[1] ?? '';
  return KEY.test(key) ? key : null;
}

/** How a stored key is shown: the URL with the key's first and last four characters. */
export const maskedRobotWebhook = (key: string) => `${ROBOT_WEBHOOK_PREFIX}${key.slice(0, 4)}****${key.slice(-4)}`;

export const robotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The team whose events it hears; null: the whole company's. */
  team_id: z.number().int().nullable(),
  team_name: z.string(),
  /** The webhook, masked. */
  webhook: z.string(),
  events: z.array(z.enum(ROBOT_EVENT_KEYS as [RobotEvent, ...RobotEvent[]])),
  is_active: z.boolean(),
  /** When a post last failed for good, and WeCom's words; '' when none has. */
  last_error: z.string(),
  updated_at: z.string(),
});
export type Robot = z.infer<typeof robotSchema>;
export const robotListSchema = z.object({ list: z.array(robotSchema) });

/** A new robot (no id, a webhook required) or an edit of one (an empty webhook keeps the stored one). */
export const robotSaveSchema = z
  .object({
    id: rowIdSchema('机器人无效').nullable().default(null),
    name: z.string({ error: '请填写名称' }).trim().min(1, '请填写名称').max(30, '名称不能超过 30 个字'),
    team_id: rowIdSchema('团队无效').nullable().default(null),
    webhook: z
      .string()
      .trim()
      .default('')
      .refine((typed) => typed === '' || robotKeyOf(typed) !== null, '请粘贴企业微信群机器人的 Webhook 地址'),
    events: z
      .array(z.enum(ROBOT_EVENT_KEYS as [RobotEvent, ...RobotEvent[]], { error: '通知事件无效' }))
      .min(1, '请至少选一个通知事件')
      .transform((events) => [...new Set(events)]),
    is_active: z.boolean().default(true),
  })
  .refine((form) => form.id !== null || form.webhook !== '', {
    message: '请粘贴企业微信群机器人的 Webhook 地址',
    path: ['webhook'],
  });
export const robotIdSchema = z.object({ id: rowIdSchema('机器人无效') });
