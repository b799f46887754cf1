import * as E from '@crm/domain/endpoints/ledger';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';
import { byIdQueryOptions, endpointById } from '../../../lib/api-query.ts';
import { endpointHref, endpointKey } from '../../../lib/endpoint-key.ts';
import { useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer } from '../../../lib/send.ts';

/* The commission ledger's calls, through their contracts (packages/domain/src/endpoints/ledger). */

const keys = {
  statements: endpointKey(E.statementList),
  statement: (id: number) => endpointKey(E.statementDetail, { id }),
  clawbacks: (status: string) => endpointKey(E.clawbackList, { status }),
};

/** Every ledger read: a decision or an answer moves statements and clawbacks alike. */
const invalidateLedger = (client: QueryClient) =>
  Promise.all(
    [E.statementList, E.statementDetail, E.clawbackList].map((endpoint) =>
      client.invalidateQueries({ queryKey: endpointKey(endpoint) }),
    ),
  );

export const useStatements = () => useEndpointList(keys.statements, E.statementList);

export const useStatement = (id: number) =>
  useQuery(byIdQueryOptions(keys.statement(id), id, endpointById(E.statementDetail, 'POST')));

export const useClawbacks = (status: 'pending' | 'approved' | 'rejected') =>
  useEndpointList(keys.clawbacks(status), E.clawbackList, { status });

export function useDecideClawback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; decision: 'approve' | 'reject'; remark: string }) =>
      send(E.clawbackDecide, input),
    onSuccess: () => invalidateLedger(client),
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
    onSuccess: () => invalidateLedger(client),
  });
}

export const sendStatement = async (id: number) => (await sendAnswer(E.statementSend, { id })).data;

/** Downloads a statement's sealed PDF or its XLSX (the answer is the file; a refusal is the envelope). */
export function downloadStatement(id: number, kind: 'pdf' | 'xlsx') {
  const href = kind === 'pdf' ? endpointHref(E.statementPdf, { id }) : endpointHref(E.statementXlsx, { id });
  return downloadFile(href, `statement.${kind}`);
}
