import type { FastifyInstance } from 'fastify';
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
  houseRecommendDetailSchema,
  houseRecommendListSchema,
  houseSignSubmitRequestSchema,
  houseStaffSchema,
  houseStatusSchema,
  idRequestSchema,
  okResponseSchema,
  orderStatusSummarySchema,
  keywordPageRequestSchema,
  setBrokerageResponseSchema,
  updateHouseAuditRequestSchema,
  updateHouseOrderRequestSchema,
  updateHouseOrderStatusRequestSchema,
} from '@crm/domain/api/house';
import {
  houseBrokerageUserFormSchema,
  houseChannelFormSchema,
  houseClientFormSchema,
  houseRecommendFormSchema,
  setBrokerageFormSchema,
} from '@crm/domain/house';
import { houseChannelEntrySchema, houseChannelStatusRequestSchema } from '@crm/domain/api/houseloan';
import { pageRequestSchema } from '@crm/domain/api/page';
import { requestOrigin } from '../../plugins/origin.ts';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { HouseService } from './house.service.ts';

/** Multipart file fields arrive as Buffers (attachFieldsToBody: 'keyValues'). */
const addHouseImgSchema = houseImgRequestSchema.extend({
  file: z.instanceof(Buffer, { message: '请选择图片' }),
});

/** The House CRM calls of spec §7 (plus decision 031's additions), all behind a staff session. */
export async function houseRoutes(
  root: FastifyInstance,
  { house, publicUrl }: { house: HouseService; publicUrl: string | undefined },
) {
  const origin = requestOrigin(publicUrl);
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['house']);

  // ---- clients ----
  post('/api/crm/addHouseClient', '新增房贷客户', houseClientFormSchema, okResponseSchema, (me, form) =>
    house.addClient(me, form),
  );
  post(
    '/api/crm/getHouseList',
    '我的房贷客户（搜索、筛选、分页）',
    getHouseListRequestSchema,
    houseClientListSchema,
    (me, q) => house.listClients(me, q),
  );
  post('/api/crm/getHouseList2', '房贷管家的客户', getHouseList2RequestSchema, houseClientListSchema, (me, q) =>
    house.stewardClients(me, q, q.steward_status),
  );
  post('/api/crm/getHousePool', '渠道报单待接单（房贷管家）', pageRequestSchema, houseClientListSchema, (me, q) =>
    house.stewardPool(me, q),
  );
  post('/api/crm/getHouseCard', '卡分期客户（房贷管家）', keywordPageRequestSchema, houseClientListSchema, (me, q) =>
    house.stewardCards(me, q),
  );
  get('/api/crm/getHouseDetail', '房贷客户详情与推荐链', idRequestSchema, houseDetailSchema, (me, q) =>
    house.detail(me, q.id),
  );
  post('/api/crm/delHouseClient', '删除房贷客户', idRequestSchema, okResponseSchema, (me, q) =>
    house.deleteClient(me, q.id),
  );
  get('/api/crm/houseTeam', '团队房贷客户（团队长）', keywordPageRequestSchema, houseClientListSchema, (me, q) =>
    house.teamClients(me, q, q.keyword),
  );
  get('/common/houseStatus', '房贷客户状态选项', z.object({}), houseStatusSchema, async () => house.statusOptions());

  // ---- images ----
  post(
    '/api/crm/addHouseImg',
    '上传房贷客户资料图片',
    addHouseImgSchema,
    okResponseSchema,
    (me, q) => house.addImage(me, q.id, q.house_type, q.file),
    { config: IMAGE_UPLOAD_CONFIG },
  );
  post('/api/crm/delHouseImg', '删除房贷客户资料图片（新建客户）', idRequestSchema, okResponseSchema, (me, q) =>
    house.deleteImage(me, q.id),
  );
  get('/api/crm/getHouseImg', '房贷客户资料图片（按类型）', houseImgRequestSchema, houseImageListSchema, (me, q) =>
    house.listImages(me, q.id, q.house_type),
  );

  // ---- channels, recommendations, receivers ----
  post('/api/crm/addHouseChannel', '新增房贷渠道', houseChannelFormSchema, okResponseSchema, (me, form) =>
    house.addChannel(me, form),
  );
  post(
    '/api/crm/getHouseChannelList',
    '房贷渠道列表',
    getHouseChannelListRequestSchema,
    houseChannelListSchema,
    (me, q) => house.listChannels(me, q, q.keyword, q.id),
  );
  post(
    '/api/crm/houseChannelStatus',
    '停用或启用渠道（渠道经纪人随之不能登录）',
    houseChannelStatusRequestSchema,
    okResponseSchema,
    (me, q) => house.setChannelEnabled(me, q.id, q.enabled),
  );
  get(
    '/api/crm/houseChannelEntry',
    '渠道经纪人的登录入口（链接与二维码）',
    idRequestSchema,
    houseChannelEntrySchema,
    (me, q, request) => house.channelEntry(me, q.id, origin(request)),
  );
  post('/api/crm/addHouseRecommend', '新增推荐', houseRecommendFormSchema, okResponseSchema, (me, form) =>
    house.addRecommend(me, form),
  );
  post('/api/crm/getHouseRecommend', '推荐列表', keywordPageRequestSchema, houseRecommendListSchema, (me, q) =>
    house.listRecommends(me, q),
  );
  get(
    '/api/crm/getHouseRecommendDetail',
    '推荐详情（记录人与房贷财务）',
    idRequestSchema,
    houseRecommendDetailSchema,
    (me, q) => house.recommendDetail(me, q.id),
  );
  post('/api/crm/addHouseBrokerageUser', '新增返佣人', houseBrokerageUserFormSchema, okResponseSchema, (me, form) =>
    house.addBrokerageUser(me, form),
  );
  post('/api/crm/houseBrokerageUser', '返佣人列表', keywordPageRequestSchema, houseBrokerageUserListSchema, (me, q) =>
    house.listBrokerageUsers(me, q, q.keyword),
  );

  // ---- brokerage, audits, orders ----
  post('/api/crm/setHouseBrokerage', '设置客户返佣', setBrokerageFormSchema, setBrokerageResponseSchema, (me, form) =>
    house.setBrokerage(me, form),
  );
  post('/api/crm/houseBrokerage', '返佣数据汇总（房贷财务）', z.object({}), houseBrokerageSummarySchema, (me) =>
    house.brokerageSummary(me),
  );
  post(
    '/api/crm/houseBrokerageList',
    '已设返佣的客户（房贷财务）',
    keywordPageRequestSchema,
    houseBrokerageListSchema,
    (me, q) => house.brokerageClients(me, q),
  );
  post('/api/crm/getHouseAudit', '超限返佣审批列表', getHouseAuditRequestSchema, houseAuditListSchema, (me, q) =>
    house.listAudits(me, q, q.status),
  );
  post('/api/crm/updateHouseAudit', '审批超限返佣', updateHouseAuditRequestSchema, okResponseSchema, (me, q) =>
    house.decideAudit(me, q),
  );
  post('/api/crm/houseBrokerageOrder', '返佣单汇总（按状态）', z.object({}), orderStatusSummarySchema, (me) =>
    house.orderSummary(me),
  );
  post('/api/crm/houseBrokerageOrderList', '返佣单列表', houseOrderListRequestSchema, houseOrderListSchema, (me, q) =>
    house.listOrders(me, q, q.status),
  );
  post(
    '/api/crm/updateHouseBrokerageOrder',
    '修改返佣单（备注、打款流水号）',
    updateHouseOrderRequestSchema,
    okResponseSchema,
    (me, q) => house.updateOrder(me, q),
  );
  post(
    '/api/crm/updateHouseBrokerageStatus',
    '返佣单打款或作废',
    updateHouseOrderStatusRequestSchema,
    okResponseSchema,
    (me, q) => house.updateOrderStatus(me, q.id, q.status),
  );

  // ---- allocation and docking (decision 031) ----
  get('/api/crm/houseStaff', '可分配的员工（房贷财务组长）', z.object({}), houseStaffSchema, (me) =>
    house.staffOptions(me),
  );
  post('/api/crm/allotHouse', '分配渠道或客户（房贷财务组长）', allotHouseRequestSchema, okResponseSchema, (me, q) =>
    house.allot(me, q),
  );
  post(
    '/api/crm/houseSignSubmit',
    '房贷管家提交签约（对接签约中心）',
    houseSignSubmitRequestSchema,
    okResponseSchema,
    (me, q) => house.submitSign(me, q),
  );
}
