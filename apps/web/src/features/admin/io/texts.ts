import { CASE_STATUS_LABELS, CASE_STATUSES } from '@crm/domain/status';

/** The back office's import, export and WeCom sync pages (decision 059). */
export const adminIoTexts = {
  navImport: '数据导入',
  navExport: '数据导出',
  navSync: '企业微信同步',

  importTitle: '从 Excel 导入',
  kindStaff: '员工',
  kindClients: '客户（报单）',
  kindLabel: '导入内容',
  headerHint: (columns: readonly string[]) => `表格第一行须为：${columns.join('、')}`,
  chooseFile: '选择 .xlsx 文件',
  fileLabel: 'Excel 文件',
  checking: '正在检查文件…',
  summary: (total: number, valid: number, existing: number, failed: number) =>
    `共 ${total} 行：可导入 ${valid} 行，已存在 ${existing} 行（跳过），有错误 ${failed} 行`,
  previewTitle: (shown: number) => `前 ${shown} 行预览`,
  errorsTitle: '错误行（不会导入，改正后可重新导入）',
  existingTitle: '已存在（跳过，不会重复导入）',
  downloadErrors: '下载错误行（.xlsx）',
  downloadHint: '下载的表格保留模板各列，并在最后一列写明错误原因；改正后直接上传即可',
  rowNumber: '行号',
  column: '列',
  message: '错误',
  reason: '原因',
  confirm: (n: number) => `导入无误的 ${n} 行`,
  importing: '正在导入…',
  resultTitle: '导入结果',
  againHint: '可以继续上传下一个文件',

  exportTitle: '导出到 Excel',
  exportKind: '导出内容',
  kindCases: '报单',
  kindBrokerage: '返佣单',
  status: '状态',
  allStatuses: '全部',
  keyword: '客户姓名或手机号',
  start: '开始导出',
  starting: '正在开始…',
  progress: (done: number, total: number) => `已导出 ${done} / ${total} 行`,
  download: '下载文件',
  maskedHint: '没有权限查看完整号码时，手机号、身份证号、银行卡号只显示前 3 位和后 4 位',
  again: '重新导出',

  syncTitle: '从企业微信通讯录同步员工',
  syncHint: '企业微信新成员加为员工，已离开的成员停用；岗位和授权仍在后台设置',
  sync: '企业微信同步',
  syncing: '正在同步…',
  created: '新增',
  updated: '更新',
  disabled: '停用',
  skipped: '未处理',
  teamsCreated: (names: string[]) => `新建团队：${names.join('、')}`,
  nothing: '无',
  syncDone: '同步完成',
} as const;

/** The case list's status filter: 全部 and spec §4's statuses. */
export const CASE_STATUS_OPTIONS: ReadonlyArray<{ label: string; value: number }> = [
  { label: '全部', value: 0 },
  ...CASE_STATUSES.map((value) => ({ label: CASE_STATUS_LABELS[value], value })),
];
export const ORDER_STATUS_OPTIONS: ReadonlyArray<{ label: string; value: number }> = [
  { label: '全部', value: 0 },
  { label: '待打款', value: 1 },
  { label: '已打款', value: 2 },
  { label: '已作废', value: 3 },
];
