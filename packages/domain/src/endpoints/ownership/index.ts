import {
  duplicateCheckRequestSchema,
  duplicateCheckResponseSchema,
  mergeClientsRequestSchema,
  mergeClientsResponseSchema,
  poolClaimRequestSchema,
  poolClaimResponseSchema,
  poolReleaseRequestSchema,
  poolRequestSchema,
  poolResponseSchema,
  reassignRequestSchema,
  reassignResponseSchema,
  reassignTargetsResponseSchema,
} from '../../api/ownership.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* Customer ownership (decision 066): the duplicate check, the public pool (公海), bulk reassignment. */

export const duplicateCheck = endpoint({
  path: '/api/crm/duplicateCheck',
  summary: '客户查重（打码，限次，留痕）',
  request: duplicateCheckRequestSchema,
  response: duplicateCheckResponseSchema,
});

export const pool = endpoint({
  path: '/api/crm/pool',
  summary: '公海客户（打码，游标分页，可按手机尾号查）',
  request: poolRequestSchema.optional(),
  response: poolResponseSchema,
});

export const poolClaim = endpoint({
  path: '/api/crm/poolClaim',
  summary: '从公海领取客户',
  request: poolClaimRequestSchema,
  response: poolClaimResponseSchema,
});

export const poolRelease = endpoint({
  path: '/api/crm/poolRelease',
  summary: '退回公海',
  request: poolReleaseRequestSchema,
  response: nullSchema,
});

export const reassign = endpoint({
  path: '/api/crm/reassign',
  summary: '批量转移报单',
  request: reassignRequestSchema,
  response: reassignResponseSchema,
});

export const reassignTargets = endpoint({
  path: '/api/crm/reassignTargets',
  summary: '可接手报单的同事（组长：本团队；公司管理员：全公司）',
  request: noFieldsSchema,
  response: reassignTargetsResponseSchema,
});

export const mergeClients = endpoint({
  path: '/api/crm/mergeClients',
  summary: '合并同一客户的两条报单（组长或公司管理员）',
  request: mergeClientsRequestSchema,
  response: mergeClientsResponseSchema,
});
