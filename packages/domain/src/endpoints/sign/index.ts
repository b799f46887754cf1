import { okResponseSchema, revealResponseSchema } from '../../api/house.ts';
import {
  auditRejectRequestSchema,
  signDetailSchema,
  signIdRequestSchema,
  taskListRequestSchema,
  taskListSchema,
  updateTaskRequestSchema,
  wxWorkApproveResponseSchema,
} from '../../api/sign.ts';
import { endpoint } from '../index.ts';

/* The signing centre: the task pool, a task's result, and rejection approvals. */

export const sign = endpoint({
  path: '/api/crm/sign',
  summary: '签约任务详情',
  request: signIdRequestSchema,
  response: signDetailSchema,
});

export const revealTaskPhone = endpoint({
  path: '/api/crm/revealTaskPhone',
  summary: '查看签约任务客户的完整手机号（记入操作日志）',
  request: signIdRequestSchema,
  response: revealResponseSchema,
});

export const taskList = endpoint({
  path: '/api/crm/taskList',
  summary: '任务中心（flag 1）、我的任务（flag 2）、待审批拒签（flag 3）',
  request: taskListRequestSchema,
  response: taskListSchema,
});

export const takeTask = endpoint({
  path: '/api/crm/takeTask',
  summary: '领取签约任务（先到先得）',
  request: signIdRequestSchema,
  response: okResponseSchema,
});

export const updateTask = endpoint({
  path: '/api/crm/updateTask',
  summary: '登记签约结果',
  request: updateTaskRequestSchema,
  response: okResponseSchema,
});

export const auditSignReject = endpoint({
  path: '/api/crm/auditSignReject',
  summary: '拒签审批（拒签审批人）',
  request: auditRejectRequestSchema,
  response: okResponseSchema,
});

export const wxWorkApprove = endpoint({
  path: '/api/crm/wxWorkApprove',
  summary: '拒签发起企业微信审批',
  request: signIdRequestSchema,
  response: wxWorkApproveResponseSchema,
});
