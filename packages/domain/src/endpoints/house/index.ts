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
  keywordPageRequestSchema,
  okResponseSchema,
  orderStatusSummarySchema,
  revealResponseSchema,
  revealHouseContactRequestSchema,
  setBrokerageResponseSchema,
  updateHouseAuditRequestSchema,
  updateHouseOrderRequestSchema,
  updateHouseOrderStatusRequestSchema,
} from '../../api/house.ts';
import { houseChannelEntrySchema, houseChannelStatusRequestSchema } from '../../api/houseloan.ts';
import { pageRequestSchema } from '../../api/page.ts';
import {
  houseBrokerageUserFormSchema,
  houseChannelFormSchema,
  houseClientFormSchema,
  houseRecommendFormSchema,
  setBrokerageFormSchema,
} from '../../house/index.ts';
import { z } from 'zod';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The House CRM calls of spec §7 (plus decision 031's additions). */

export const addHouseClient = endpoint({
  path: '/api/crm/addHouseClient',
  summary: '新增房贷客户',
  request: houseClientFormSchema,
  response: okResponseSchema,
});

export const getHouseList = endpoint({
  path: '/api/crm/getHouseList',
  summary: '我的房贷客户（搜索、筛选、分页）',
  request: getHouseListRequestSchema,
  response: houseClientListSchema,
});

export const getHouseList2 = endpoint({
  path: '/api/crm/getHouseList2',
  summary: '房贷管家的客户',
  request: getHouseList2RequestSchema,
  response: houseClientListSchema,
});

export const getHousePool = endpoint({
  path: '/api/crm/getHousePool',
  summary: '渠道报单待接单（房贷管家）',
  request: pageRequestSchema,
  response: houseClientListSchema,
});

export const getHouseCard = endpoint({
  path: '/api/crm/getHouseCard',
  summary: '卡分期客户（房贷管家）',
  request: keywordPageRequestSchema,
  response: houseClientListSchema,
});

export const getHouseDetail = endpoint({
  path: '/api/crm/getHouseDetail',
  summary: '房贷客户详情与推荐链',
  request: idRequestSchema,
  response: houseDetailSchema,
});

export const delHouseClient = endpoint({
  path: '/api/crm/delHouseClient',
  summary: '删除房贷客户',
  request: idRequestSchema,
  response: okResponseSchema,
});

export const houseTeam = endpoint({
  path: '/api/crm/houseTeam',
  summary: '团队房贷客户（团队长）',
  request: keywordPageRequestSchema,
  response: houseClientListSchema,
});

export const houseStatus = endpoint({
  path: '/common/houseStatus',
  summary: '房贷客户状态选项',
  request: noFieldsSchema,
  response: houseStatusSchema,
});

/** A document image, multipart: `file` arrives as a Buffer, checked by the server's route. */
export const addHouseImg = endpoint({
  path: '/api/crm/addHouseImg',
  summary: '上传房贷客户资料图片',
  request: houseImgRequestSchema.extend({ file: z.unknown().optional() }),
  response: okResponseSchema,
});

export const delHouseImg = endpoint({
  path: '/api/crm/delHouseImg',
  summary: '删除房贷客户资料图片（新建客户）',
  request: idRequestSchema,
  response: okResponseSchema,
});

export const getHouseImg = endpoint({
  path: '/api/crm/getHouseImg',
  summary: '房贷客户资料图片（按类型）',
  request: houseImgRequestSchema,
  response: houseImageListSchema,
});

export const addHouseChannel = endpoint({
  path: '/api/crm/addHouseChannel',
  summary: '新增房贷渠道',
  request: houseChannelFormSchema,
  response: okResponseSchema,
});

export const getHouseChannelList = endpoint({
  path: '/api/crm/getHouseChannelList',
  summary: '房贷渠道列表',
  request: getHouseChannelListRequestSchema,
  response: houseChannelListSchema,
});

export const houseChannelStatus = endpoint({
  path: '/api/crm/houseChannelStatus',
  summary: '停用或启用渠道（渠道经纪人随之不能登录）',
  request: houseChannelStatusRequestSchema,
  response: okResponseSchema,
});

export const houseChannelEntry = endpoint({
  path: '/api/crm/houseChannelEntry',
  summary: '渠道经纪人的登录入口（链接与二维码）',
  request: idRequestSchema,
  response: houseChannelEntrySchema,
});

export const addHouseRecommend = endpoint({
  path: '/api/crm/addHouseRecommend',
  summary: '新增推荐',
  request: houseRecommendFormSchema,
  response: okResponseSchema,
});

export const getHouseRecommend = endpoint({
  path: '/api/crm/getHouseRecommend',
  summary: '推荐列表',
  request: keywordPageRequestSchema,
  response: houseRecommendListSchema,
});

export const getHouseRecommendDetail = endpoint({
  path: '/api/crm/getHouseRecommendDetail',
  summary: '推荐详情（记录人与房贷财务）',
  request: idRequestSchema,
  response: houseRecommendDetailSchema,
});

export const addHouseBrokerageUser = endpoint({
  path: '/api/crm/addHouseBrokerageUser',
  summary: '新增返佣人',
  request: houseBrokerageUserFormSchema,
  response: okResponseSchema,
});

export const houseBrokerageUser = endpoint({
  path: '/api/crm/houseBrokerageUser',
  summary: '返佣人列表',
  request: keywordPageRequestSchema,
  response: houseBrokerageUserListSchema,
});

export const setHouseBrokerage = endpoint({
  path: '/api/crm/setHouseBrokerage',
  summary: '设置客户返佣',
  request: setBrokerageFormSchema,
  response: setBrokerageResponseSchema,
});

export const houseBrokerage = endpoint({
  path: '/api/crm/houseBrokerage',
  summary: '返佣数据汇总（房贷财务）',
  request: noFieldsSchema,
  response: houseBrokerageSummarySchema,
});

export const houseBrokerageList = endpoint({
  path: '/api/crm/houseBrokerageList',
  summary: '已设返佣的客户（房贷财务）',
  request: keywordPageRequestSchema,
  response: houseBrokerageListSchema,
});

export const getHouseAudit = endpoint({
  path: '/api/crm/getHouseAudit',
  summary: '超限返佣审批列表',
  request: getHouseAuditRequestSchema,
  response: houseAuditListSchema,
});

export const updateHouseAudit = endpoint({
  path: '/api/crm/updateHouseAudit',
  summary: '审批超限返佣',
  request: updateHouseAuditRequestSchema,
  response: okResponseSchema,
});

export const houseBrokerageOrder = endpoint({
  path: '/api/crm/houseBrokerageOrder',
  summary: '返佣单汇总（按状态）',
  request: noFieldsSchema,
  response: orderStatusSummarySchema,
});

export const houseBrokerageOrderList = endpoint({
  path: '/api/crm/houseBrokerageOrderList',
  summary: '返佣单列表',
  request: houseOrderListRequestSchema,
  response: houseOrderListSchema,
});

export const revealBrokerageCard = endpoint({
  path: '/api/crm/revealBrokerageCard',
  summary: '打款时查看返佣单完整卡号（财务，记入操作日志）',
  request: idRequestSchema,
  response: revealResponseSchema,
});

export const revealHouseContact = endpoint({
  path: '/api/crm/revealHouseContact',
  summary: '查看房贷客户、推荐或渠道联系人的完整号码（记入操作日志）',
  request: revealHouseContactRequestSchema,
  response: revealResponseSchema,
});

export const updateHouseBrokerageOrder = endpoint({
  path: '/api/crm/updateHouseBrokerageOrder',
  summary: '修改返佣单（备注、打款流水号）',
  request: updateHouseOrderRequestSchema,
  response: okResponseSchema,
});

export const updateHouseBrokerageStatus = endpoint({
  path: '/api/crm/updateHouseBrokerageStatus',
  summary: '返佣单打款或作废',
  request: updateHouseOrderStatusRequestSchema,
  response: okResponseSchema,
});

export const houseStaff = endpoint({
  path: '/api/crm/houseStaff',
  summary: '可分配的员工（房贷财务组长）',
  request: noFieldsSchema,
  response: houseStaffSchema,
});

export const allotHouse = endpoint({
  path: '/api/crm/allotHouse',
  summary: '分配渠道或客户（房贷财务组长）',
  request: allotHouseRequestSchema,
  response: okResponseSchema,
});

export const houseSignSubmit = endpoint({
  path: '/api/crm/houseSignSubmit',
  summary: '房贷管家提交签约（对接签约中心）',
  request: houseSignSubmitRequestSchema,
  response: okResponseSchema,
});
