import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminActivityEntrySchema,
  adminActivityListSchema,
  adminActivityRequestSchema,
  adminActivitySavedSchema,
  adminActivitySaveSchema,
  adminActivityUploadedSchema,
  adminAuditListSchema,
  adminFaqEntryRequestSchema,
  adminFaqEntrySchema,
  adminFaqListSchema,
  adminFaqSaveSchema,
  adminFaqUploadedSchema,
  adminFaqUploadSchema,
  adminFileUploadSchema,
  adminPaperEntrySchema,
  adminPaperListSchema,
  adminPaperRequestSchema,
  adminPaperSaveSchema,
  adminPaperUploadedSchema,
  adminCompanyAddSchema,
  adminCompanySchema,
  adminCompanyUpdateSchema,
  adminNoticeAddSchema,
  adminNoticeSchema,
  adminNoticeUpdateSchema,
  adminProductAddSchema,
  adminProductListRequestSchema,
  adminProductListSchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminRefAddSchema,
  adminRefListRequestSchema,
  adminRefListSchema,
  adminRefSchema,
  adminRefUpdateSchema,
  adminSettingsSchema,
  adminStaffAddSchema,
  adminStaffListRequestSchema,
  adminStaffListSchema,
  adminStaffSchema,
  adminStaffUpdateSchema,
  adminTeamAddSchema,
  adminTeamSchema,
  adminTeamUpdateSchema,
  adminWhoamiSchema,
} from '@crm/domain/api/admin';
import { pageRequestSchema } from '@crm/domain/api/page';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes, type RouteLine, type Staff } from '../../plugins/staff-routes.ts';
import type { AdminService } from './admin.service.ts';
import { ADMIN_TEXTS as T } from './admin.texts.ts';

/** What one call of a kind gives: summary, input schema, response schema, handler (path and msg come from the kind). */
type KindLine<I extends z.ZodType, R extends z.ZodType> = [
  summary: RouteLine<I, R>[1],
  input: I,
  response: R,
  handler: RouteLine<I, R>[4],
];

/** The back office's calls (decision 057): staff sessions only; the service asks the admin grants. */
export async function adminRoutes(root: FastifyInstance, { admin }: { admin: AdminService }) {
  servePrincipals(root, ['staff']);
  const { get, post } = staffRoutes(root, ['admin']);
  const saved = { msg: T.saved };
  const added = { msg: T.added };

  /** A kind of record the back office keeps (staff, teams, …): listed at `path`, added and updated below it. */
  const listAddUpdate = <
    LQ extends z.ZodType,
    LR extends z.ZodType,
    AB extends z.ZodType,
    AR extends z.ZodType,
    UB extends z.ZodType,
    UR extends z.ZodType,
  >(
    path: string,
    kind: { list: KindLine<LQ, LR>; add: KindLine<AB, AR>; update: KindLine<UB, UR> },
  ) => {
    get(path, ...kind.list);
    post(`${path}/add`, ...kind.add, added);
    post(`${path}/update`, ...kind.update, saved);
  };

  /**
   * A kind kept as files (papers, activities, FAQ), served by the service's `kind`: listed, uploaded as a file,
   * read back for a form, saved. Each line gives the summary and schemas; the kind answers.
   */
  const fileKind = <
    LR extends z.ZodType,
    UB extends z.ZodType,
    UR extends z.ZodType,
    EQ extends z.ZodType<{ id: number }>,
    ER extends z.ZodType,
    SB extends z.ZodType,
    SR extends z.ZodType,
  >(
    path: string,
    kind: {
      list: (me: Staff, page: z.output<typeof pageRequestSchema>) => Promise<z.input<LR>>;
      upload: (me: Staff, form: z.output<UB>) => Promise<z.input<UR>>;
      entry: (me: Staff, q: z.output<EQ>) => Promise<z.input<ER>>;
      save: (me: Staff, form: z.output<SB>) => Promise<z.input<SR>>;
    },
    lines: { list: [string, LR]; upload: [string, UB, UR]; entry: [string, EQ, ER]; save: [string, SB, SR] },
  ) => {
    get(path, lines.list[0], pageRequestSchema, lines.list[1], kind.list);
    post(`${path}/upload`, ...lines.upload, kind.upload, saved);
    get(`${path}/entry`, ...lines.entry, kind.entry);
    post(`${path}/save`, ...lines.save, kind.save, saved);
  };

  get('/api/admin/whoami', '后台：我的管理权限', z.object({}), adminWhoamiSchema, (me) => admin.whoami(me));

  listAddUpdate('/api/admin/staff', {
    list: ['后台：员工列表', adminStaffListRequestSchema, adminStaffListSchema, (me, q) => admin.listStaff(me, q)],
    add: ['后台：添加员工', adminStaffAddSchema, adminStaffSchema, (me, form) => admin.addStaff(me, form)],
    update: [
      '后台：修改员工（岗位、组长、团队、授权、停用）',
      adminStaffUpdateSchema,
      adminStaffSchema,
      (me, form) => admin.updateStaff(me, form),
    ],
  });

  listAddUpdate('/api/admin/teams', {
    list: ['后台：团队列表', z.object({}), z.array(adminTeamSchema), (me) => admin.listTeams(me)],
    add: ['后台：添加团队', adminTeamAddSchema, adminTeamSchema, (me, form) => admin.addTeam(me, form.name)],
    update: [
      '后台：修改团队',
      adminTeamUpdateSchema,
      z.object({ id: z.number(), name: z.string() }),
      (me, form) => admin.updateTeam(me, form.id, form.name),
    ],
  });

  listAddUpdate('/api/admin/notices', {
    list: ['后台：首页公告', z.object({}), z.array(adminNoticeSchema), (me) => admin.listNotices(me)],
    add: ['后台：发布公告', adminNoticeAddSchema, adminNoticeSchema, (me, form) => admin.addNotice(me, form)],
    update: ['后台：修改公告', adminNoticeUpdateSchema, adminNoticeSchema, (me, form) => admin.updateNotice(me, form)],
  });

  get('/api/admin/settings', '后台：保护期与超限返佣规则', z.object({}), adminSettingsSchema, (me) =>
    admin.settings(me),
  );
  post(
    '/api/admin/settings',
    '后台：修改保护期与超限返佣规则',
    adminSettingsSchema,
    adminSettingsSchema,
    (me, form) => admin.updateSettings(me, form),
    saved,
  );

  get('/api/admin/audit', '后台：操作日志', pageRequestSchema, adminAuditListSchema, (me, page) =>
    admin.listAudit(me, page),
  );

  listAddUpdate('/api/admin/refs', {
    list: [
      '后台：银行、渠道、来源、城市列表',
      adminRefListRequestSchema,
      adminRefListSchema,
      (me, q) => admin.listRefs(me, q),
    ],
    add: [
      '后台：添加银行（支行）、渠道、来源或城市',
      adminRefAddSchema,
      adminRefSchema,
      (me, form) => admin.addRef(me, form),
    ],
    update: [
      '后台：修改或停用银行（支行）、渠道、来源，修改城市',
      adminRefUpdateSchema,
      adminRefSchema,
      (me, form) => admin.updateRef(me, form),
    ],
  });

  listAddUpdate('/api/admin/products', {
    list: [
      '后台：产品列表',
      adminProductListRequestSchema,
      adminProductListSchema,
      (me, q) => admin.listProducts(me, q),
    ],
    add: ['后台：添加产品', adminProductAddSchema, adminProductSchema, (me, form) => admin.addProduct(me, form)],
    update: [
      '后台：修改产品（金额、期限、费率、停用）',
      adminProductUpdateSchema,
      adminProductSchema,
      (me, form) => admin.updateProduct(me, form),
    ],
  });

  fileKind('/api/admin/papers', admin.papers, {
    list: ['后台：试卷与问卷', adminPaperListSchema],
    upload: ['后台：上传试卷文件（YAML）', adminFileUploadSchema, adminPaperUploadedSchema],
    entry: ['后台：一份试卷（编辑用，试卷文件的结构）', adminPaperRequestSchema, adminPaperEntrySchema],
    save: ['后台：新建或修改一份试卷（表单，按试卷文件的规则检查）', adminPaperSaveSchema, adminPaperUploadedSchema],
  });

  fileKind('/api/admin/activities', admin.activities, {
    list: ['后台：营销活动', adminActivityListSchema],
    upload: ['后台：上传活动文件（YAML）', adminFileUploadSchema, adminActivityUploadedSchema],
    entry: ['后台：一个活动（编辑用，活动文件的结构）', adminActivityRequestSchema, adminActivityEntrySchema],
    save: ['后台：新建或修改一个活动（表单，按活动文件的规则检查）', adminActivitySaveSchema, adminActivitySavedSchema],
  });

  fileKind('/api/admin/faq', admin.faq, {
    list: ['后台：问答条目', adminFaqListSchema],
    upload: ['后台：上传问答 Markdown 文件', adminFaqUploadSchema, adminFaqUploadedSchema],
    entry: ['后台：一条问答（编辑用）', adminFaqEntryRequestSchema, adminFaqEntrySchema],
    save: ['后台：新建或修改一条问答（表单）', adminFaqSaveSchema, adminFaqEntrySchema],
  });

  listAddUpdate('/api/admin/companies', {
    list: ['平台：公司列表', z.object({}), z.array(adminCompanySchema), (me) => admin.listCompanies(me)],
    add: [
      '平台：开通公司及其管理员',
      adminCompanyAddSchema,
      adminCompanySchema,
      (me, form) => admin.addCompany(me, form),
    ],
    update: [
      '平台：修改或停用公司',
      adminCompanyUpdateSchema,
      adminCompanySchema,
      (me, form) => admin.updateCompany(me, form),
    ],
  });
}
