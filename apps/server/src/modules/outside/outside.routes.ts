import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { inviteSchema, REFERRAL_STATUS_LABELS, type outsideUserSchema } from '@crm/domain/api/outside';
import { statusOptionSchema } from '@crm/domain/api/cases';
import { ForbiddenError } from '../../errors.ts';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { answeringNull, callerRoutes, openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import type { OutsideService, PartnerCaller } from './outside.service.ts';
import { OUTSIDE_TEXTS as T } from './outside.texts.ts';
import * as E from '@crm/domain/endpoints/outside';
import type { Endpoint } from '@crm/domain/endpoints';

export interface OutsideRoutesOptions {
  outside: OutsideService;
  /** PUBLIC_URL: the origin invite links point at, whatever Host the request named. */
  publicUrl: string;
}

/** The partner behind a partner session. */
function currentPartner(request: FastifyRequest): PartnerCaller {
  const principal = currentPrincipal(request);
  if (principal.kind !== 'partner') throw new ForbiddenError(T.partnerOnly);
  return { corpId: principal.corpId, partnerId: principal.partnerId };
}

/**
 * The partner portal's calls (spec §7 outside*, decision 049): a partner session only, but for the two
 * login calls and the invite link's preview, which plugins/public-routes.ts lists.
 */
export async function outsideRoutes(root: FastifyInstance, { outside, publicUrl }: OutsideRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['partner']);
  const tags = ['outside'];
  const { post, get } = callerRoutes(root, tags, currentPartner);
  root.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.sameOriginGet) return;
    const site = request.headers['sec-fetch-site'];
    const mode = request.headers['sec-fetch-mode'];
    if ((site !== undefined && site !== 'same-origin') || mode === 'navigate') throw new ForbiddenError(T.unsafeDelete);
  });

  /** Register and login both open a partner session and answer the account. */
  const signIn = <S extends z.ZodType>(
    { path, summary, request: body, response }: Endpoint<S, typeof outsideUserSchema>,
    run: (input: z.output<S>) => ReturnType<OutsideService['login']>,
    msg: string,
  ) =>
    app.post(
      path,
      { schema: { tags, summary, body, response: { 200: envelopeSchema(response) } } },
      async (request, reply: FastifyReply) => {
        const { token, user } = await run(request.body as z.output<S>);
        app.setSessionCookie(reply, token);
        return { code: 0, msg, data: user };
      },
    );
  signIn(E.outsideRegister, (b) => outside.register(b), T.registered);
  signIn(E.outsideLogin, (b) => outside.login(b), T.loggedIn);

  openRoutes(root, tags).get(E.outsideInvite, (_, q) => outside.inviteInfo(q.code));

  get(E.getOutsideUser, (me) => outside.account(me));
  get(E.getOutsideUserTeam, (me, q) => outside.team(me, q));
  get(E.outsideClientList, (me, q) => outside.listReferrals(me, q));
  get(E.outsideClientDetail, (me, q) => outside.referralDetail(me, q.id));
  post(E.updateOutsideClient, (me, form) => outside.saveReferral(me, form), { msg: T.saved });
  get(E.outsideProduct, (me) => outside.products(me));
  get(E.outsideBank, (me) => outside.banks(me, null));
  get(E.outsideBranchBank, (me, q) => outside.banks(me, q.bank_id));
  get(E.outsideChannelList, (me, q) => outside.channels(me, q));
  post(E.outsideChannelAdd, (me, form) => outside.saveChannel(me, form), { msg: T.channelSaved });
  post(
    E.outsideAddChannel,
    answeringNull((me, q) => outside.setReferralChannel(me, q.client_id, q.channel_id)),
    { msg: T.channelSet },
  );
  // The spec makes this delete a GET. A GET rides along on a cross-site link or image, so it is refused
  // unless the browser says our own page sent it (Sec-Fetch-*); clients without those headers (curl, old
  // WebViews) carry no ambient browser authority.
  get(
    E.outsideDelChannel,
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
    async (request) => ({ code: 0, msg: 'ok', data: await outside.invite(inviter(request), publicUrl) }),
  );
  app.post(
    E.ysbQrcode.path,
    {
      config: both,
      schema: { tags, summary: E.ysbQrcode.summary, response: { 200: envelopeSchema(E.ysbQrcode.response) } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await outside.inviteQr(inviter(request), publicUrl) }),
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

  post(E.ysbUser, (me, q) => outside.ysbUsers(me, q));
  post(E.ysbAudit, (me, q) => outside.audit(me, q));
  post(E.ysbClient, (me, q) => outside.ysbClients(me, q));
  post(E.ysbOutsideClient, (me, q) => outside.ysbClientDetail(me, q.id));
  post(E.revealReferral, (me, q) => outside.revealReferral(me, q));
  post(E.ysbTeam, (me) => outside.ysbTeam(me));
}
