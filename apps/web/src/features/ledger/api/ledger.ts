import * as E from '@crm/domain/endpoints/ledger';
import type { StatementDetail } from '@crm/domain/api/ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { useCursorList } from '../../../lib/read-query.ts';
import { send, sendAnswer } from '../../../lib/send.ts';

/* The commission ledger's calls, through their contracts (packages/domain/src/endpoints/ledger). */

const keys = {
  statements: ['ledger', 'statements'] as const,
  statement: (id: number) => ['ledger', 'statement', id] as const,
  clawbacks: (status: string) => ['ledger', 'clawbacks', status] as const,
};

export const useStatements = () =>
  useCursorList(keys.statements, 'POST', E.statementList.path, E.statementList.response);

export const useStatement = (id: number) =>
  useQuery<StatementDetail>({
    queryKey: keys.statement(id),
    queryFn: ({ signal }) => apiRead('POST', E.statementDetail.path, { id }, E.statementDetail.response, signal),
    enabled: id > 0,
  });

export const useClawbacks = (status: 'pending' | 'approved' | 'rejected') =>
  useCursorList(keys.clawbacks(status), 'POST', E.clawbackList.path, E.clawbackList.response, { status });

export function useDecideClawback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' | 'reject'; remark: string }) =>
      send(E.clawbackDecide, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export function useDispute(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { line_id: number; note: string }) => send(E.statementDispute, { id, ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.statement(id) }),
  });
}

export function useAnswer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; answer: string }) => send(E.statementAnswer, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ledger'] }),
  });
}

export const sendStatement = async (id: number) => (await sendAnswer(E.statementSend, { id })).data;

/** Downloads a statement's sealed PDF or its XLSX (the answer is the file; a refusal is the envelope). */
export function downloadStatement(id: number, kind: 'pdf' | 'xlsx') {
  const path = kind === 'pdf' ? E.statementPdf.path : E.statementXlsx.path;
  return downloadFile(`${path}?id=${id}`, `statement.${kind}`);
}
