import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RefusedError } from '../../errors.ts';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { answeringNull, staffRoutes, type Staff } from '../../plugins/staff-routes.ts';
import type { MoneyService } from './money.service.ts';
import { MONEY_TEXTS as T } from './money.texts.ts';
import * as E from '@crm/domain/endpoints/money';

/** The repayment, proof and upload calls of spec §7 (the signed image route is modules/files'). */
export async function moneyRoutes(root: FastifyInstance, { money }: { money: MoneyService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['money'];
  const { post, get, postSaid } = staffRoutes(root, tags);

  /** A delete: an id in, nothing out, the same message. */
  const deleteRoute = (deletion: typeof E.delMoney, remove: (me: Staff, id: number) => Promise<unknown>) =>
    post(
      deletion,
      answeringNull((me, q) => remove(me, q.id)),
      { msg: T.deleted },
    );

  post(E.moneyList, (me, q) => money.listMoney(me, q.id, q.cursor, q.limit));
  post(E.addMoney, (me, form) => money.addMoney(me, form), { msg: T.added });
  post(E.moneyConfirm, (me, q) => money.confirmMoney(me, q.id), { msg: T.confirmed });
  post(E.moneyToConfirm, (me, q) => money.listToConfirm(me, q.cursor, q.limit));
  deleteRoute(E.delMoney, (me, id) => money.deleteMoney(me, id));

  get(E.getProof, (me, q) => money.listProofs(me, q.id));
  post(E.proof, (me, form) => money.addProof(me, form), { msg: T.added });
  post(E.updateProof, (me, form) => money.updateProof(me, form), { msg: T.added });
  deleteRoute(E.delProof, (me, id) => money.deleteProof(me, id));

  get(E.proofReject, (me, q) => money.listRejections(me, q.cursor, q.limit));
  // Not in spec §7, which lists only the GET: rejecting a proof needs a write, on the same path (decision 020).
  post(E.rejectProof, (me, q) => money.rejectProof(me, q), { msg: T.rejected });

  deleteRoute(E.delimg, (me, id) => money.deleteImage(me, id));

  postSaid(
    E.uploadImg,
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
