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
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { AdminService } from './admin.service.ts';
import { ADMIN_TEXTS as T } from './admin.texts.ts';

/** The back office's calls (decision 057): staff sessions only; the service asks the admin grants. */
export async function adminRoutes(root: FastifyInstance, { admin }: { admin: AdminService }) {
  servePrincipals(root, ['staff']);
  const { get, post } = staffRoutes(root, ['admin']);
  const saved = { msg: T.saved };
  const added = { msg: T.added };

  get('/api/admin/whoami', '后台：我的管理权限', z.object({}), adminWhoamiSchema, (me) => admin.whoami(me));

  get('/api/admin/staff', '后台：员工列表', adminStaffListRequestSchema, adminStaffListSchema, (me, q) =>
    admin.listStaff(me, q),
  );
  post(
    '/api/admin/staff/add',
    '后台：添加员工',
    adminStaffAddSchema,
    adminStaffSchema,
    (me, form) => admin.addStaff(me, form),
    added,
  );
  post(
    '/api/admin/staff/update',
    '后台：修改员工（岗位、组长、团队、授权、停用）',
    adminStaffUpdateSchema,
    adminStaffSchema,
    (me, form) => admin.updateStaff(me, form),
    saved,
  );

  get('/api/admin/teams', '后台：团队列表', z.object({}), z.array(adminTeamSchema), (me) => admin.listTeams(me));
  post(
    '/api/admin/teams/add',
    '后台：添加团队',
    adminTeamAddSchema,
    adminTeamSchema,
    (me, form) => admin.addTeam(me, form.name),
    added,
  );
  post(
    '/api/admin/teams/update',
    '后台：修改团队',
    adminTeamUpdateSchema,
    z.object({ id: z.number(), name: z.string() }),
    (me, form) => admin.updateTeam(me, form.id, form.name),
    saved,
  );

  get('/api/admin/notices', '后台：首页公告', z.object({}), z.array(adminNoticeSchema), (me) => admin.listNotices(me));
  post(
    '/api/admin/notices/add',
    '后台：发布公告',
    adminNoticeAddSchema,
    adminNoticeSchema,
    (me, form) => admin.addNotice(me, form),
    added,
  );
  post(
    '/api/admin/notices/update',
    '后台：修改公告',
    adminNoticeUpdateSchema,
    adminNoticeSchema,
    (me, form) => admin.updateNotice(me, form),
    saved,
  );

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

  get('/api/admin/refs', '后台：银行、渠道、来源、城市列表', adminRefListRequestSchema, adminRefListSchema, (me, q) =>
    admin.listRefs(me, q),
  );
  post(
    '/api/admin/refs/add',
    '后台：添加银行（支行）、渠道、来源或城市',
    adminRefAddSchema,
    adminRefSchema,
    (me, form) => admin.addRef(me, form),
    added,
  );
  post(
    '/api/admin/refs/update',
    '后台：修改或停用银行（支行）、渠道、来源，修改城市',
    adminRefUpdateSchema,
    adminRefSchema,
    (me, form) => admin.updateRef(me, form),
    saved,
  );

  get('/api/admin/products', '后台：产品列表', adminProductListRequestSchema, adminProductListSchema, (me, q) =>
    admin.listProducts(me, q),
  );
  post(
    '/api/admin/products/add',
    '后台：添加产品',
    adminProductAddSchema,
    adminProductSchema,
    (me, form) => admin.addProduct(me, form),
    added,
  );
  post(
    '/api/admin/products/update',
    '后台：修改产品（金额、期限、费率、停用）',
    adminProductUpdateSchema,
    adminProductSchema,
    (me, form) => admin.updateProduct(me, form),
    saved,
  );

  get('/api/admin/papers', '后台：试卷与问卷', pageRequestSchema, adminPaperListSchema, (me, page) =>
    admin.listPapers(me, page),
  );
  post(
    '/api/admin/papers/upload',
    '后台：上传试卷文件（YAML）',
    adminFileUploadSchema,
    adminPaperUploadedSchema,
    (me, form) => admin.uploadPaper(me, form.text),
    saved,
  );
  get(
    '/api/admin/papers/entry',
    '后台：一份试卷（编辑用，试卷文件的结构）',
    adminPaperRequestSchema,
    adminPaperEntrySchema,
    (me, q) => admin.paperFile(me, q.id),
  );
  post(
    '/api/admin/papers/save',
    '后台：新建或修改一份试卷（表单，按试卷文件的规则检查）',
    adminPaperSaveSchema,
    adminPaperUploadedSchema,
    (me, form) => admin.savePaper(me, form.paper),
    saved,
  );
  get('/api/admin/activities', '后台：营销活动', pageRequestSchema, adminActivityListSchema, (me, page) =>
    admin.listActivities(me, page),
  );
  post(
    '/api/admin/activities/upload',
    '后台：上传活动文件（YAML）',
    adminFileUploadSchema,
    adminActivityUploadedSchema,
    (me, form) => admin.uploadActivities(me, form.text),
    saved,
  );

  get(
    '/api/admin/activities/entry',
    '后台：一个活动（编辑用，活动文件的结构）',
    adminActivityRequestSchema,
    adminActivityEntrySchema,
    (me, q) => admin.activitySpec(me, q.id),
  );
  post(
    '/api/admin/activities/save',
    '后台：新建或修改一个活动（表单，按活动文件的规则检查）',
    adminActivitySaveSchema,
    adminActivitySavedSchema,
    (me, form) => admin.saveActivity(me, form.activity),
    saved,
  );

  get('/api/admin/faq', '后台：问答条目', pageRequestSchema, adminFaqListSchema, (me, page) => admin.listFaq(me, page));
  post(
    '/api/admin/faq/upload',
    '后台：上传问答 Markdown 文件',
    adminFaqUploadSchema,
    adminFaqUploadedSchema,
    (me, form) => admin.uploadFaq(me, form.name, form.text),
    saved,
  );

  get('/api/admin/faq/entry', '后台：一条问答（编辑用）', adminFaqEntryRequestSchema, adminFaqEntrySchema, (me, q) =>
    admin.faqEntry(me, q.id),
  );
  post(
    '/api/admin/faq/save',
    '后台：新建或修改一条问答（表单）',
    adminFaqSaveSchema,
    adminFaqEntrySchema,
    (me, form) => admin.saveFaq(me, form),
    saved,
  );

  get('/api/admin/companies', '平台：公司列表', z.object({}), z.array(adminCompanySchema), (me) =>
    admin.listCompanies(me),
  );
  post(
    '/api/admin/companies/add',
    '平台：开通公司及其管理员',
    adminCompanyAddSchema,
    adminCompanySchema,
    (me, form) => admin.addCompany(me, form),
    added,
  );
  post(
    '/api/admin/companies/update',
    '平台：修改或停用公司',
    adminCompanyUpdateSchema,
    adminCompanySchema,
    (me, form) => admin.updateCompany(me, form),
    saved,
  );
}
