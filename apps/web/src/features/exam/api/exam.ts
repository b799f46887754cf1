import * as E from '@crm/domain/endpoints/exam';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { byIdQueryOptions, endpointById } from '../../../lib/api-query.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer } from '../../../lib/send.ts';
import { examKeys, invalidateExam } from './keys.ts';

/** GET paperList: the papers and questionnaires assigned to me, with where each stands. */
export const usePaperList = readQuery(examKeys.papers, E.paperList, { method: 'GET' });

/** GET paperDetail: a paper's rules, my attempts and whether I may start. */
export const usePaperDetail = (id: number) =>
  useQuery(byIdQueryOptions(examKeys.paper(id), id, endpointById(E.paperDetail)));

/** POST paperStart: starts the attempt, or resumes the open one with the time the server says is left. */
export const startAttempt = (id: number) => send(E.paperStart, { id });

/** POST paperAnswer: one answer, saved as it is chosen ("0,2" for choices, the text of a short answer). */
export const saveAnswer = (attemptId: number, questionId: number, answer: string) =>
  send(E.paperAnswer, { attempt_id: attemptId, question_id: questionId, answer });

/** POST paperSubmit: hands the attempt in (once). */
export function useSubmitAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: number) => send(E.paperSubmit, { attempt_id: attemptId }),
    onSuccess: () => invalidateExam(queryClient),
  });
}

export type AnswerScope = 'mine' | 'mark' | 'team';

/** GET answerList: my handed-in attempts, those waiting for my marks, or my team's scores. */
export const useAnswerList = (scope: AnswerScope) =>
  useEndpointList(examKeys.answers(scope), E.answerList, { scope }, 'GET');

/** GET answerDetail: a handed-in attempt question by question. */
export const useAnswerDetail = (id: number) =>
  useQuery(byIdQueryOptions(examKeys.answer(id), id, endpointById(E.answerDetail)));

/** POST answerMark: a marker's points for one short answer. */
export function useMarkAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { attemptId: number; questionId: number; points: number }) => {
      const response = await sendAnswer(E.answerMark, {
        attempt_id: input.attemptId,
        question_id: input.questionId,
        points: input.points,
      });
      return { detail: response.data, msg: response.msg };
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
    ...byIdQueryOptions(examKeys.stats(id), id, endpointById(E.paperStats)),
    enabled: enabled && id > 0,
  });
