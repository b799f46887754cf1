import {
  adminActivityEntrySchema,
  adminActivityListSchema,
  adminActivityRequestSchema,
  adminActivitySaveSchema,
  adminActivitySavedSchema,
  adminActivityUploadedSchema,
  adminAuditListSchema,
  adminCompanyAddSchema,
  adminCompanyListSchema,
  adminCompanySchema,
  adminCompanyUpdateSchema,
  adminFaqEntryRequestSchema,
  adminFaqEntrySchema,
  adminFaqListSchema,
  adminFaqSaveSchema,
  adminFaqUploadSchema,
  adminFaqUploadedSchema,
  adminFileUploadSchema,
  adminNoticeAddSchema,
  adminNoticeListSchema,
  adminNoticeSchema,
  adminNoticeUpdateSchema,
  adminPaperEntrySchema,
  adminPaperListSchema,
  adminPaperRequestSchema,
  adminPaperSaveSchema,
  adminPaperUploadedSchema,
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
  adminTeamListSchema,
  adminTeamRenamedSchema,
  adminTeamSchema,
  adminTeamUpdateSchema,
  adminWhoamiSchema,
} from '../../api/admin.ts';
import { pageRequestSchema } from '../../api/page.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/*
 * The back office's calls (decision 057). A kind it lists, adds and updates (staff, teams, …) is one object of
 * its calls under one path; a kind kept as files (papers, activities, FAQ) is listed, uploaded, read back, saved.
 */

export const whoami = endpoint({
  path: '/api/admin/whoami',
  summary: '后台：我的管理权限',
  request: noFieldsSchema,
  response: adminWhoamiSchema,
});

/** The company's staff. */
export const staffList = endpoint({
  path: '/api/admin/staff',
  summary: '后台：员工列表',
  request: adminStaffListRequestSchema,
  response: adminStaffListSchema,
});

export const staffAdd = endpoint({
  path: '/api/admin/staff/add',
  summary: '后台：添加员工',
  request: adminStaffAddSchema,
  response: adminStaffSchema,
});

export const staffUpdate = endpoint({
  path: '/api/admin/staff/update',
  summary: '后台：修改员工（岗位、组长、团队、授权、停用）',
  request: adminStaffUpdateSchema,
  response: adminStaffSchema,
});

/** The company's teams. */
export const teamsList = endpoint({
  path: '/api/admin/teams',
  summary: '后台：团队列表',
  request: noFieldsSchema,
  response: adminTeamListSchema,
});

export const teamsAdd = endpoint({
  path: '/api/admin/teams/add',
  summary: '后台：添加团队',
  request: adminTeamAddSchema,
  response: adminTeamSchema,
});

export const teamsUpdate = endpoint({
  path: '/api/admin/teams/update',
  summary: '后台：修改团队',
  request: adminTeamUpdateSchema,
  response: adminTeamRenamedSchema,
});

/** The home banner's notices. */
export const noticesList = endpoint({
  path: '/api/admin/notices',
  summary: '后台：首页公告',
  request: noFieldsSchema,
  response: adminNoticeListSchema,
});

export const noticesAdd = endpoint({
  path: '/api/admin/notices/add',
  summary: '后台：发布公告',
  request: adminNoticeAddSchema,
  response: adminNoticeSchema,
});

export const noticesUpdate = endpoint({
  path: '/api/admin/notices/update',
  summary: '后台：修改公告',
  request: adminNoticeUpdateSchema,
  response: adminNoticeSchema,
});

export const settings = endpoint({
  path: '/api/admin/settings',
  summary: '后台：保护期与超限返佣规则',
  request: noFieldsSchema,
  response: adminSettingsSchema,
});

export const settingsUpdate = endpoint({
  path: '/api/admin/settings',
  summary: '后台：修改保护期与超限返佣规则',
  request: adminSettingsSchema,
  response: adminSettingsSchema,
});

export const audit = endpoint({
  path: '/api/admin/audit',
  summary: '后台：操作日志',
  request: pageRequestSchema,
  response: adminAuditListSchema,
});

/** Banks, channels, sources and cities. */
export const refsList = endpoint({
  path: '/api/admin/refs',
  summary: '后台：银行、渠道、来源、城市列表',
  request: adminRefListRequestSchema,
  response: adminRefListSchema,
});

export const refsAdd = endpoint({
  path: '/api/admin/refs/add',
  summary: '后台：添加银行（支行）、渠道、来源或城市',
  request: adminRefAddSchema,
  response: adminRefSchema,
});

export const refsUpdate = endpoint({
  path: '/api/admin/refs/update',
  summary: '后台：修改或停用银行（支行）、渠道、来源，修改城市',
  request: adminRefUpdateSchema,
  response: adminRefSchema,
});

/** The loan products. */
export const productsList = endpoint({
  path: '/api/admin/products',
  summary: '后台：产品列表',
  request: adminProductListRequestSchema,
  response: adminProductListSchema,
});

export const productsAdd = endpoint({
  path: '/api/admin/products/add',
  summary: '后台：添加产品',
  request: adminProductAddSchema,
  response: adminProductSchema,
});

export const productsUpdate = endpoint({
  path: '/api/admin/products/update',
  summary: '后台：修改产品（金额、期限、费率、停用）',
  request: adminProductUpdateSchema,
  response: adminProductSchema,
});

/** Exam papers and questionnaires, kept as files. */
export const papersList = endpoint({
  path: '/api/admin/papers',
  summary: '后台：试卷与问卷',
  request: pageRequestSchema,
  response: adminPaperListSchema,
});

export const papersUpload = endpoint({
  path: '/api/admin/papers/upload',
  summary: '后台：上传试卷文件（YAML）',
  request: adminFileUploadSchema,
  response: adminPaperUploadedSchema,
});

export const papersEntry = endpoint({
  path: '/api/admin/papers/entry',
  summary: '后台：一份试卷（编辑用，试卷文件的结构）',
  request: adminPaperRequestSchema,
  response: adminPaperEntrySchema,
});

export const papersSave = endpoint({
  path: '/api/admin/papers/save',
  summary: '后台：新建或修改一份试卷（表单，按试卷文件的规则检查）',
  request: adminPaperSaveSchema,
  response: adminPaperUploadedSchema,
});

/** Marketing activities, kept as files. */
export const activitiesList = endpoint({
  path: '/api/admin/activities',
  summary: '后台：营销活动',
  request: pageRequestSchema,
  response: adminActivityListSchema,
});

export const activitiesUpload = endpoint({
  path: '/api/admin/activities/upload',
  summary: '后台：上传活动文件（YAML）',
  request: adminFileUploadSchema,
  response: adminActivityUploadedSchema,
});

export const activitiesEntry = endpoint({
  path: '/api/admin/activities/entry',
  summary: '后台：一个活动（编辑用，活动文件的结构）',
  request: adminActivityRequestSchema,
  response: adminActivityEntrySchema,
});

export const activitiesSave = endpoint({
  path: '/api/admin/activities/save',
  summary: '后台：新建或修改一个活动（表单，按活动文件的规则检查）',
  request: adminActivitySaveSchema,
  response: adminActivitySavedSchema,
});

/** FAQ entries, kept as Markdown files. */
export const faqList = endpoint({
  path: '/api/admin/faq',
  summary: '后台：问答条目',
  request: pageRequestSchema,
  response: adminFaqListSchema,
});

export const faqUpload = endpoint({
  path: '/api/admin/faq/upload',
  summary: '后台：上传问答 Markdown 文件',
  request: adminFaqUploadSchema,
  response: adminFaqUploadedSchema,
});

export const faqEntry = endpoint({
  path: '/api/admin/faq/entry',
  summary: '后台：一条问答（编辑用）',
  request: adminFaqEntryRequestSchema,
  response: adminFaqEntrySchema,
});

export const faqSave = endpoint({
  path: '/api/admin/faq/save',
  summary: '后台：新建或修改一条问答（表单）',
  request: adminFaqSaveSchema,
  response: adminFaqEntrySchema,
});

/** The operator's companies. */
export const companiesList = endpoint({
  path: '/api/admin/companies',
  summary: '平台：公司列表',
  request: noFieldsSchema,
  response: adminCompanyListSchema,
});

export const companiesAdd = endpoint({
  path: '/api/admin/companies/add',
  summary: '平台：开通公司及其管理员',
  request: adminCompanyAddSchema,
  response: adminCompanySchema,
});

export const companiesUpdate = endpoint({
  path: '/api/admin/companies/update',
  summary: '平台：修改或停用公司',
  request: adminCompanyUpdateSchema,
  response: adminCompanySchema,
});
