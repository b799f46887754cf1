import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { ESIGN_VERIFY_MAX_BYTES } from '@crm/domain/api/esign';
import { RefusedError } from '../../errors.ts';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import { openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import { SIGNER_SESSION_TTL_MS, type CallContext, type EsignService } from './esign.service.ts';
import { ESIGN_TEXTS as T } from './esign.texts.ts';
import * as E from '@crm/domain/endpoints/esign';

/** The signer's own cookie (decision 054): bound to one order, sent only to the signer's calls. */
export const SIGNER_COOKIE = 'esign_signer';
const SIGNER_PATH = '/api/esign/signer';
/** PDFs one address may have the public verify page check in a minute. */
export const PUBLIC_VERIFY_PER_MINUTE = 10;

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
  // A PDF answers, not the envelope: the contract's path, summary and request, and no response schema.
  app.post(
    E.download.path,
    { schema: { tags, summary: E.download.summary, body: E.download.request } },
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
  // The public verify page (issue 48): anyone may check a PDF they hold. Reading and verifying a file costs
  // CPU, so an address gets a few a minute (the global limiter's key: a caller without a session is its address).
  open.post(
    E.publicVerify,
    (_, form) => {
      if (!Buffer.isBuffer(form.file)) throw new RefusedError(T.badPdf);
      return esign.publicVerify(form.file);
    },
    {
      config: {
        multipartOptions: { limits: { files: 1, fileSize: ESIGN_VERIFY_MAX_BYTES } },
        rateLimit: { max: PUBLIC_VERIFY_PER_MINUTE, timeWindow: '1 minute' },
        fileTooLargeMessage: T.pdfTooLarge,
      },
      consumes: ['multipart/form-data'],
    },
  );
  open.post(E.signerStart, (_, b, request) => esign.start(b.token, contextOf(request)));
  open.post(E.signerCode, (_, b, request) => esign.sendCode(b.token, contextOf(request)), { msg: '验证码已发送' });
  // The rest set or read the signer's cookie, so they are written out, still from their contracts.
  app.post(
    E.signerLogin.path,
    {
      schema: {
        tags,
        summary: E.signerLogin.summary,
        body: E.signerLogin.request,
        response: { 200: envelopeSchema(E.signerLogin.response) },
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
    E.signerDocument.path,
    // No body schema: the call carries no fields, and an empty form may arrive as no body at all.
    {
      schema: { tags, summary: E.signerDocument.summary, response: { 200: envelopeSchema(E.signerDocument.response) } },
    },
    async (request) => ok(await esign.document(await signerOrder(request))),
  );
  app.post(
    E.signerPage.path,
    {
      schema: {
        tags,
        summary: E.signerPage.summary,
        body: E.signerPage.request,
        response: { 200: envelopeSchema(E.signerPage.response) },
      },
    },
    async (request) => ok(await esign.viewPage(await signerOrder(request), request.body.page, contextOf(request))),
  );
  app.post(
    E.signerSign.path,
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: E.signerSign.summary,
        body: E.signerSign.request,
        response: { 200: envelopeSchema(E.signerSign.response) },
      },
    },
    async (request) =>
      ok(await esign.sign(await signerOrder(request), request.body.signature, contextOf(request)), T.signedDone),
  );
  app.post(
    E.signerDownload.path,
    { schema: { tags, summary: E.signerDownload.summary, body: E.signerDownload.request } },
    async (request, reply) =>
      sendPdf(reply, await esign.signerDownload(await signerOrder(request), request.body.file, contextOf(request))),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly sweep of unsigned orders (expiry, reminders), run by tests on their own clock. */
    esignSweep: () => Promise<void>;
  }
}
