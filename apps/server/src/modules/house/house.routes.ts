import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allotHouseRequestSchema,
  getHouseAuditRequestSchema,
  getHouseChannelListRequestSchema,
  getHouseList2RequestSchema,
  getHouseListRequestSchema,
  houseAuditListSchema,
  houseBrokerageListSchema,
  houseBrokerageSummarySchema,
  houseBrokerageUserListSchema,
  houseChannelListSchema,
  houseClientListSchema,
  houseDetailSchema,
  houseImageListSchema,
  houseImgRequestSchema,
  houseOrderListRequestSchema,
  houseOrderListSchema,
  houseRecommendListSchema,
  houseSignSubmitRequestSchema,
  houseStaffSchema,
  houseStatusSchema,
  idRequestSchema,
  okResponseSchema,
  orderStatusSummarySchema,
  pageRequestSchema,
  setBrokerageResponseSchema,
  updateHouseAuditRequestSchema,
  updateHouseOrderRequestSchema,
  updateHouseOrderStatusRequestSchema,
} from '@crm/domain/api/house';
import { envelopeSchema } from '@crm/domain/api/envelope';
import {
  houseBrokerageUserFormSchema,
  houseChannelFormSchema,
  houseClientFormSchema,
  houseRecommendFormSchema,
  idSchema,
  setBrokerageFormSchema,
} from '@crm/domain/house';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import type { HouseService } from './house.service.ts';

const ok = <T>(data: T) => ({ code: 0, msg: 'ok', data });

/** Multipart file fields arrive as Buffers (attachFieldsToBody: 'keyValues'). */
const addHouseImgSchema = houseImgRequestSchema.extend({
  file: z.instanceof(Buffer, { message: '请选择图片' }),
});

/** The House CRM calls of spec §7 (plus decision 031's additions), all behind a staff session. */
export async function houseRoutes(root: FastifyInstance, { house }: { house: HouseService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['house'];

  // The helpers register through the plain instance: the handler's own signature already ties its
  // answer to the response schema, which fastify's generic inference cannot follow through a helper.
  const post = <B extends z.ZodType, R extends z.ZodType>(
    name: string,
    summary: string,
    body: B,
    response: R,
    handler: (me: ReturnType<typeof currentStaff>, input: z.output<B>) => Promise<z.input<R>>,
    config: FastifyContextConfig = {},
  ) =>
    root.post(
      `/api/crm/${name}`,
      { config, schema: { tags, summary, body, response: { 200: envelopeSchema(response) } } },
      async (request) => ok(await handler(currentStaff(request), request.body as z.output<B>)),
    );

  const get = <Q extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    response: R,
    handler: (me: ReturnType<typeof currentStaff>, input: z.output<Q>) => Promise<z.input<R>>,
  ) =>
    root.get(
      path,
      { schema: { tags, summary, querystring, response: { 200: envelopeSchema(response) } } },
      async (request) => ok(await handler(currentStaff(request), request.query as z.output<Q>)),
    );

  // ---- clients ----
  post('addHouseClient', '新增房贷客户', houseClientFormSchema, okResponseSchema, (me, form) => house.addClient(me, form));
  post('getHouseList', '我的房贷客户（搜索、筛选、分页）', getHouseListRequestSchema, houseClientListSchema, (me, q) => house.listClients(me, q));
  post('getHouseList2', '房贷管家的客户', getHouseList2RequestSchema, houseClientListSchema, (me, q) => house.stewardClients(me, q.page, q.steward_status));
  post('getHouseCard', '卡分期客户（房贷管家）', pageRequestSchema, houseClientListSchema, (me, q) => house.stewardCards(me, q.page));
  get('/api/crm/getHouseDetail', '房贷客户详情与推荐链', idRequestSchema, houseDetailSchema, (me, q) => house.detail(me, q.id));
  post('delHouseClient', '删除房贷客户', idRequestSchema, okResponseSchema, (me, q) => house.deleteClient(me, q.id));
  get('/api/crm/houseTeam', '团队房贷客户（团队长）', pageRequestSchema, houseClientListSchema, (me, q) => house.teamClients(me, q.page, q.keyword));
  get('/common/houseStatus', '房贷客户状态选项', z.object({}), houseStatusSchema, async () => house.statusOptions());

  // ---- images ----
  post('addHouseImg', '上传房贷客户资料图片', addHouseImgSchema, okResponseSchema, (me, q) => house.addImage(me, q.id, q.house_type, q.file), IMAGE_UPLOAD_CONFIG);
  get('/api/crm/getHouseImg', '房贷客户资料图片（按类型）', houseImgRequestSchema, houseImageListSchema, (me, q) => house.listImages(me, q.id, q.house_type));
  app.get(
    '/api/crm/houseImgFile/:id',
    { schema: { tags, summary: '房贷资料图片文件（校验客户权限）', params: z.object({ id: idSchema }) } },
    async (request, reply) => {
      const { mime, bytes } = await house.imageFile(currentStaff(request), request.params.id);
      // Private: the image is a client's document; nothing between us and the phone may keep it.
      return reply.type(mime).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(bytes);
    },
  );

  // ---- channels, recommendations, receivers ----
  post('addHouseChannel', '新增房贷渠道', houseChannelFormSchema, okResponseSchema, (me, form) => house.addChannel(me, form));
  post('getHouseChannelList', '房贷渠道列表', getHouseChannelListRequestSchema, houseChannelListSchema, (me, q) => house.listChannels(me, q.page, q.keyword, q.id));
  post('addHouseRecommend', '新增推荐', houseRecommendFormSchema, okResponseSchema, (me, form) => house.addRecommend(me, form));
  post('getHouseRecommend', '推荐列表', pageRequestSchema, houseRecommendListSchema, (me, q) => house.listRecommends(me, q.page));
  post('addHouseBrokerageUser', '新增返佣人', houseBrokerageUserFormSchema, okResponseSchema, (me, form) => house.addBrokerageUser(me, form));
  post('houseBrokerageUser', '返佣人列表', pageRequestSchema, houseBrokerageUserListSchema, (me, q) => house.listBrokerageUsers(me, q.page, q.keyword));

  // ---- brokerage, audits, orders ----
  post('setHouseBrokerage', '设置客户返佣', setBrokerageFormSchema, setBrokerageResponseSchema, (me, form) => house.setBrokerage(me, form));
  post('houseBrokerage', '返佣数据汇总（房贷财务）', z.object({}), houseBrokerageSummarySchema, (me) => house.brokerageSummary(me));
  post('houseBrokerageList', '已设返佣的客户（房贷财务）', pageRequestSchema, houseBrokerageListSchema, (me, q) => house.brokerageClients(me, q.page));
  post('getHouseAudit', '超限返佣审批列表', getHouseAuditRequestSchema, houseAuditListSchema, (me, q) => house.listAudits(me, q.page, q.status));
  post('updateHouseAudit', '审批超限返佣', updateHouseAuditRequestSchema, okResponseSchema, (me, q) => house.decideAudit(me, q));
  post('houseBrokerageOrder', '返佣单汇总（按状态）', z.object({}), orderStatusSummarySchema, (me) => house.orderSummary(me));
  post('houseBrokerageOrderList', '返佣单列表', houseOrderListRequestSchema, houseOrderListSchema, (me, q) => house.listOrders(me, q.page, q.status));
  post('updateHouseBrokerageOrder', '修改返佣单（备注、打款流水号）', updateHouseOrderRequestSchema, okResponseSchema, (me, q) => house.updateOrder(me, q));
  post('updateHouseBrokerageStatus', '返佣单打款或作废', updateHouseOrderStatusRequestSchema, okResponseSchema, (me, q) => house.updateOrderStatus(me, q.id, q.status));

  // ---- allocation and docking (decision 031) ----
  get('/api/crm/houseStaff', '可分配的员工（房贷财务组长）', z.object({}), houseStaffSchema, (me) => house.staffOptions(me));
  post('allotHouse', '分配渠道或客户（房贷财务组长）', allotHouseRequestSchema, okResponseSchema, (me, q) => house.allot(me, q));
  post('houseSignSubmit', '房贷管家提交签约（对接签约中心）', houseSignSubmitRequestSchema, okResponseSchema, (me, q) => house.submitSign(me, q));
}
