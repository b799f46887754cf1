/** What the financing-agreement call says to a person (zh-CN). */
export const PACT_TEXTS = {
  unpriced: '该报单的产品未设置费率，暂无法生成融资协议',
  noProduct: '该报单未选择贷款产品，暂无法生成融资协议',
  noAmount: '该报单未填写贷款金额，暂无法生成融资协议',
  closedWithoutApproval: '该报单未经审批通过即已结束，没有融资协议',
} as const;
