import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { houseImgRequestSchema } from '@crm/domain/api/house';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { HouseService } from './house.service.ts';
import * as E from '@crm/domain/endpoints/house';

/** Multipart file fields arrive as Buffers (attachFieldsToBody: 'keyValues'). */
const addHouseImgSchema = houseImgRequestSchema.extend({
  file: z.instanceof(Buffer, { message: '请选择图片' }),
});

/** The House CRM calls of spec §7 (plus decision 031's additions), all behind a staff session. */
export async function houseRoutes(
  root: FastifyInstance,
  { house, publicUrl }: { house: HouseService; publicUrl: string },
) {
  servePrincipals(root, ['staff']);
  const { post, get, postSaid } = staffRoutes(root, ['house']);

  // ---- clients ----
  post(E.addHouseClient, (me, form) => house.addClient(me, form));
  post(E.getHouseList, (me, q) => house.listClients(me, q));
  post(E.getHouseList2, (me, q) => house.stewardClients(me, q, q.steward_status));
  post(E.getHousePool, (me, q) => house.stewardPool(me, q));
  post(E.getHouseCard, (me, q) => house.stewardCards(me, q));
  get(E.getHouseDetail, (me, q) => house.detail(me, q.id));
  post(E.delHouseClient, (me, q) => house.deleteClient(me, q.id));
  get(E.houseTeam, (me, q) => house.teamClients(me, q, q.keyword));
  get(E.houseStatus, async () => house.statusOptions());

  // ---- images ----
  post(
    E.addHouseImg.path,
    E.addHouseImg.summary,
    addHouseImgSchema,
    E.addHouseImg.response,
    (me, q) => house.addImage(me, q.id, q.house_type, q.file),
    { config: IMAGE_UPLOAD_CONFIG },
  );
  post(E.delHouseImg, (me, q) => house.deleteImage(me, q.id));
  get(E.getHouseImg, (me, q) => house.listImages(me, q.id, q.house_type));

  // ---- channels, recommendations, receivers ----
  post(E.addHouseChannel, (me, form) => house.addChannel(me, form));
  post(E.getHouseChannelList, (me, q) => house.listChannels(me, q, q.keyword, q.id));
  post(E.houseChannelStatus, (me, q) => house.setChannelEnabled(me, q.id, q.enabled));
  get(E.houseChannelEntry, (me, q) => house.channelEntry(me, q.id, publicUrl));
  post(E.addHouseRecommend, (me, form) => house.addRecommend(me, form));
  post(E.getHouseRecommend, (me, q) => house.listRecommends(me, q));
  get(E.getHouseRecommendDetail, (me, q) => house.recommendDetail(me, q.id));
  post(E.addHouseBrokerageUser, (me, form) => house.addBrokerageUser(me, form));
  post(E.houseBrokerageUser, (me, q) => house.listBrokerageUsers(me, q, q.keyword));

  // ---- brokerage, audits, orders ----
  post(E.setHouseBrokerage, (me, form) => house.setBrokerage(me, form));
  post(E.houseBrokerage, (me) => house.brokerageSummary(me));
  post(E.houseBrokerageList, (me, q) => house.brokerageClients(me, q));
  post(E.getHouseAudit, (me, q) => house.listAudits(me, q, q.status));
  post(E.updateHouseAudit, (me, q) => house.decideAudit(me, q));
  post(E.houseBrokerageOrder, (me) => house.orderSummary(me));
  post(E.houseBrokerageOrderList, (me, q) => house.listOrders(me, q, q.status));
  post(E.revealBrokerageCard, (me, q) => house.revealOrderCard(me, q.id));
  post(E.revealHouseContact, (me, q) => house.revealContact(me, q));
  post(E.updateHouseBrokerageOrder, (me, q) => house.updateOrder(me, q));
  postSaid(E.updateHouseBrokerageStatus, (me, q) => house.updateOrderStatus(me, q.id, q.status));

  // ---- allocation and docking (decision 031) ----
  get(E.houseStaff, (me) => house.staffOptions(me));
  post(E.allotHouse, (me, q) => house.allot(me, q));
  post(E.houseSignSubmit, (me, q) => house.submitSign(me, q));
}
