import {
  subjectErasedSchema,
  subjectExportSchema,
  subjectFoundSchema,
  subjectRequestSchema,
} from '../../api/retention.ts';
import { endpoint } from '../index.ts';

/*
 * The back office's data-subject request (issue 41, decision 071): the company admin's, each call logged in
 * the audit log but the lookup, which shows masked numbers only.
 */

export const subjectFind = endpoint({
  path: '/api/admin/subject',
  summary: '后台：按手机号或身份证号查找个人信息',
  request: subjectRequestSchema,
  response: subjectFoundSchema,
});

export const subjectExport = endpoint({
  path: '/api/admin/subject/export',
  summary: '后台：导出一个人的全部个人信息',
  request: subjectRequestSchema,
  response: subjectExportSchema,
});

export const subjectErase = endpoint({
  path: '/api/admin/subject/erase',
  summary: '后台：删除一个人无保存义务的个人信息',
  request: subjectRequestSchema,
  response: subjectErasedSchema,
});
