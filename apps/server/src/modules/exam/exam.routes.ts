import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { ExamService } from './exam.service.ts';
import { EXAM_TEXTS as T } from './exam.texts.ts';
import * as E from '@crm/domain/endpoints/exam';

/**
 * The exam centre's calls (spec §7 paperList, paperDetail, paperAnswer, answerList, answerDetail) and the
 * four the spec does not name: paperStart, paperSubmit, answerMark, paperStats (decision 050). Staff only.
 */
export async function examRoutes(root: FastifyInstance, { exam }: { exam: ExamService }) {
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['exam']);

  get(E.paperList, (me) => exam.list(me));
  get(E.paperDetail, (me, q) => exam.paper(me, q.id));
  post(E.paperStart, (me, q) => exam.start(me, q.id));
  post(E.paperAnswer, (me, q) => exam.answer(me, q));
  post(E.paperSubmit, (me, q) => exam.submit(me, q.attempt_id), { msg: T.submitted });
  get(E.answerList, (me, q) => exam.answers(me, q));
  get(E.answerDetail, (me, q) => exam.detail(me, q.id));
  post(E.answerMark, (me, q) => exam.mark(me, q), { msg: T.marked });
  get(E.paperStats, (me, q) => exam.stats(me, q.id));
}
