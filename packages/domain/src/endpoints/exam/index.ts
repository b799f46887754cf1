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
  paperListSchema,
  paperStatsSchema,
} from '../../api/exam.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* Staff exams and questionnaires: the papers assigned to me, a sitting, its answers and results. */

export const paperList = endpoint({
  path: '/api/crm/paperList',
  summary: '分配给我的试卷与问卷',
  request: noFieldsSchema,
  response: paperListSchema,
});

export const paperDetail = endpoint({
  path: '/api/crm/paperDetail',
  summary: '试卷说明与我的作答记录',
  request: examIdQuerySchema,
  response: paperDetailSchema,
});

export const paperStart = endpoint({
  path: '/api/crm/paperStart',
  summary: '开始或继续作答（截止时间由数据库时钟确定）',
  request: examIdQuerySchema,
  response: attemptSchema,
});

export const paperAnswer = endpoint({
  path: '/api/crm/paperAnswer',
  summary: '保存一题的答案（选择即保存）',
  request: paperAnswerRequestSchema,
  response: paperAnswerSchema,
});

export const paperSubmit = endpoint({
  path: '/api/crm/paperSubmit',
  summary: '交卷（只判一次）',
  request: attemptIdRequestSchema,
  response: attemptResultSchema,
});

export const answerList = endpoint({
  path: '/api/crm/answerList',
  summary: '答卷列表：我的、待阅卷、成绩',
  request: answerListRequestSchema,
  response: answerPageSchema,
});

export const answerDetail = endpoint({
  path: '/api/crm/answerDetail',
  summary: '答卷详情',
  request: examIdQuerySchema,
  response: answerDetailSchema,
});

export const answerMark = endpoint({
  path: '/api/crm/answerMark',
  summary: '为简答题评分',
  request: answerMarkRequestSchema,
  response: answerDetailSchema,
});

export const paperStats = endpoint({
  path: '/api/crm/paperStats',
  summary: '试卷或问卷的统计（负责人）',
  request: examIdQuerySchema,
  response: paperStatsSchema,
});
