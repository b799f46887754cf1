import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';

/**
 * The calls of spec §7 whose features later issues build, by feature. Each answers HTTP 501 with the
 * envelope naming the feature, so a client sees "not built yet" rather than a 404 that looks like a
 * typo, and the route table stays complete. A feature's module deletes its entries when it lands.
 */
export const UPCOMING: Record<string, { get?: string[]; post?: string[] }> = {
  营销活动: {
    post: [
      '/api/crm/addActivityData',
      '/api/crm/getActivityinfo',
      '/api/crm/getActivityDataList',
      '/api/crm/lotteryLogin',
      '/api/crm/coupon',
    ],
  },
  钱包与积分: {
    post: [
      '/api/chattergee/initWxWorkConfig',
      '/api/chattergee/addFiling',
      '/api/chattergee/getFiling',
      '/api/chattergee/getIntegral',
      '/api/chattergee/sendPoint',
      '/api/chattergee/sendQrcode',
      '/api/chattergee/userlist',
    ],
  },
  企业微信工作台: { get: ['/common/wxwork/workList', '/api/oa/test'], post: ['/common/wxwork/addWorkList'] },
};

export async function upcomingRoutes(app: FastifyInstance) {
  // Behind a staff session until each feature's module says whom it serves; the login calls of the
  // partner, channel and visitor flows are public (plugins/public-routes.ts, decision 040).
  servePrincipals(app, ['staff']);
  for (const [feature, { get = [], post = [] }] of Object.entries(UPCOMING)) {
    const answer = async (
      _request: unknown,
      reply: { status: (code: number) => { send: (body: unknown) => unknown } },
    ) => reply.status(501).send({ code: 501, msg: `功能建设中：${feature}`, data: null });
    for (const url of get) app.get(url, { schema: { hide: true } }, answer);
    for (const url of post) app.post(url, { schema: { hide: true } }, answer);
  }
}
