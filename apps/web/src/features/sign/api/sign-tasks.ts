import type { SignDetail } from '@crm/domain/api/sign';
import * as E from '@crm/domain/endpoints/sign';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { byIdQueryOptions } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { send, sendAnswer } from '../../../lib/send.ts';
import { invalidateSign, signKeys } from './keys.ts';

export type TaskListParams = { userid: number; flag: 1 | 2 | 3; kind?: 'case' | 'house' };

/** One keyset page of tasks: `cursor` is the previous page's next_cursor, null for the first. */
export const getTaskList = (params: TaskListParams, cursor: number | null, signal?: AbortSignal) =>
  send(E.taskList, { ...params, cursor: cursor ?? '' }, { signal });

/** POST /api/crm/taskList: the task centre (flag 1), a signer's tasks (flag 2), rejections to approve (flag 3). */
export const taskListConfig = (params: TaskListParams) => ({
  queryKey: signKeys.tasks(params),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getTaskList(params, cursor, signal),
});

export const useTaskList = (params: TaskListParams) => usePagedList(taskListConfig(params));

/** GET /api/crm/sign: one task with its history. */
export const getSign = (id: number, signal?: AbortSignal): Promise<SignDetail> =>
  send(E.sign, { id }, { method: 'GET', signal });

export const signQueryOptions = (id: number) => byIdQueryOptions(signKeys.task(id), id, getSign);

export const useSign = (id: number) => useQuery(signQueryOptions(id));

function useSignMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateSign(client) });
}

/** POST /api/crm/takeTask: first come, first served. */
export const takeTask = (id: number) => sendAnswer(E.takeTask, { id });
export const useTakeTask = () => useSignMutation(takeTask);

/** POST /api/crm/updateTask: signed, or rejected with the reason. */
export const updateTask = (input: { id: number; outcome: 'signed' | 'rejected'; note: string }) =>
  sendAnswer(E.updateTask, input);
export const useUpdateTask = () => useSignMutation(updateTask);

/** POST /api/crm/auditSignReject: the company's rejection approver confirms a rejection or sends it back. */
export const auditSignReject = (input: { id: number; decision: 'approve' | 'refuse'; reason: string }) =>
  sendAnswer(E.auditSignReject, input);
export const useAuditSignReject = () => useSignMutation(auditSignReject);

/** POST /api/crm/wxWorkApprove: the rejection goes to WeCom's approval; answers the approval number. */
export async function wxWorkApprove(id: number): Promise<string> {
  return (await send(E.wxWorkApprove, { id })).sp_no;
}
export const useWxWorkApprove = () => useSignMutation(wxWorkApprove);

/** The task's client phone in full, to its holder (the server logs the view first, decision 065). */
export async function revealTaskPhone(id: number): Promise<string> {
  return (await send(E.revealTaskPhone, { id })).value;
}
