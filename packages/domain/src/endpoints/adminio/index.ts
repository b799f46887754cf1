import {
  exportStartRequestSchema,
  exportStatusRequestSchema,
  exportStatusSchema,
  importCommitRequestSchema,
  importCommitSchema,
  importPreviewUploadSchema,
  importPreviewSchema,
  wecomSyncSchema,
} from '../../api/adminio.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The back office's spreadsheet import and export (decision 059); the preview's `file` is a multipart Buffer. */

export const preview = endpoint({
  path: '/api/admin/import/preview',
  summary: '后台：上传 XLSX 预览导入（员工或客户）',
  request: importPreviewUploadSchema,
  response: importPreviewSchema,
});

export const commit = endpoint({
  path: '/api/admin/import/commit',
  summary: '后台：确认导入（无误的行写入，已存在的跳过，错误行列出；同一上传只导入一次）',
  request: importCommitRequestSchema,
  response: importCommitSchema,
});

export const start = endpoint({
  path: '/api/admin/export/start',
  summary: '后台：导出报单或返佣单（XLSX，后台生成）',
  request: exportStartRequestSchema,
  response: exportStatusSchema,
});

export const status = endpoint({
  path: '/api/admin/export/status',
  summary: '后台：导出进度',
  request: exportStatusRequestSchema,
  response: exportStatusSchema,
});

export const wecomSync = endpoint({
  path: '/api/admin/wecomSync',
  summary: '后台：从企业微信通讯录同步员工',
  request: noFieldsSchema,
  response: wecomSyncSchema,
});
