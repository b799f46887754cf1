import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  esignDownloadRequestSchema,
  esignPageViewSchema,
  esignSignedSchema,
  esignSignerDocumentSchema,
  esignSignerFileSchema,
  esignSignerLoginSchema,
  esignSignerStartSchema,
  esignSignRequestSchema,
  esignTokenSchema,
} from '@crm/domain/api/esign';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import { openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import { SIGNER_SESSION_TTL_MS, type CallContext, type EsignService } from './esign.service.ts';
import { ESIGN_TEXTS as T } from './esign.texts.ts';
import * as E from '@crm/domain/endpoints/esign';

/** The signer's own cookie (decision 054): bound to one order, sent only to the signer's calls. */
export const SIGNER_COOKIE = 'esign_signer';
const SIGNER_PATH = '/api/esign/signer';

const contextOf = (request: FastifyRequest): CallContext => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

const sendPdf = (reply: FastifyReply, file: { body: Buffer; name: string }) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .send(file.body);

/** /api/esign: the staff calls (spec §7's five and the extra ones of decision 054). */
export async function esignRoutes(root: FastifyInstance, { esign }: { esign: EsignService }) {
  servePrincipals(root, ['staff']);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['esign'];
  const { post, postSaid } = staffRoutes(root, tags);
  // The writes put the caller's address and browser (contextOf the request) into the evidence.
  postSaid(E.add, (me, b, request) => esign.add(me, b.user_id, contextOf(request)));
  post(E.list, (me, b) => esign.list(me, b));
  post(E.order, (me, b) => esign.order(me, b.id));
  post(E.evidence, (me, b) => esign.evidence(me, b.id));
  post(E.open, (me, b, request) => esign.open(me, b, contextOf(request)), { msg: T.cardSaved });
  post(E.resend, (me, b, request) => esign.resend(me, b.id, contextOf(request)), { msg: T.resent });
  post(E.cancel, (me, b, request) => esign.cancel(me, b.id, contextOf(request)), { msg: T.cancelDone });
  app.post(
    '/api/esign/download',
    { schema: { tags, summary: '下载原始文件、签署后文件或完成证书（PDF）', body: esignDownloadRequestSchema } },
    async (request, reply) =>
      sendPdf(
        reply,
        await esign.download(currentStaff(request), request.body.id, request.body.file, contextOf(request)),
      ),
  );
  post(E.verify, (me, b) => esign.verify(me, Buffer.from(b.pdf, 'base64')), { bodyLimit: 12 * 1024 * 1024 });
}

/**
 * /api/esign/signer/*: the client who signs. Public to the staff session guard (plugins/public-routes.ts):
 * the link's token opens the first three, the signer's own session cookie (SMS code + ID number, bound to
 * one order, 30 minutes) the rest.
 */
export async function esignSignerRoutes(
  root: FastifyInstance,
  { esign, secureCookies }: { esign: EsignService; secureCookies: boolean },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['esign-signer'];
  const signerOrder = (request: FastifyRequest) => esign.signerOrder(request.cookies[SIGNER_COOKIE]);
  const ok = <T>(data: T, msg = 'ok') => ({ code: 0, msg, data });

  const open = openRoutes(root, tags);
  open.post(`${SIGNER_PATH}/start`, '打开签署链接', esignTokenSchema, esignSignerStartSchema, (_, b, request) =>
    esign.start(b.token, contextOf(request)),
  );
  open.post(
    `${SIGNER_PATH}/code`,
    '向签署单登记的手机发送验证码',
    esignTokenSchema,
    z.object({ verifyCode: z.string().optional() }),
    (_, b, request) => esign.sendCode(b.token, contextOf(request)),
    { msg: '验证码已发送' },
  );
  app.post(
    `${SIGNER_PATH}/login`,
    {
      schema: {
        tags,
        summary: '验证码与身份证号核验',
        body: esignSignerLoginSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request, reply) => {
      const token = await esign.login(request.body, contextOf(request));
      void reply.setCookie(SIGNER_COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: SIGNER_PATH,
        maxAge: Math.floor(SIGNER_SESSION_TTL_MS / 1000),
      });
      return ok(null, '验证通过');
    },
  );
  app.post(
    `${SIGNER_PATH}/document`,
    { schema: { tags, summary: '待签署文件', response: { 200: envelopeSchema(esignSignerDocumentSchema) } } },
    async (request) => ok(await esign.document(await signerOrder(request))),
  );
  app.post(
    `${SIGNER_PATH}/page`,
    {
      schema: { tags, summary: '记录阅读页面', body: esignPageViewSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => ok(await esign.viewPage(await signerOrder(request), request.body.page, contextOf(request))),
  );
  app.post(
    `${SIGNER_PATH}/sign`,
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: '手写签名并签署',
        body: esignSignRequestSchema,
        response: { 200: envelopeSchema(esignSignedSchema) },
      },
    },
    async (request) =>
      ok(await esign.sign(await signerOrder(request), request.body.signature, contextOf(request)), T.signedDone),
  );
  app.post(
    `${SIGNER_PATH}/download`,
    { schema: { tags, summary: '下载文件（PDF）', body: esignSignerFileSchema } },
    async (request, reply) =>
      sendPdf(reply, await esign.signerDownload(await signerOrder(request), request.body.file, contextOf(request))),
  );
}
