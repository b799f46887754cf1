import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  answerDetailSchema,
  answerListRequestSchema,
  answerMarkRequestSchema,
  answerPageSchema,
  attemptIdRequestSchema,
  attemptResultSchema,
  attemptSchema,
  examIdQuerySchema,
  paperAnswerRequestSchema,
  paperAnswerSchema,
  paperDetailSchema,
  paperListItemSchema,
  paperStatsSchema,
} from '@crm/domain/api/exam';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { ExamService } from './exam.service.ts';
import { EXAM_TEXTS as T } from './exam.texts.ts';

/**
 * The exam centre's calls (spec §7 paperList, paperDetail, paperAnswer, answerList, answerDetail) and the
 * four the spec does not name: paperStart, paperSubmit, answerMark, paperStats (decision 050). Staff only.
 */
export async function examRoutes(root: FastifyInstance, { exam }: { exam: ExamService }) {
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['exam']);

  get('/api/crm/paperList', '分配给我的试卷与问卷', z.object({}), z.array(paperListItemSchema), (me) => exam.list(me));
  get('/api/crm/paperDetail', '试卷说明与我的作答记录', examIdQuerySchema, paperDetailSchema, (me, q) =>
    exam.paper(me, q.id),
  );
  post('/api/crm/paperStart', '开始或继续作答（截止时间由数据库时钟确定）', examIdQuerySchema, attemptSchema, (me, q) =>
    exam.start(me, q.id),
  );
  post('/api/crm/paperAnswer', '保存一题的答案（选择即保存）', paperAnswerRequestSchema, paperAnswerSchema, (me, q) =>
    exam.answer(me, q),
  );
  post(
    '/api/crm/paperSubmit',
    '交卷（只判一次）',
    attemptIdRequestSchema,
    attemptResultSchema,
    (me, q) => exam.submit(me, q.attempt_id),
    { msg: T.submitted },
  );
  get('/api/crm/answerList', '答卷列表：我的、待阅卷、成绩', answerListRequestSchema, answerPageSchema, (me, q) =>
    exam.answers(me, q),
  );
  get('/api/crm/answerDetail', '答卷详情', examIdQuerySchema, answerDetailSchema, (me, q) => exam.detail(me, q.id));
  post(
    '/api/crm/answerMark',
    '为简答题评分',
    answerMarkRequestSchema,
    answerDetailSchema,
    (me, q) => exam.mark(me, q),
    { msg: T.marked },
  );
  get('/api/crm/paperStats', '试卷或问卷的统计（负责人）', examIdQuerySchema, paperStatsSchema, (me, q) =>
    exam.stats(me, q.id),
  );
}
