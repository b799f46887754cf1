import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as E from '@crm/domain/endpoints/contactways';
import { CallbackError } from '../../adapters/wecom/index.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { ContactWaysService } from './contactways.service.ts';
import { CONTACT_WAY_TEXTS as T } from './contactways.texts.ts';

/** The callback URL an admin enters in WeCom (客户联系 → API → 接收事件服务器): one per company. */
export const CALLBACK_PATH = '/api/wecom/callback/:corp';
export const callbackPathOf = (corpId: number) => `/api/wecom/callback/${corpId}`;

/** WeCom's add-contact events are a few hundred bytes; anything much larger is not WeCom's. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

const callbackParams = z.object({ corp: z.coerce.number().int().positive().max(2_147_483_647) });
/** Read in the handler, not by the route's schema: a malformed query is one more refusal, answered like the rest. */
const callbackQuery = z.object({
  msg_signature: z.string().max(64).optional(),
  timestamp: z.string().max(16).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(4096).optional(),
});

const queryOf = (query: unknown) => {
  const parsed = callbackQuery.safeParse(query);
  if (!parsed.success) throw new CallbackError('signature');
  return parsed.data;
};

/** 渠道活码's calls (issue 50 point 1, decision 083): any member for their own QRs, company admins for all. */
export async function contactWaysRoutes(root: FastifyInstance, { contactWays }: { contactWays: ContactWaysService }) {
  const { get, post, postSaid } = staffRoutes(root, ['contactways']);
  get(E.contactWays, (me) => contactWays.list(me));
  get(E.contactWayMembers, (me) => contactWays.members(me));
  post(E.contactWayCreate, (me, form) => contactWays.create(me, form), { msg: T.created });
  post(E.contactWayDisable, (me, q) => contactWays.disable(me, q.id), { msg: T.disabled });
  get(E.contactWayStats, (me) => contactWays.stats(me));
  postSaid(E.contactWaySimulate, (me, q) => contactWays.simulate(me, q.id));

  /*
   * WeCom's callback: plain text answers (the echostr, or "success"), XML bodies. A refused request gets a
   * non-200 answer, which WeCom counts as a failure; nothing about why leaves the server (the log says).
   */
  await root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    const refused = (error: unknown) => {
      if (!(error instanceof CallbackError)) throw error;
      // One answer for every refusal: WeCom retries any non-200, and a forger learns nothing from which.
      return 400;
    };
    scope.get(
      CALLBACK_PATH,
      {
        schema: {
          tags: ['contactways'],
          summary: '企业微信回调 URL 校验（渠道活码）',
          params: callbackParams,
        },
      },
      async (request, reply) => {
        try {
          const echo = contactWays.verifyUrl(queryOf(request.query));
          return await reply.type('text/plain; charset=utf-8').send(echo);
        } catch (error) {
          request.log.warn(
            { fault: error instanceof CallbackError ? error.fault : 'error' },
            'WeCom URL check refused',
          );
          return reply.code(refused(error)).type('text/plain; charset=utf-8').send('');
        }
      },
    );
    scope.post(
      CALLBACK_PATH,
      {
        schema: {
          tags: ['contactways'],
          summary: '企业微信事件回调（添加企业客户）',
          params: callbackParams,
        },
      },
      async (request, reply) => {
        const { corp } = callbackParams.parse(request.params);
        try {
          const body = typeof request.body === 'string' ? request.body : '';
          const outcome = await contactWays.receive(corp, queryOf(request.query), body);
          request.log.info({ corp, outcome }, 'WeCom callback');
          return await reply.type('text/plain; charset=utf-8').send('success');
        } catch (error) {
          request.log.warn({ fault: error instanceof CallbackError ? error.fault : 'error' }, 'WeCom callback refused');
          return reply.code(refused(error)).type('text/plain; charset=utf-8').send('');
        }
      },
    );
  });
}
