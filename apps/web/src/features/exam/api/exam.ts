import {
  answerDetailSchema,
  answerPageSchema,
  attemptResultSchema,
  attemptSchema,
  paperAnswerSchema,
  paperDetailSchema,
  paperListItemSchema,
  paperStatsSchema,
} from '@crm/domain/api/exam';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../lib/api-client.ts';
import { apiRead, byIdQueryOptions, cursorPages, readById } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { examKeys, invalidateExam } from './keys.ts';

/** GET paperList: the papers and questionnaires assigned to me, with where each stands. */
export const usePaperList = () =>
  useQuery({
    queryKey: examKeys.papers,
    queryFn: ({ signal }) => apiRead('GET', '/api/crm/paperList', {}, z.array(paperListItemSchema), signal),
  });

/** GET paperDetail: a paper's rules, my attempts and whether I may start. */
export const usePaperDetail = (id: number) =>
  useQuery(byIdQueryOptions(examKeys.paper(id), id, readById('GET', '/api/crm/paperDetail', paperDetailSchema)));

/** POST paperStart: starts the attempt, or resumes the open one with the time the server says is left. */
export const startAttempt = async (id: number) =>
  attemptSchema.parse((await apiPost<unknown>('/api/crm/paperStart', { id })).data);

/** POST paperAnswer: one answer, saved as it is chosen ("0,2" for choices, the text of a short answer). */
export const saveAnswer = async (attemptId: number, questionId: number, answer: string) =>
  paperAnswerSchema.parse(
    (await apiPost<unknown>('/api/crm/paperAnswer', { attempt_id: attemptId, question_id: questionId, answer })).data,
  );

/** POST paperSubmit: hands the attempt in (once). */
export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attemptId: number) =>
      attemptResultSchema.parse((await apiPost<unknown>('/api/crm/paperSubmit', { attempt_id: attemptId })).data),
    onSuccess: () => invalidateExam(queryClient),
  });
}

export type AnswerScope = 'mine' | 'mark' | 'team';

/** GET answerList: my handed-in attempts, those waiting for my marks, or my team's scores. */
export const useAnswerList = (scope: AnswerScope) =>
  usePagedList({
    queryKey: examKeys.answers(scope),
    fetchPage: cursorPages('GET', '/api/crm/answerList', { scope, limit: 20 }, answerPageSchema),
  });

/** GET answerDetail: a handed-in attempt question by question. */
export const useAnswerDetail = (id: number) =>
  useQuery(byIdQueryOptions(examKeys.answer(id), id, readById('GET', '/api/crm/answerDetail', answerDetailSchema)));

/** POST answerMark: a marker's points for one short answer. */
export function useMarkAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { attemptId: number; questionId: number; points: number }) => {
      const response = await apiPost<unknown>('/api/crm/answerMark', {
        attempt_id: input.attemptId,
        question_id: input.questionId,
        points: input.points,
      });
      return { detail: answerDetailSchema.parse(response.data), msg: response.msg };
    },
    onSuccess: ({ detail }) => {
      queryClient.setQueryData(examKeys.answer(detail.id), detail);
      return invalidateExam(queryClient);
    },
  });
}

/** GET paperStats: a paper's results per question (its owner). */
export const usePaperStats = (id: number, enabled: boolean) =>
  useQuery({
    ...byIdQueryOptions(examKeys.stats(id), id, readById('GET', '/api/crm/paperStats', paperStatsSchema)),
    enabled: enabled && id > 0,
  });
