import * as E from '@crm/domain/endpoints/handover';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointHref, endpointKey } from '../../../lib/endpoint-key.ts';
import { downloadFile } from '../../../lib/download.ts';
import { send } from '../../../lib/send.ts';
import { staffList } from '@crm/domain/endpoints/admin';

/*
 * The handover of a staff member (decision 066), through its endpoint contracts: the handover itself, WeCom's
 * takeover state asked again, and the report downloaded (the answer is the XLSX file, a refusal the envelope).
 */

export interface HandoverInput {
  from_id: number;
  to_id: number | null;
  to_pool: boolean;
  disable: boolean;
}

export function useHandover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HandoverInput) =>
      send(
        E.handover,
        {
          from_id: input.from_id,
          to_pool: input.to_pool,
          disable: input.disable,
          ...(input.to_id === null ? {} : { to_id: input.to_id }),
        },
        { json: true },
      ),
    // A disabled person shows as such in the staff list.
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(staffList) }),
  });
}

export const useHandoverResult = () =>
  useMutation({ mutationFn: (id: number) => send(E.handoverResult, { id }, { json: true }) });

/**
 * Saves the report (an XLSX) fetched with the admin's session; a refusal or a network failure is thrown with
 * its Chinese message for the panel to toast, never opened as a page.
 */
export const downloadHandoverReport = (id: number) =>
  downloadFile(endpointHref(E.handoverReport, { id }), `handover-${id}.xlsx`);
