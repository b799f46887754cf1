import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { caseFilterSchema } from './cases.ts';

/*
 * The back office's XLSX import and export and the WeCom directory sync (/api/admin/import…, /export…,
 * /wecomSync; decision 059).
 */

export const IMPORT_KINDS = ['staff', 'clients'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** An import's file: an XLSX of at most this many bytes … */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** … and this many data rows. */
export const IMPORT_MAX_ROWS = 5000;

/**
 * The columns of each import's sheet, in order, as the first row names them. The sample files of
 * fixtures/import/ carry exactly these headers.
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  staff: ['姓名', '手机号', '团队', '岗位', '组长', '性别'],
  clients: ['客户姓名', '手机号', '身份证号', '银行卡号', '贷款金额（元）', '期数（月）', '归属员工手机号', '备注'],
};

const importIdSchema = z.string({ error: '导入编号无效' }).regex(/^[0-9a-f]{32}$/, '导入编号无效');

export const importPreviewRequestSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: '请选择导入类型' }),
});
/** The preview's form as the server reads it: `file` arrives as a Buffer (multipart keyValues); its bytes are checked in the service. */
export const importPreviewUploadSchema = importPreviewRequestSchema.extend({ file: z.unknown().optional() });
export const importErrorSchema = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int(),
  /** The column's header, or '' for the row as a whole. */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;
/**
 * A row whose record the company already holds, by the kind's natural key (a staff member's phone, a client's
 * ID number among open cases): skipped, not an error, so importing a file again adds nothing twice.
 */
export const importSkipSchema = z.object({ row: z.number().int(), message: z.string() });
export type ImportSkip = z.infer<typeof importSkipSchema>;
export const importPreviewSchema = z.object({
  import_id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  columns: z.array(z.string()),
  total: z.number().int(),
  /** Rows that would be imported: neither in error nor already there. */
  valid: z.number().int(),
  /** The first rows as read, for the preview table. */
  rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  errors: z.array(importErrorSchema),
  existing: z.array(importSkipSchema),
  /** The rows in error as an XLSX (the template's columns plus 错误原因) to fix and import again; null when none. */
  errors_url: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importCommitRequestSchema = z.object({ import_id: importIdSchema });
/** GET /api/admin/import/errors: the upload's rows in error as an XLSX. */
export const importErrorsRequestSchema = z.object({ import_id: importIdSchema });
export const importCommitSchema = z.object({
  import_id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  imported: z.number().int(),
  /** True when this upload had been committed before: nothing was imported again. */
  repeated: z.boolean(),
  /** Rows already there (by the natural key), left as they were. */
  skipped: z.array(importSkipSchema),
  /** Rows not imported, with why: listed by row number and downloadable from `errors_url`. */
  errors: z.array(importErrorSchema),
  /** How many rows the errors name. */
  failed: z.number().int(),
  errors_url: z.string().nullable(),
});
export type ImportCommit = z.infer<typeof importCommitSchema>;

export const EXPORT_KINDS = ['cases', 'brokerage'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const optionalId = rowIdSchema().optional().catch(undefined);
/** The case list's filters (clientList), over the whole company, or the brokerage order list's status. */
export const exportStartRequestSchema = caseFilterSchema.extend({
  kind: z.enum(EXPORT_KINDS, { error: '请选择导出内容' }),
  owner_id: optionalId,
  team_id: optionalId,
});
export type ExportStartRequest = z.input<typeof exportStartRequestSchema>;

export const exportIdSchema = z.string({ error: '导出编号无效' }).regex(/^[0-9a-f]{32}$/, '导出编号无效');
export const exportStatusRequestSchema = z.object({ id: exportIdSchema });
export const exportStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(['running', 'done', 'failed']),
  rows_done: z.number().int(),
  rows_total: z.number().int(),
  /** A signed link for the requester, five minutes long, once the file is written. */
  download_url: z.string().nullable(),
  message: z.string(),
});
export type ExportStatus = z.infer<typeof exportStatusSchema>;
export const exportDownloadRequestSchema = z.object({
  id: exportIdSchema,
  exp: z.coerce.number().int(),
  sig: z.string().min(1).max(128),
});

const syncPersonSchema = z.object({ id: z.number().int().nullable(), name: z.string(), userid: z.string() });
export const wecomSyncSchema = z.object({
  created: z.array(syncPersonSchema),
  disabled: z.array(syncPersonSchema),
  updated: z.array(syncPersonSchema.extend({ changes: z.array(z.string()) })),
  skipped: z.array(syncPersonSchema.extend({ reason: z.string() })),
  teams_created: z.array(z.string()),
});
export type WecomSyncResult = z.infer<typeof wecomSyncSchema>;
