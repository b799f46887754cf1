/** Messages of retention and the data-subject request (decision 071). */
export const RETENTION_TEXTS = {
  notFound: '未找到此人的个人信息',
  erased: (erased: number, kept: number) =>
    kept === 0 ? `已删除 ${erased} 条记录的个人信息` : `已删除 ${erased} 条，${kept} 条因保存义务保留`,
  exported: '已导出',
  kind: { case: '报单', house_client: '房贷客户', referral: '合作伙伴报备' },
  keep: {
    open: '报单办理中',
    disbursed: (years: number) => `已放款：结案后保存 ${years} 年，到期自动删除`,
    houseBooked: '已签约或有返佣单：随公司账目保存',
    converted: '已转为报单：随报单保存',
  },
} as const;
