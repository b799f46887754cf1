import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { pageRequestSchema } from '@crm/domain/api/page';
import {
  inviteQrSchema,
  inviteSchema,
  outsideAddChannelRequestSchema,
  outsideBankSchema,
  outsideBranchBankQuerySchema,
  outsideChannelAddRequestSchema,
  outsideChannelPageSchema,
  outsideClientListRequestSchema,
  outsideIdQuerySchema,
  outsideInviteQuerySchema,
  outsideInviteSchema,
  outsideLoginRequestSchema,
  outsideProductSchema,
  outsideRegisterRequestSchema,
  outsideUserSchema,
  partnerPageSchema,
  partnerRowSchema,
  referralDetailSchema,
  referralPageSchema,
  REFERRAL_STATUS_LABELS,
  savedReferralSchema,
  updateOutsideClientRequestSchema,
  ysbAuditRequestSchema,
  ysbClientRequestSchema,
  ysbTeamSchema,
  ysbUserRequestSchema,
} from '@crm/domain/api/outside';
import { statusOptionSchema } from '@crm/domain/api/cases';
import { requestOrigin } from '../../plugins/origin.ts';
import { ForbiddenError } from '../../errors.ts';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { answeringNull, callerRoutes, openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import type { OutsideService, PartnerCaller } from './outside.service.ts';
import { OUTSIDE_TEXTS as T } from './outside.texts.ts';

export interface OutsideRoutesOptions {
  outside: OutsideService;
  /** PUBLIC_URL when set: the origin invite links point at. */
  publicUrl: string | undefined;
}

/** The partner behind a partner session. */
function currentPartner(request: FastifyRequest): PartnerCaller {
  const principal = currentPrincipal(request);
  if (principal.kind !== 'partner') throw new ForbiddenError(T.partnerOnly);
  return { corpId: principal.corpId, partnerId: principal.partnerId };
}

const idOnly = z.object({ id: outsideIdQuerySchema.shape.id });

/**
 * The partner portal's calls (spec §7 outside*, decision 049): a partner session only, but for the two
 * login calls and the invite link's preview, which plugins/public-routes.ts lists.
 */
export async function outsideRoutes(root: FastifyInstance, { outside, publicUrl }: OutsideRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['partner']);
  const tags = ['outside'];
  const { post, get } = callerRoutes(root, tags, currentPartner);
  const origin = requestOrigin(publicUrl);
  root.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.sameOriginGet) return;
    const site = request.headers['sec-fetch-site'];
    const mode = request.headers['sec-fetch-mode'];
    if ((site !== undefined && site !== 'same-origin') || mode === 'navigate') throw new ForbiddenError(T.unsafeDelete);
  });

  /** Register and login both open a partner session and answer the account. */
  const signIn = <S extends z.ZodType>(
    url: string,
    summary: string,
    body: S,
    run: (input: z.output<S>) => ReturnType<OutsideService['login']>,
    msg: string,
  ) =>
    app.post(
      url,
      { schema: { tags, summary, body, response: { 200: envelopeSchema(outsideUserSchema) } } },
      async (request, reply: FastifyReply) => {
        const { token, user } = await run(request.body as z.output<S>);
        app.setSessionCookie(reply, token);
        return { code: 0, msg, data: user };
      },
    );
  signIn(
    '/api/crm/outsideRegister',
    '合作伙伴注册（邀请码＋短信验证码）',
    outsideRegisterRequestSchema,
    (b) => outside.register(b),
    T.registered,
  );
  signIn(
    '/api/crm/outsideLogin',
    '合作伙伴登录（短信验证码）',
    outsideLoginRequestSchema,
    (b) => outside.login(b),
    T.loggedIn,
  );

  openRoutes(root, tags).get(
    '/api/crm/outsideInvite',
    '邀请链接的公司与邀请人（注册前）',
    outsideInviteQuerySchema,
    outsideInviteSchema,
    (_, q) => outside.inviteInfo(q.code),
  );

  get('/api/crm/getOutsideUser', '我的合作伙伴账号', z.object({}), outsideUserSchema, (me) => outside.account(me));
  get('/api/crm/getOutsideUserTeam', '我邀请的合作伙伴', pageRequestSchema, partnerPageSchema, (me, q) =>
    outside.team(me, q),
  );
  get(
    '/api/crm/outsideClientList',
    '我的报备（scope=team：下级伙伴的）',
    outsideClientListRequestSchema,
    referralPageSchema,
    (me, q) => outside.listReferrals(me, q),
  );
  get('/api/crm/outsideClientDetail', '报备详情', outsideIdQuerySchema, referralDetailSchema, (me, q) =>
    outside.referralDetail(me, q.id),
  );
  post(
    '/api/crm/updateOutsideClient',
    '报备客户或修改保护期内的报备（幂等键防重复）',
    updateOutsideClientRequestSchema,
    savedReferralSchema,
    (me, form) => outside.saveReferral(me, form),
    { msg: T.saved },
  );
  get('/api/crm/outsideProduct', '可报备的产品', z.object({}), z.array(outsideProductSchema), (me) =>
    outside.products(me),
  );
  get('/api/crm/outsideBank', '银行', z.object({}), z.array(outsideBankSchema), (me) => outside.banks(me, null));
  get('/api/crm/outsideBranchBank', '银行的支行', outsideBranchBankQuerySchema, z.array(outsideBankSchema), (me, q) =>
    outside.banks(me, q.bank_id),
  );
  get('/api/crm/outsideChannelList', '我的渠道', pageRequestSchema, outsideChannelPageSchema, (me, q) =>
    outside.channels(me, q),
  );
  post(
    '/api/crm/outsideChannelAdd',
    '新增或修改渠道',
    outsideChannelAddRequestSchema,
    idOnly,
    (me, form) => outside.saveChannel(me, form),
    { msg: T.channelSaved },
  );
  post(
    '/api/crm/outsideAddChannel',
    '把报备归入渠道',
    outsideAddChannelRequestSchema,
    z.null(),
    answeringNull((me, q) => outside.setReferralChannel(me, q.client_id, q.channel_id)),
    { msg: T.channelSet },
  );
  // The spec makes this delete a GET. A GET rides along on a cross-site link or image, so it is refused
  // unless the browser says our own page sent it (Sec-Fetch-*); clients without those headers (curl, old
  // WebViews) carry no ambient browser authority.
  get(
    '/api/crm/outsideDelChannel',
    '删除渠道',
    outsideIdQuerySchema,
    z.null(),
    answeringNull((me, q) => outside.deleteChannel(me, q.id)),
    { msg: T.channelDeleted, config: { sameOriginGet: true } },
  );

  app.get(
    '/common/outsideStatus',
    {
      config: { principals: ['partner', 'staff'] },
      schema: { tags, summary: '报备状态', response: { 200: envelopeSchema(z.array(statusOptionSchema)) } },
    },
    async () => ({
      code: 0,
      msg: 'ok',
      data: Object.entries(REFERRAL_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label })),
    }),
  );

  // ---- invitations: staff and approved partners alike ----
  const inviter = (request: FastifyRequest) => {
    const principal = currentPrincipal(request);
    if (principal.kind === 'staff') return { staff: principal.staff };
    return { partner: currentPartner(request) };
  };
  const both = { principals: ['staff', 'partner'] as const };
  app.post(
    '/api/crm/ysbInvite',
    {
      config: both,
      schema: { tags, summary: '我的邀请码与邀请链接', response: { 200: envelopeSchema(inviteSchema) } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await outside.invite(inviter(request), origin(request)) }),
  );
  app.post(
    '/api/crm/ysbQrcode',
    {
      config: both,
      schema: { tags, summary: '邀请链接的二维码（PNG）', response: { 200: envelopeSchema(inviteQrSchema) } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await outside.inviteQr(inviter(request), origin(request)) }),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes something (the spec's outsideDelChannel): only from our own pages. */
    sameOriginGet?: boolean;
  }
}

/** The staff side of partners (spec §7 ysb*): /business/ysb*, /business/houseYsb/{id}, /team/ysb. */
export async function ysbRoutes(root: FastifyInstance, { outside }: { outside: OutsideService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const { post } = staffRoutes(root, ['ysb']);

  post('/api/crm/ysbUser', '我（或本团队）邀请的合作伙伴', ysbUserRequestSchema, partnerPageSchema, (me, q) =>
    outside.ysbUsers(me, q),
  );
  post('/api/crm/ysbAudit', '审核合作伙伴（通过／不通过）', ysbAuditRequestSchema, partnerRowSchema, (me, q) =>
    outside.audit(me, q),
  );
  post('/api/crm/ysbClient', '合作伙伴的报备', ysbClientRequestSchema, referralPageSchema, (me, q) =>
    outside.ysbClients(me, q),
  );
  post('/api/crm/ysbOutsideClient', '一条报备（员工查看、转为报单）', idOnly, referralDetailSchema, (me, q) =>
    outside.ysbClientDetail(me, q.id),
  );
  post('/api/crm/ysbTeam', '本团队成员的合作伙伴与报备', z.object({}), ysbTeamSchema, (me) => outside.ysbTeam(me));
}
