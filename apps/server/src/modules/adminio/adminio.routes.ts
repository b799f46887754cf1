import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportDownloadRequestSchema,
  IMPORT_MAX_BYTES,
  importCommitSchema,
  importErrorsRequestSchema,
} from '@crm/domain/api/adminio';
import { RefusedError } from '../../errors.ts';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { AdminioService } from './adminio.service.ts';
import { ADMINIO_TEXTS as T } from './adminio.texts.ts';
import { XLSX_CONTENT_TYPE } from './xlsx.ts';
import * as E from '@crm/domain/endpoints/adminio';

/** An XLSX of personal data, as an attachment no cache keeps. */
const sendXlsx = (reply: FastifyReply, file: { body: Buffer; fileName: string }) =>
  reply
    .type(XLSX_CONTENT_TYPE)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.body);

/** The back office's import, export and WeCom sync (decision 059): staff sessions; the service asks the grant. */
export async function adminioRoutes(root: FastifyInstance, { adminio }: { adminio: AdminioService }) {
  servePrincipals(root, ['staff']);
  const { get, post } = staffRoutes(root, ['admin']);

  post(
    E.preview,
    (me, form) => {
      if (!Buffer.isBuffer(form.file)) throw new RefusedError(T.fileMissing);
      return adminio.previewImport(me, form.kind, form.file, '');
    },
    {
      config: {
        multipartOptions: { limits: { files: 1, fileSize: IMPORT_MAX_BYTES } },
        rateLimit: { max: 30, timeWindow: '1 minute' },
        fileTooLargeMessage: T.fileTooLarge,
      },
    },
  );
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The commit's message says what happened (imported N, or already imported).
  app.post(
    E.commit.path,
    {
      schema: {
        tags: ['admin'],
        summary: E.commit.summary,
        body: E.commit.request,
      },
    },
    async (request) => {
      const { msg, ...data } = await adminio.commitImport(currentStaff(request), request.body.import_id);
      return { code: 0, msg, data: importCommitSchema.parse(data) };
    },
  );

  app.get(
    '/api/admin/import/errors',
    {
      schema: {
        tags: ['admin'],
        summary: '后台：下载导入的错误行（XLSX，模板列加错误原因，改正后可重新导入）',
        querystring: importErrorsRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await adminio.importErrors(currentStaff(request), request.query.import_id);
      return sendXlsx(reply, file);
    },
  );

  post(E.start, (me, form) => adminio.startExport(me, form));
  get(E.status, (me, query) => adminio.exportStatus(me, query.id));
  app.get(
    '/api/admin/export/download',
    {
      schema: {
        tags: ['admin'],
        summary: '后台：下载导出的 XLSX（签名链接，仅导出人）',
        querystring: exportDownloadRequestSchema,
      },
    },
    async (request, reply) => {
      const file = await adminio.download(currentStaff(request), request.query);
      return sendXlsx(reply, file);
    },
  );

  post(E.wecomSync, (me) => adminio.wecomSync(me));
}
