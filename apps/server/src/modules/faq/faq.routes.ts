import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { faqIdRequestSchema, type CopilotEvent, type FaqAnswer } from '@crm/domain/api/faq';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { FaqService } from './faq.service.ts';
import { FAQ_TEXTS as T } from './faq.texts.ts';
import * as E from '@crm/domain/endpoints/faq';
import * as A from '@crm/domain/endpoints/faq-authoring';

/**
 * The FAQ calls (spec §7 faqType, faqCategory, faqList, faqDetail, faqCopilot; decision 053), staff only.
 * faqCopilot streams server-sent events to a client that asks for `text/event-stream`, and answers the
 * whole answer in the envelope to any other.
 */
export async function faqRoutes(root: FastifyInstance, { faq }: { faq: FaqService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['faq'];
  const { get, post } = staffRoutes(root, tags);

  get(E.faqType, (me) => faq.types(me));
  get(E.faqCategory, (me, q) => faq.categories(me, q.type_id));
  post(E.faqList, (me, q) =>
    faq.list(me, {
      keyword: q.keyword,
      typeId: q.type_id,
      categoryId: q.category_id,
      cursor: q.cursor,
      limit: q.limit,
    }),
  );
  post(E.faqDetail, (me, q) => faq.detail(me, q.id));
  post(E.faqFeedback, (me, q) => faq.feedback(me, q.id, q.helpful), { msg: T.voted });
  get(E.faqCopilotHistory, (me) => faq.history(me));

  // FAQ authoring beside the entries (issue 46): company admins; the service asks the grant.
  const admin = staffRoutes(root, ['admin']);
  admin.get(A.faqSynonyms, (me) => faq.synonyms(me));
  admin.post(A.faqSynonymSave, (me, form) => faq.saveSynonym(me, form), { msg: T.synonymSaved });
  admin.post(A.faqSynonymDelete, (me, q) => faq.deleteSynonym(me, q.id), { msg: T.synonymDeleted });
  admin.get(A.faqUnanswered, (me, q) => faq.unansweredPage(me, q));
  admin.post(A.faqUnansweredHandle, (me, q) => faq.markHandled(me, q.id), { msg: T.unansweredHandled });

  app.get(
    '/api/crm/faqImage',
    { schema: { tags, summary: '问答图片', querystring: faqIdRequestSchema } },
    async (request, reply) => {
      const image = await faq.image(currentStaff(request), request.query.id);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );

  app.post(
    E.faqCopilot.path,
    {
      schema: {
        tags,
        summary: E.faqCopilot.summary,
        body: E.faqCopilot.request,
        response: { 200: envelopeSchema(E.faqCopilot.response) },
      },
    },
    async (request, reply) => {
      const me = currentStaff(request);
      // Counted before anything is streamed, so a refusal is still the envelope with its 429.
      await faq.takeSlot(me);
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
      if (!wantsStream) {
        const answer = await faq.ask(me, request.body.question, { delta: () => undefined, replace: () => undefined });
        return { code: 0, msg: 'ok', data: answer };
      }
      // From here the route writes the response itself: headers first, then one event per chunk, flushed
      // as written (no compression, and proxies told not to buffer).
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      raw.flushHeaders();
      const send = (event: CopilotEvent) => {
        if (!raw.writableEnded) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const gone = new AbortController();
      raw.on('close', () => gone.abort());
      try {
        const answer: FaqAnswer = await faq.ask(
          me,
          request.body.question,
          { delta: (text) => send({ type: 'delta', text }), replace: (text) => send({ type: 'replace', text }) },
          gone.signal,
        );
        send({ type: 'done', answer });
      } catch (error) {
        request.log.error({ err: error }, 'copilot stream failed');
        send({ type: 'error', msg: T.streamBroken });
      } finally {
        raw.end();
      }
      return reply;
    },
  );
}
