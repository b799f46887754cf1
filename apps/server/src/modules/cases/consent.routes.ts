import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RefusedError } from '../../errors.ts';
import { IMAGE_UPLOAD_CONFIG } from '../../plugins/multipart.ts';
import { servePrincipals } from '../../plugins/session.ts';
import { openRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import type { CallContext, ConsentService } from './consent.service.ts';
import { CONSENT_TEXTS as T } from './consent.texts.ts';
import * as E from '@crm/domain/endpoints/consent';

const contextOf = (request: FastifyRequest): CallContext => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** The staff side of a case's consent (decision 073): its state, a link, a paper form's photo, a withdrawal. */
export async function consentRoutes(root: FastifyInstance, { consent }: { consent: ConsentService }) {
  servePrincipals(root, ['staff']);
  const { post } = staffRoutes(root, ['consent']);
  post(E.consentStatus, (me, q) => consent.status(me, q.case_id));
  post(E.consentRequest, (me, q) => consent.request(me, q.case_id), { msg: T.requested });
  post(
    E.consentUpload,
    async (me, { case_id, file }) => {
      if (!Buffer.isBuffer(file)) throw new RefusedError(T.fileMissing);
      return consent.upload(me, case_id, file);
    },
    { config: IMAGE_UPLOAD_CONFIG, consumes: ['multipart/form-data'], msg: T.uploaded },
  );
  post(E.consentWithdraw, (me, q) => consent.withdraw(me, q.case_id, q.reason), { msg: T.withdrawnDone });
}

/**
 * The client's side, public to the staff session guard (plugins/public-routes.ts): the link's unguessable
 * token opens the text, and the code texted to the case's phone confirms it.
 */
export async function consentClientRoutes(root: FastifyInstance, { consent }: { consent: ConsentService }) {
  const open = openRoutes(root, ['consent-client']);
  open.post(E.consentView, (_, q) => consent.view(q.token));
  open.post(E.consentCode, (_, q, request) => consent.sendCode(q.token, contextOf(request)), { msg: T.codeSent });
  open.post(E.consentConfirm, (_, q, request) => consent.confirm(q, contextOf(request)), { msg: T.confirmed });
}
