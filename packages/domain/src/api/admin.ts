import { z } from 'zod';
import { phoneSchema } from '../validation/index.ts';
import { rowIdSchema } from './bounds.ts';
import { NO_RULES, productRulesSchema } from '../matching/rules.ts';
import { productFeeSchema, productFeesSchema } from '../matching/fees.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { actorFields, corpFields, namedFields, personFields } from './rows.ts';

/*
 * The back office's calls (/api/admin/..., decision 057): a company admin's staff, teams, notices,
 * settings and audit log, and the platform admin's companies. JSON bodies; every write is audited.
 */

const name = (what: string, max = 40) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}不能超过 ${max} 个字`);

/** Jobs of spec §6 a staff member may hold (2 signing … 6 rebate only). */
export const ADMIN_JOBS = [2, 3, 4, 5, 6] as const;
const jobsSchema = z
  .array(z.union(ADMIN_JOBS.map((job) => z.literal(job)) as [z.ZodLiteral<2>, ...z.ZodLiteral<number>[]]), {
    error: '岗位无效',
  })
  .max(ADMIN_JOBS.length)
  .transform((jobs) => [...new Set(jobs)].sort());

/** Grants a company admin may give: the platform grant is the operator's alone. */
export const COMPANY_GRANTS = ['sign.reject.approve', 'company.admin'] as const;

export const adminWhoamiSchema = z.object({
  ...corpFields,
  company_admin: z.boolean(),
  platform_admin: z.boolean(),
});

export const adminStaffSchema = z.object({
  ...personFields,
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  jobs: z.array(z.number().int()),
  is_leader: z.boolean(),
  is_active: z.boolean(),
  wxwork_id: z.string().nullable(),
  grants: z.array(z.string()),
  /** 0 unknown, 1 male, 2 female (the signer tiles' icon). */
  sex: z.number().int(),
});
export type AdminStaff = z.infer<typeof adminStaffSchema>;
export const adminStaffListRequestSchema = pageRequestSchema.extend({
  q: z.string().trim().max(40).optional(),
});
export const adminStaffListSchema = pageSchema(adminStaffSchema);

export const adminStaffAddSchema = z.object({
  name: name('姓名'),
  phone: phoneSchema,
  team_id: rowIdSchema('团队无效').nullable().default(null),
  jobs: jobsSchema.default([]),
  is_leader: z.boolean().default(false),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
});
export const adminStaffUpdateSchema = z.object({
  id: rowIdSchema('员工无效'),
  name: name('姓名').optional(),
  team_id: rowIdSchema('团队无效').nullable().optional(),
  jobs: jobsSchema.optional(),
  is_leader: z.boolean().optional(),
  is_active: z.boolean().optional(),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '性别无效' }).optional(),
  grants: z
    .array(z.enum(COMPANY_GRANTS, { error: '授权无效' }))
    .max(COMPANY_GRANTS.length)
    .transform((grants) => [...new Set(grants)].sort())
    .optional(),
});

export const adminTeamSchema = z.object({ ...namedFields, members: z.number().int() });
export const adminTeamListSchema = z.array(adminTeamSchema);
/** A renamed team, as its update answers. */
export const adminTeamRenamedSchema = z.object({ id: z.number(), name: z.string() });
export const adminTeamAddSchema = z.object({ name: name('团队名称') });
export const adminTeamUpdateSchema = z.object({ id: rowIdSchema('团队无效'), name: name('团队名称') });

const NOTICE_STATUS = ['info', 'warning', 'error'] as const;
/** An ISO time with its zone; an empty one is asked for by the field's label rather than called malformed. */
const isoTime = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .min(1, `请填写${label}`)
    .pipe(z.iso.datetime({ offset: true, error: `${label}格式无效` }));
export const adminNoticeSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  status: z.enum(NOTICE_STATUS),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export const adminNoticeListSchema = z.array(adminNoticeSchema);
export const adminNoticeAddSchema = z.object({
  text: name('公告内容', 200),
  status: z.enum(NOTICE_STATUS, { error: '公告级别无效' }).default('info'),
  starts_at: isoTime('开始时间'),
  ends_at: isoTime('结束时间').nullable().default(null),
});
/** Only what is sent changes (no defaults here: an edit of the text keeps the level). */
export const adminNoticeUpdateSchema = z.object({
  id: rowIdSchema('公告无效'),
  text: name('公告内容', 200).optional(),
  status: z.enum(NOTICE_STATUS, { error: '公告级别无效' }).optional(),
  starts_at: isoTime('开始时间').optional(),
  ends_at: isoTime('结束时间').nullable().optional(),
});

/** The shortest log retention a company may set: six months (Cybersecurity Law art. 21). */
export const LOG_RETENTION_MIN_MONTHS = 6;
/** The retention defaults of a new company (decision 071). */
export const RETENTION_DEFAULTS = { logRetentionMonths: 12, closedCaseRetentionYears: 5 } as const;

export const adminSettingsSchema = z.object({
  referral_protection_days: z
    .number({ error: '保护期无效' })
    .int('保护期须为整数天')
    .min(1, '保护期至少 1 天')
    .max(365, '保护期最多 365 天'),
  over_limit_rate_bp: z
    .number({ error: '超限返佣比例无效' })
    .int('超限返佣比例须为整数（万分之一）')
    .min(1, '超限返佣比例至少万分之一')
    .max(10_000, '超限返佣比例最多 100%'),
  over_limit_amount_fen: z
    .number({ error: '超限返佣金额无效' })
    .int('金额须为整数（分）')
    .min(1, '超限返佣金额至少 1 分')
    .max(100_000_000_00, '超限返佣金额过大'),
  /** The all-in cost's warning line (decision 068), basis points of a year; 36 % is the hard limit. Kept when not sent. */
  all_in_cost_cap_bp: z
    .number({ error: '综合成本预警线无效' })
    .int('综合成本预警线须为整数（万分之一）')
    .min(100, '综合成本预警线至少 1%')
    .max(3600, '综合成本预警线最多 36%')
    .optional(),
  // The commission ledger (decision 067); left out of a change, each keeps its value.
  clawback_window_days: z
    .number({ error: '追回期限无效' })
    .int('追回期限须为整数天')
    .min(1, '追回期限至少 1 天')
    .max(730, '追回期限最多 730 天')
    .optional(),
  clawback_partial: z.boolean({ error: '按比例追回无效' }).optional(),
  /** 1–28: every month has the day. */
  statement_day: z
    .number({ error: '对账日无效' })
    .int('对账日须为整数')
    .min(1, '对账日至少每月 1 日')
    .max(28, '对账日最晚每月 28 日')
    .optional(),
  partner_commission_bp: z
    .number({ error: '合伙人返佣比例无效' })
    .int('合伙人返佣比例须为整数（万分之一）')
    .min(0, '合伙人返佣比例不能为负')
    .max(1000, '合伙人返佣比例最多 10%')
    .optional(),
  // Customer ownership (decision 066); left out of a change, each keeps its value.
  pool_days: z
    .number({ error: '回收天数无效' })
    .int('回收天数须为整数')
    .min(1, '回收天数至少 1 天')
    .max(365, '回收天数最多 365 天')
    .optional(),
  pool_warn_days: z
    .number({ error: '提前提醒天数无效' })
    .int('提前提醒天数须为整数')
    .min(0, '提前提醒天数不能为负')
    .max(30, '提前提醒天数最多 30 天')
    .optional(),
  pool_claims_per_day: z
    .number({ error: '每日领取上限无效' })
    .int('每日领取上限须为整数')
    .min(0, '每日领取上限不能为负')
    .max(1000, '每日领取上限最多 1000')
    .optional(),
  /** Days a case may go with no follow-up planned before its owner is nudged (twice that: the leader); 0: off. */
  nudge_days: z
    .number({ error: '未安排跟进提醒天数无效' })
    .int('未安排跟进提醒天数须为整数')
    .min(0, '未安排跟进提醒天数不能为负（0 为不提醒）')
    .max(90, '未安排跟进提醒天数最多 90 天')
    .optional(),
  /** E-sign (issue 48): days an unsigned order's link lives before the order expires. */
  esign_expiry_days: z
    .number({ error: '签署有效天数无效' })
    .int('签署有效天数须为整数')
    .min(1, '签署有效天数至少 1 天')
    .max(90, '签署有效天数最多 90 天')
    .optional(),
  duplicate_checks_per_day: z
    .number({ error: '每日查重上限无效' })
    .int('每日查重上限须为整数')
    .min(1, '每日查重上限至少 1 次')
    .max(10_000, '每日查重上限最多 10000 次')
    .optional(),
  // Retention (issue 41, decision 071); left out of a change, each keeps its value.
  /** Months the view log, audit log and duplicate-check log are kept: at least six (Cybersecurity Law art. 21). */
  log_retention_months: z
    .number({ error: '日志保存期限无效' })
    .int('日志保存期限须为整数月')
    .min(LOG_RETENTION_MIN_MONTHS, `日志至少保存 ${LOG_RETENTION_MIN_MONTHS} 个月（网络安全法第二十一条）`)
    .max(120, '日志保存期限最多 120 个月')
    .optional(),
  /** Years after a case closed (rejected, disbursed, returned) before its client's personal data is erased. */
  closed_case_retention_years: z
    .number({ error: '结案保存年限无效' })
    .int('结案保存年限须为整数年')
    .min(1, '结案保存年限至少 1 年')
    .max(30, '结案保存年限最多 30 年')
    .optional(),
});

export const adminAuditSchema = z.object({
  id: z.number().int(),
  ...actorFields,
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
});
export const adminAuditListSchema = pageSchema(adminAuditSchema);

export const adminCompanySchema = z.object({
  ...namedFields,
  is_active: z.boolean(),
  staff: z.number().int(),
});
export const adminCompanyListSchema = z.array(adminCompanySchema);
export const adminCompanyAddSchema = z.object({
  name: name('公司名称'),
  admin_name: name('管理员姓名'),
  admin_phone: phoneSchema,
});
export const adminCompanyUpdateSchema = z.object({
  id: rowIdSchema('公司无效'),
  name: name('公司名称').optional(),
  is_active: z.boolean().optional(),
});

// ---- reference lists (banks and branches, channels, sources, cities; products below) ----

/**
 * The named reference lists of the back office: banks (a bank's branches carry its id as parent), the
 * two-level channel tree, sources, and cities (provinces and their cities, the same for every company:
 * only the platform admin changes them, keyed by their administrative code).
 */
export const REF_KINDS = ['bank', 'channel', 'source', 'city'] as const;
export type RefKind = (typeof REF_KINDS)[number];
const refKindSchema = z.enum(REF_KINDS, { error: '列表类型无效' });

export const adminRefSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  is_active: z.boolean(),
});
export type AdminRef = z.infer<typeof adminRefSchema>;
export const adminRefListRequestSchema = pageRequestSchema.extend({
  kind: refKindSchema,
  /** Absent: the top level (banks, first-level channels, provinces); else that row's children. */
  parent_id: rowIdSchema('上级无效').optional(),
});
export const adminRefListSchema = pageSchema(adminRefSchema);
export const adminRefAddSchema = z.object({
  kind: refKindSchema,
  parent_id: rowIdSchema('上级无效').nullable().default(null),
  name: name('名称'),
  /** A city's administrative code (6 digits): its id. Other lists number their rows themselves. */
  code: z.number().int().min(100000, '城市代码须为 6 位数字').max(999999, '城市代码须为 6 位数字').optional(),
});
export const adminRefUpdateSchema = z.object({
  kind: refKindSchema,
  id: rowIdSchema('记录无效'),
  name: name('名称').optional(),
  is_active: z.boolean().optional(),
});

// ---- products: a bank's loan product with its amounts (fen), terms and price (decision 051) ----

export const PRODUCT_FEE_TYPES = [1, 2, 3] as const;
const amountFen = (what: string) =>
  z
    .number({ error: `${what}无效` })
    .int(`${what}须为整数（分）`)
    .min(0, `${what}不能为负`)
    .max(100_000_000_00, `${what}过大`);
export const adminProductSchema = z.object({
  id: z.number().int(),
  bank_id: z.number().int().nullable(),
  bank_name: z.string(),
  name: z.string(),
  min_amount_fen: z.number().int(),
  max_amount_fen: z.number().int(),
  terms_months: z.array(z.number().int()),
  fee_type: z.number().int().nullable(),
  rate_ppm: z.number().int().nullable(),
  repayment_method: z.number().int().nullable(),
  /** Admission rules (准入, decision 068); a null bound or an empty list is no rule. */
  rules: productRulesSchema,
  /** The product's own fees, shares of the loan. */
  fees: z.array(productFeeSchema),
  is_active: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = pageSchema(adminProductSchema);
const productFields = {
  bank_id: rowIdSchema('银行无效').nullable(),
  name: name('产品名称'),
  min_amount_fen: amountFen('最低金额'),
  max_amount_fen: amountFen('最高金额'),
  terms_months: z
    .array(z.number({ error: '期限无效' }).int('期限无效').min(1, '期限至少 1 个月').max(360, '期限最多 360 个月'))
    .max(24, '期限最多 24 项')
    .transform((terms) => [...new Set(terms)].sort((a, b) => a - b)),
  fee_type: z
    .union(PRODUCT_FEE_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]], {
      error: '收费方式无效',
    })
    .nullable(),
  rate_ppm: z
    .number({ error: '费率无效' })
    .int('费率无效')
    .min(0, '费率不能为负')
    .max(1_000_000, '费率过大')
    .nullable(),
  repayment_method: z.number({ error: '还款方式无效' }).int().min(1).max(9).nullable(),
  rules: productRulesSchema,
  fees: productFeesSchema,
  is_active: z.boolean(),
};
const amountsInOrder = (form: { min_amount_fen?: number; max_amount_fen?: number }) =>
  form.min_amount_fen === undefined || form.max_amount_fen === undefined || form.min_amount_fen <= form.max_amount_fen;
const ORDER_MESSAGE = { message: '最低金额不能高于最高金额', path: ['max_amount_fen'] };
export const adminProductAddSchema = z
  .object({
    ...productFields,
    bank_id: productFields.bank_id.default(null),
    terms_months: productFields.terms_months.default([]),
    fee_type: productFields.fee_type.default(null),
    rate_ppm: productFields.rate_ppm.default(null),
    repayment_method: productFields.repayment_method.default(null),
    rules: productFields.rules.default(NO_RULES),
    fees: productFields.fees.default([]),
    is_active: productFields.is_active.default(true),
  })
  .refine(amountsInOrder, ORDER_MESSAGE);
export const adminProductUpdateSchema = z
  .object({
    id: rowIdSchema('产品无效'),
    ...Object.fromEntries(Object.entries(productFields).map(([key, schema]) => [key, schema.optional()])),
  } as { id: ReturnType<typeof rowIdSchema> } & {
    [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
  })
  .refine(amountsInOrder, ORDER_MESSAGE);
export const adminProductListRequestSchema = pageRequestSchema;

// ---- exam papers and activities: listed, and uploaded as the files their modules load ----

/** A YAML file's text as uploaded (exam papers: docs/exam-papers.md; activities: decision 056). */
export const adminFileUploadSchema = z.object({
  text: z.string({ error: '请选择文件' }).min(1, '请选择文件').max(1_000_000, '文件过大（最多 1 MB）'),
});
export const adminPaperSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['exam', 'survey']),
  title: z.string(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
});
export const adminPaperListSchema = pageSchema(adminPaperSchema);
export const adminPaperUploadedSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  questions: z.number().int(),
});
export const adminActivitySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  type: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export const adminActivityListSchema = pageSchema(adminActivitySchema);
export const adminActivityUploadedSchema = z.array(z.object({ key: z.string(), title: z.string() }));

/** One FAQ entry's Markdown file (decision 053), its name (without .md) the entry's key. */
export const adminFaqUploadSchema = adminFileUploadSchema.extend({
  name: z
    .string({ error: '文件名无效' })
    .trim()
    .regex(/^[\w\u4e00-\u9fff-]{1,80}$/, '文件名只能用字母、数字、汉字、下划线和连字符'),
});
/** An FAQ entry as the back office lists it: its key (the file's name) and the fields its file heads with. */
const faqEntryFields = {
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  type: z.string(),
  category: z.string(),
};
export const adminFaqSchema = z.object({ ...faqEntryFields, updated_at: z.string() });
export const adminFaqListSchema = pageSchema(adminFaqSchema);
export const adminFaqUploadedSchema = z.object(faqEntryFields);

// ---- the forms for one FAQ entry (decision 057): the fields of its Markdown file, imported as a file is ----

const faqLine = (what: string, max: number) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(max, `${what}不能超过 ${max} 个字`);
export const adminFaqEntryRequestSchema = z.object({ id: rowIdSchema('问答条目无效') });
export const adminFaqEntrySchema = z.object({
  ...faqEntryFields,
  keywords: z.string(),
  body: z.string(),
});
/** A new entry (no id) or an edit of one; the server writes it as the entry's Markdown and imports it. */
export const adminFaqSaveSchema = z.object({
  id: rowIdSchema('问答条目无效').nullable().default(null),
  title: faqLine('标题', 100),
  type: faqLine('类型', 40),
  category: faqLine('分类', 40),
  keywords: z.string({ error: '关键词无效' }).trim().max(200, '关键词不能超过 200 个字').default(''),
  body: z.string({ error: '请填写正文' }).trim().min(1, '请填写正文').max(50_000, '正文不能超过 50000 个字'),
});

// ---- the form for one exam paper (decision 057): the object its YAML file parses to ----

/**
 * A paper as its file's object (docs/exam-papers.md): the shape only, for the form to read. The rules are
 * the exam module's file schema alone, which checks what the form sends.
 */
export const adminPaperFileSchema = z.object({
  code: z.string(),
  kind: z.enum(['exam', 'survey']),
  title: z.string(),
  intro: z.string(),
  time_limit_minutes: z.number().nullable(),
  pass_score: z.number(),
  max_attempts: z.number(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  show_answers: z.boolean(),
  anonymous: z.boolean(),
  owner: z.string().nullable(),
  assign: z.array(
    z.union([
      z.object({ staff: z.string() }),
      z.object({ team: z.string() }),
      z.object({ job: z.number() }),
      z.object({ all: z.literal(true) }),
    ]),
  ),
  questions: z.array(
    z.object({
      type: z.enum(['single', 'multiple', 'judge', 'short']),
      text: z.string(),
      options: z.array(z.string()).optional(),
      answer: z.union([z.string(), z.array(z.string()), z.boolean()]).optional(),
      reference: z.string().optional(),
      points: z.number(),
    }),
  ),
});
export type AdminPaperFile = z.infer<typeof adminPaperFileSchema>;
export const adminPaperRequestSchema = z.object({ id: rowIdSchema('试卷无效') });
export const adminPaperEntrySchema = z.object({
  id: z.number().int(),
  started: z.boolean(),
  file: adminPaperFileSchema,
});
/** The form's paper, checked on the server by the paper file's rules. */
export const adminPaperSaveSchema = z.object({
  paper: z.record(z.string(), z.unknown(), { error: '试卷内容无效' }),
});

// ---- the form for one activity (decision 057): the object one entry of its YAML file parses to ----

/** An activity as its file entry's object (decision 056): the shape only; the activity module checks it. */
export const adminActivitySpecSchema = z.object({
  key: z.string(),
  type: z.string(),
  title: z.string(),
  intro: z.string(),
  cover_url: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  requires_phone: z.boolean(),
  /** Whom a visitor complains to (decision 070). */
  complaint_contact: z.string(),
  /** Published: public, its tiers and odds frozen (decision 070). */
  published: z.boolean(),
  fields: z.array(z.unknown()),
  questions: z.array(z.unknown()),
  fair_id: z.number().optional(),
  lottery: z
    .object({
      pool_size: z.number(),
      prize_redeem_days: z.number(),
      release: z.object({ every: z.enum(['day', 'hour']), rollover: z.boolean() }).optional(),
      prizes: z.array(
        z.object({
          tier: z.number(),
          name: z.string(),
          stock: z.number(),
          value_fen: z.number(),
          redeem_note: z.string(),
        }),
      ),
    })
    .optional(),
  coupon: z.object({ title: z.string(), value_fen: z.number(), stock: z.number(), valid_days: z.number() }).optional(),
});
export type AdminActivitySpec = z.infer<typeof adminActivitySpecSchema>;
export const adminActivityRequestSchema = z.object({ id: rowIdSchema('活动无效') });
export const adminActivityEntrySchema = z.object({ id: z.number().int(), spec: adminActivitySpecSchema });
/** The form's activity, checked on the server by the activity file's rules. */
export const adminActivitySaveSchema = z.object({
  activity: z.record(z.string(), z.unknown(), { error: '活动内容无效' }),
});
export const adminActivitySavedSchema = z.object({ id: z.number().int(), key: z.string(), title: z.string() });
