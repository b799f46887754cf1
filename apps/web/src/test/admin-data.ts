import { NO_RULES } from '@crm/domain/matching';
import type { AdminProduct, AdminRef, AdminStaff } from '@crm/domain/api/admin';
import type {
  adminActivitySchema,
  adminAuditSchema,
  adminFaqSchema,
  adminNoticeSchema,
  adminWhoamiSchema,
} from '@crm/domain/api/admin';
import type { z } from 'zod';
import * as E from '@crm/domain/endpoints/admin';
import { ok, type Answers, type FakeReply, on } from './render-page.tsx';

/** Back-office records as the server answers them (decision 057), typed by the shared schemas. */
export const aWhoami = (over: Partial<z.infer<typeof adminWhoamiSchema>> = {}) => ({
  corp_id: 1,
  corp_name: '易数科技',
  company_admin: true,
  platform_admin: false,
  ...over,
});

export const aStaff = (over: Partial<AdminStaff> = {}): AdminStaff => ({
  id: 7,
  name: '王小明',
  phone: '13800000007',
  team_id: 1,
  team_name: '销售一组',
  jobs: [2],
  is_leader: false,
  is_active: true,
  wxwork_id: null,
  grants: [],
  sex: 1,
  ...over,
});

export const aNotice = (over: Partial<z.infer<typeof adminNoticeSchema>> = {}) => ({
  id: 3,
  text: '本周六系统维护',
  status: 'warning' as const,
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: null,
  ...over,
});

export const anAuditRow = (over: Partial<z.infer<typeof adminAuditSchema>> = {}) => ({
  id: 11,
  actor_id: 1,
  actor_name: '赵管理',
  action: 'notice.update',
  entity: 'notice',
  entity_id: 3,
  before: { text: '旧公告' },
  after: { text: '新公告' },
  at: '2026-11-20T02:00:00.000Z',
  ...over,
});

export const aRef = (over: Partial<AdminRef> = {}): AdminRef => ({
  id: 1,
  parent_id: null,
  name: '招商银行',
  is_active: true,
  ...over,
});

export const aProduct = (over: Partial<AdminProduct> = {}): AdminProduct => ({
  id: 4,
  bank_id: 1,
  bank_name: '招商银行',
  name: '闪电贷',
  min_amount_fen: 1_000_000,
  max_amount_fen: 30_000_000,
  terms_months: [12, 24],
  fee_type: 1,
  rate_ppm: 3500,
  rules: NO_RULES,
  fees: [],
  repayment_method: null,
  is_active: true,
  ...over,
});

/** A row of the activity list (/admin/activities). */
export const anActivityRow = (over: Partial<z.infer<typeof adminActivitySchema>> = {}) => ({
  id: 2,
  key: 'summer-coupon-2026',
  type: 'coupon',
  title: '夏季满减券',
  starts_at: '2026-07-01T01:00:00.000Z',
  ends_at: '2026-07-31T13:00:00.000Z',
  ...over,
});

/** A row of the FAQ list (/admin/faq). */
export const aFaqRow = (over: Partial<z.infer<typeof adminFaqSchema>> = {}) => ({
  id: 3,
  key: 'loan-time',
  title: '放款要多久',
  type: '业务',
  category: '放款',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...over,
});

export const page = <T>(list: T[], next_cursor: number | null = null) => ok({ list, next_cursor });

/** The calls every back-office page makes besides its own: the caller's admin flags. */
export const adminApi = (
  answers: Answers,
  whoami: FakeReply<z.input<typeof E.whoami.response>> = ok(aWhoami()),
): Answers => [on(E.whoami, whoami), ...answers];
