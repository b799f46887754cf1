import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addFilingRequestSchema,
  authFilingFieldsSchema,
  contactRequestSchema,
  filingIdRequestSchema,
  filingSchema,
  getFilingSchema,
  getIntegralRequestSchema,
  historyRequestSchema,
  historySchema,
  initWxWorkConfigRequestSchema,
  integralSchema,
  qrcodeSchema,
  sendPointRequestSchema,
  sendPointSchema,
  userlistRequestSchema,
  userlistSchema,
  wxWorkConfigSchema,
} from '@crm/domain/api/chatter';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { ChatterService } from './chatter.service.ts';
import { CHATTER_TEXTS as T } from './chatter.texts.ts';
import * as E from '@crm/domain/endpoints/chatter';

/**
 * /chattergee, the WeCom chat sidebar's wallet and points tool (spec §7's /api/chattergee/ calls, plus
 * authFiling, openPurse and pointList its screens need; decision 055), and the WeCom workbench.
 */
export async function chatterRoutes(root: FastifyInstance, { chatter }: { chatter: ChatterService }) {
  servePrincipals(root, ['staff']);
  const tags = ['chattergee'];
  const { get, post, postSaid } = staffRoutes(root, tags);
  const P = '/api/chattergee';

  post(
    `${P}/initWxWorkConfig`,
    '企业微信 JS-SDK 的两个签名（config 与 agentConfig）',
    initWxWorkConfigRequestSchema,
    wxWorkConfigSchema,
    (_me, q) => chatter.initWxWorkConfig(q.url),
  );
  post(`${P}/userlist`, '我建档的客户', userlistRequestSchema, userlistSchema, (me, q) =>
    chatter.userlist(me, q.cursor, q.limit),
  );
  post(`${P}/pointList`, '客户钱包收到的积分', historyRequestSchema, historySchema, (me, q) =>
    chatter.history(me, q.id, q.cursor, q.limit),
  );
  post(`${P}/getIntegral`, '我的积分与客户钱包余额', getIntegralRequestSchema, integralSchema, (me, q) =>
    chatter.getIntegral(me, q.external_userid),
  );
  get(E.workList, (me) => chatter.workList(me));
  post(E.addWorkList, (me, q) => chatter.addWorkList(me, q), {
    msg: T.workAdded,
  });
  get(E.test, () => chatter.oaTest());

  post(`${P}/getFiling`, '外部联系人的客户档案', contactRequestSchema, getFilingSchema, (me, q) =>
    chatter.getFiling(me, q.external_userid),
  );
  post(
    `${P}/addFiling`,
    '为外部联系人建档',
    addFilingRequestSchema,
    filingSchema,
    (me, q) => chatter.addFiling(me, q),
    { msg: T.filed },
  );
  postSaid(`${P}/openPurse`, '开通客户钱包', filingIdRequestSchema, filingSchema, (me, q) =>
    chatter.openPurse(me, q.id),
  );
  postSaid(`${P}/sendPoint`, '向客户赠送积分', sendPointRequestSchema, sendPointSchema, (me, q) =>
    chatter.sendPoint(me, q),
  );
  post(`${P}/sendQrcode`, '客户钱包二维码', contactRequestSchema, qrcodeSchema, (me, q) =>
    chatter.sendQrcode(me, q.external_userid),
  );

  post(
    `${P}/authFiling`,
    '客户实名认证（姓名、身份证号与身份证照片识别）',
    // `file` arrives as a Buffer (multipart keyValues); its bytes are checked by the OCR service.
    authFilingFieldsSchema.extend({ file: z.unknown().optional() }),
    filingSchema,
    (me, { file, ...fields }) => chatter.authFiling(me, fields, file),
    { config: IMAGE_UPLOAD_CONFIG, consumes: ['multipart/form-data'], msg: T.authed },
  );
}
