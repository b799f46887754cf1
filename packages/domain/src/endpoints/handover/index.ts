import {
  handoverAnswerSchema,
  handoverIdRequestSchema,
  handoverReportSchema,
  handoverRequestSchema,
} from '../../api/handover.ts';
import { endpoint } from '../index.ts';

/* The handover of a staff member who leaves or changes post (decision 066): the back office's calls. */

export const handover = endpoint({
  path: '/api/admin/handover',
  summary: '离职/在职交接：报单、跟进、签约任务、合作伙伴、房贷客户与渠道、企业微信客户',
  request: handoverRequestSchema,
  response: handoverAnswerSchema,
});

export const handoverResult = endpoint({
  path: '/api/admin/handoverResult',
  summary: '交接结果（再查企业微信客户接替状态）',
  request: handoverIdRequestSchema,
  response: handoverAnswerSchema,
});

export const handoverReport = endpoint({
  path: '/api/admin/handoverReport',
  summary: '交接报告 XLSX',
  request: handoverIdRequestSchema,
  response: handoverReportSchema,
});
