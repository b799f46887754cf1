import {
  clawbackDecideRequestSchema,
  clawbackListRequestSchema,
  clawbackListSchema,
  commissionLedgerRequestSchema,
  commissionLedgerSchema,
  commissionPayRequestSchema,
  commissionPaySchema,
  okIdSchema,
  statementAnswerRequestSchema,
  statementDetailSchema,
  statementDisputeRequestSchema,
  statementFileSchema,
  statementIdRequestSchema,
  statementListRequestSchema,
  statementListSchema,
  statementSendSchema,
} from '../../api/ledger.ts';
import { endpoint } from '../index.ts';

/*
 * The commission ledger, claw-backs and monthly statements (issue 42, decision 067). One path for every
 * principal that has an account: staff finance, an outside partner, a channel agent; each sees what is theirs.
 */

export const commissionLedger = endpoint({
  path: '/api/crm/commissionLedger',
  summary: '返佣台账：本人（合作伙伴、渠道经纪人）或财务指定对象的明细与余额',
  request: commissionLedgerRequestSchema,
  response: commissionLedgerSchema,
});

export const commissionPay = endpoint({
  path: '/api/crm/commissionPay',
  summary: '财务登记向合作伙伴付款（余额扣除应追回后支付）',
  request: commissionPayRequestSchema,
  response: commissionPaySchema,
});

export const clawbackList = endpoint({
  path: '/api/crm/clawbackList',
  summary: '返佣追回列表（财务）',
  request: clawbackListRequestSchema,
  response: clawbackListSchema,
});

export const clawbackDecide = endpoint({
  path: '/api/crm/clawbackDecide',
  summary: '审批返佣追回（财务，不能审批自己引起的追回）',
  request: clawbackDecideRequestSchema,
  response: okIdSchema,
});

export const statementList = endpoint({
  path: '/api/crm/statementList',
  summary: '月度对账单列表（本人的，或财务看全部）',
  request: statementListRequestSchema,
  response: statementListSchema,
});

export const statementDetail = endpoint({
  path: '/api/crm/statementDetail',
  summary: '对账单详情（冻结的明细与异议）',
  request: statementIdRequestSchema,
  response: statementDetailSchema,
});

export const statementPdf = endpoint({
  path: '/api/crm/statementPdf',
  summary: '对账单 PDF（公司证书签章）',
  request: statementIdRequestSchema,
  response: statementFileSchema,
});

export const statementXlsx = endpoint({
  path: '/api/crm/statementXlsx',
  summary: '对账单 XLSX',
  request: statementIdRequestSchema,
  response: statementFileSchema,
});

export const statementDispute = endpoint({
  path: '/api/crm/statementDispute',
  summary: '对账单明细提出异议（合作伙伴、渠道经纪人）',
  request: statementDisputeRequestSchema,
  response: okIdSchema,
});

export const statementAnswer = endpoint({
  path: '/api/crm/statementAnswer',
  summary: '财务答复对账单异议',
  request: statementAnswerRequestSchema,
  response: okIdSchema,
});

export const statementSend = endpoint({
  path: '/api/crm/statementSend',
  summary: '财务通过企业微信发送对账单链接',
  request: statementIdRequestSchema,
  response: statementSendSchema,
});
