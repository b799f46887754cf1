import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
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
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import type { MoneyService } from './money.service.ts';
import { MONEY_TEXTS as T } from './money.texts.ts';

/** The repayment, proof and upload calls of spec §7 (the signed image route is modules/files'). */
export async function moneyRoutes(root: FastifyInstance, { money }: { money: MoneyService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['money'];

  /** A delete: an id in, nothing out, the same message. */
  const deleteRoute = (
    url: string,
    summary: string,
    remove: (me: ReturnType<typeof currentStaff>, id: number) => Promise<unknown>,
  ) =>
    app.post(
      url,
      { schema: { tags, summary, body: recordIdRequestSchema, response: { 200: envelopeSchema(z.null()) } } },
      async (request) => {
        await remove(currentStaff(request), request.body.id);
        return { code: 0, msg: T.deleted, data: null };
      },
    );

  app.post(
    '/api/crm/moneyList',
    {
      schema: {
        tags,
        summary: '案件的还款记录',
        body: moneyListRequestSchema,
        response: { 200: envelopeSchema(moneyListResponseSchema) },
      },
    },
    async (request) => {
      const { id, cursor, limit } = request.body;
      return { code: 0, msg: 'ok', data: await money.listMoney(currentStaff(request), id, cursor, limit) };
    },
  );

  app.post(
    '/api/crm/addMoney',
    {
      schema: {
        tags,
        summary: '登记还款（幂等键防重复）',
        body: addMoneyRequestSchema,
        response: { 200: envelopeSchema(moneyRecordSchema) },
      },
    },
    async (request) => ({ code: 0, msg: T.added, data: await money.addMoney(currentStaff(request), request.body) }),
  );

  app.post(
    '/api/crm/moneyConfirm',
    {
      schema: {
        tags,
        summary: '确认还款（确认后不可修改）',
        body: recordIdRequestSchema,
        response: { 200: envelopeSchema(moneyRecordSchema) },
      },
    },
    async (request) => ({
      code: 0,
      msg: T.confirmed,
      data: await money.confirmMoney(currentStaff(request), request.body.id),
    }),
  );

  app.post(
    '/api/crm/moneyToConfirm',
    {
      schema: {
        tags,
        summary: '组长待确认的还款（本组报单、他人登记）',
        body: pageRequestSchema,
        response: { 200: envelopeSchema(moneyToConfirmListSchema) },
      },
    },
    async (request) => {
      const { cursor, limit } = request.body;
      return { code: 0, msg: 'ok', data: await money.listToConfirm(currentStaff(request), cursor, limit) };
    },
  );

  deleteRoute('/api/crm/delMoney', '删除未确认的还款', (me, id) => money.deleteMoney(me, id));

  app.get(
    '/api/crm/getProof',
    {
      schema: {
        tags,
        summary: '案件的凭证（含历史版本与驳回）',
        querystring: getProofQuerySchema,
        response: { 200: envelopeSchema(proofListResponseSchema) },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await money.listProofs(currentStaff(request), request.query.id) }),
  );

  app.post(
    '/api/crm/proof',
    {
      schema: {
        tags,
        summary: '上传凭证',
        body: addProofRequestSchema,
        response: { 200: envelopeSchema(proofSchema) },
      },
    },
    async (request) => ({ code: 0, msg: T.added, data: await money.addProof(currentStaff(request), request.body) }),
  );

  app.post(
    '/api/crm/updateProof',
    {
      schema: {
        tags,
        summary: '重新上传被驳回的凭证',
        body: updateProofRequestSchema,
        response: { 200: envelopeSchema(proofSchema) },
      },
    },
    async (request) => ({ code: 0, msg: T.added, data: await money.updateProof(currentStaff(request), request.body) }),
  );

  deleteRoute('/api/crm/delProof', '删除凭证', (me, id) => money.deleteProof(me, id));

  app.get(
    '/api/crm/proofReject',
    {
      schema: {
        tags,
        summary: '我的凭证驳回',
        querystring: proofRejectQuerySchema,
        response: { 200: envelopeSchema(proofRejectListSchema) },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      return { code: 0, msg: 'ok', data: await money.listRejections(currentStaff(request), cursor, limit) };
    },
  );

  // Not in spec §7, which lists only the GET: rejecting a proof needs a write, on the same path (decision 020).
  app.post(
    '/api/crm/proofReject',
    {
      schema: {
        tags,
        summary: '驳回凭证',
        body: rejectProofRequestSchema,
        response: { 200: envelopeSchema(proofSchema) },
      },
    },
    async (request) => ({
      code: 0,
      msg: T.rejected,
      data: await money.rejectProof(currentStaff(request), request.body),
    }),
  );

  deleteRoute('/common/delimg', '删除未提交的图片', (me, id) => money.deleteImage(me, id));

  app.post(
    '/api/ysb/uploadImg',
    {
      // Decoding, re-encoding and OCR cost CPU: a phone uploads a few images a minute, a script far more.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, ...IMAGE_UPLOAD_CONFIG },
      schema: {
        tags,
        summary: '上传图片（凭证图片，或身份证、银行卡识别）',
        consumes: ['multipart/form-data'],
        // `file` arrives as a Buffer (multipart keyValues); its bytes are checked in the service, not here.
        body: uploadImgFieldsSchema.extend({ file: z.unknown().optional() }),
        response: { 200: envelopeSchema(uploadImgResponseSchema) },
      },
    },
    async (request) => {
      const me = currentStaff(request);
      const { kind, id, file } = request.body;
      if (!Buffer.isBuffer(file)) throw new RefusedError(T.fileMissing);
      if (kind === 'proof') {
        if (!id) throw new RefusedError('案件无效');
        return { code: 0, msg: T.uploaded, data: { image: await money.uploadProofImage(me, id, file), ocr: null } };
      }
      return { code: 0, msg: 'ok', data: { image: null, ocr: await money.recognize(kind, file) } };
    },
  );
}
