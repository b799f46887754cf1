/** The messages of the back office's import, export and WeCom sync (decision 059). */
export const ADMINIO_TEXTS = {
  fileMissing: '请选择要导入的文件',
  notXlsx: '文件不是 .xlsx 格式的表格',
  unreadable: '文件无法读取，请用 Excel 或 WPS 另存为 .xlsx 后重新上传',
  fileTooLarge: '文件不能超过 2 MB',
  tooManyRows: (max: number) => `一次最多导入 ${max} 行`,
  empty: '表格中没有数据行',
  header: (columns: readonly string[]) => `表头应为：${columns.join('、')}（请使用导入模板）`,
  importNotFound: '导入记录不存在，请重新上传',
  raced: '导入期间数据被反复修改，未导入任何数据，请稍后重新上传',
  imported: (n: number, skipped: number, failed: number) =>
    [`已导入 ${n} 条`, skipped > 0 && `已存在跳过 ${skipped} 条`, failed > 0 && `${failed} 行有错误未导入`]
      .filter(Boolean)
      .join('，'),
  repeated: '该文件已导入过，未重复导入',
  errorReason: (row: number, reasons: string) => `第 ${row} 行：${reasons}`,
  errorColumn: '错误原因',
  // row checks
  required: (column: string) => `${column}必填`,
  tooLong: (column: string, max: number) => `${column}不能超过 ${max} 个字`,
  teamNotFound: (name: string) => `团队「${name}」不存在，请先在后台添加`,
  jobInvalid: (text: string) => `岗位「${text}」无效，可填：签约中心、客服协助、房贷财务、房贷管家、仅返佣`,
  leaderInvalid: '组长一栏填“是”或“否”',
  sexInvalid: '性别一栏填“男”或“女”',
  duplicateInFile: (column: string, row: number) => `与第 ${row} 行的${column}重复`,
  phoneTaken: '该手机号已是本公司员工，跳过',
  ownerNotFound: '归属员工不存在或已停用',
  openCase: (owner: string) => `该身份证号已有进行中的报单（业务员「${owner}」跟进），跳过`,
  // export
  exportNotFound: '导出记录不存在',
  exportRunning: '正在导出',
  exportDone: '导出完成',
  exportFailed: '导出失败，请重新导出',
  exportInterrupted: '导出中断，请重新导出',
  linkInvalid: '下载链接已失效，请回到导出页面重新下载',
  // WeCom sync
  directoryEmpty: '企业微信通讯录没有成员，未做任何更改',
  wecomFailed: '企业微信通讯录读取失败，请稍后重试',
  noMobile: '企业微信未提供手机号：请在后台添加该员工，本人首次登录时绑定',
  mobileBound: '该手机号的员工已绑定其他企业微信成员',
  disabledHere: '员工已在后台停用，同步不重新启用',
  notSelf: '不能停用自己',
} as const;

/** Job names an import or WeCom's position field may name (spec §6's job codes 2–6). */
export const JOB_NAMES: Record<string, number> = {
  签约中心: 2,
  签约: 2,
  客服协助: 3,
  客服: 3,
  房贷财务: 4,
  财务: 4,
  房贷管家: 5,
  管家: 5,
  仅返佣: 6,
  返佣: 6,
};
