import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageRequestSchema } from '@crm/domain/api/page';
import {
  addMoneyRequestSchema,
  addProofRequestSchema,
  getProofQuerySchema,
  moneyListRequestSchema,
  moneyListResponseSchema,
  moneyRecordSchema,
  moneyToConfirmListSchema,
  proofListResponseSchema,
  proofRejectListSchema,
  proofRejectQuerySchema,
  proofSchema,
  recordIdRequestSchema,
  rejectProofRequestSchema,
  updateProofRequestSchema,
  uploadImgFieldsSchema,
  uploadImgResponseSchema,
} from '@crm/domain/api/money';
import { RefusedError } from '../../errors.ts';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { answeringNull, staffRoutes, type Staff } from '../../plugins/staff-routes.ts';
import type { MoneyService } from './money.service.ts';
import { MONEY_TEXTS as T } from './money.texts.ts';

/** The repayment, proof and upload calls of spec §7 (the signed image route is modules/files'). */
export async function moneyRoutes(root: FastifyInstance, { money }: { money: MoneyService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['money'];
  const { post, get, postSaid } = staffRoutes(root, tags);

  /** A delete: an id in, nothing out, the same message. */
  const deleteRoute = (url: string, summary: string, remove: (me: Staff, id: number) => Promise<unknown>) =>
    post(
      url,
      summary,
      recordIdRequestSchema,
      z.null(),
      answeringNull((me, q) => remove(me, q.id)),
      { msg: T.deleted },
    );

  post('/api/crm/moneyList', '案件的还款记录', moneyListRequestSchema, moneyListResponseSchema, (me, q) =>
    money.listMoney(me, q.id, q.cursor, q.limit),
  );
  post(
    '/api/crm/addMoney',
    '登记还款（幂等键防重复）',
    addMoneyRequestSchema,
    moneyRecordSchema,
    (me, form) => money.addMoney(me, form),
    { msg: T.added },
  );
  post(
    '/api/crm/moneyConfirm',
    '确认还款（确认后不可修改）',
    recordIdRequestSchema,
    moneyRecordSchema,
    (me, q) => money.confirmMoney(me, q.id),
    { msg: T.confirmed },
  );
  post(
    '/api/crm/moneyToConfirm',
    '组长待确认的还款（本组报单、他人登记）',
    pageRequestSchema,
    moneyToConfirmListSchema,
    (me, q) => money.listToConfirm(me, q.cursor, q.limit),
  );
  deleteRoute('/api/crm/delMoney', '删除未确认的还款', (me, id) => money.deleteMoney(me, id));

  get('/api/crm/getProof', '案件的凭证（含历史版本与驳回）', getProofQuerySchema, proofListResponseSchema, (me, q) =>
    money.listProofs(me, q.id),
  );
  post('/api/crm/proof', '上传凭证', addProofRequestSchema, proofSchema, (me, form) => money.addProof(me, form), {
    msg: T.added,
  });
  post(
    '/api/crm/updateProof',
    '重新上传被驳回的凭证',
    updateProofRequestSchema,
    proofSchema,
    (me, form) => money.updateProof(me, form),
    { msg: T.added },
  );
  deleteRoute('/api/crm/delProof', '删除凭证', (me, id) => money.deleteProof(me, id));

  get('/api/crm/proofReject', '我的凭证驳回', proofRejectQuerySchema, proofRejectListSchema, (me, q) =>
    money.listRejections(me, q.cursor, q.limit),
  );
  // Not in spec §7, which lists only the GET: rejecting a proof needs a write, on the same path (decision 020).
  post('/api/crm/proofReject', '驳回凭证', rejectProofRequestSchema, proofSchema, (me, q) => money.rejectProof(me, q), {
    msg: T.rejected,
  });

  deleteRoute('/common/delimg', '删除未提交的图片', (me, id) => money.deleteImage(me, id));

  postSaid(
    '/api/ysb/uploadImg',
    '上传图片（凭证图片，或身份证、银行卡识别）',
    // `file` arrives as a Buffer (multipart keyValues); its bytes are checked in the service, not here.
    uploadImgFieldsSchema.extend({ file: z.unknown().optional() }),
    uploadImgResponseSchema,
    async (me, { kind, id, file }) => {
      if (!Buffer.isBuffer(file)) throw new RefusedError(T.fileMissing);
      if (kind === 'proof') {
        if (!id) throw new RefusedError('案件无效');
        return { msg: T.uploaded, data: { image: await money.uploadProofImage(me, id, file), ocr: null } };
      }
      return { msg: 'ok', data: { image: null, ocr: await money.recognize(me, kind, file) } };
    },
    { config: IMAGE_UPLOAD_CONFIG, consumes: ['multipart/form-data'] },
  );
}
