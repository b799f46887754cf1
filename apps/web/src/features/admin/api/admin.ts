import type { RefKind } from '@crm/domain/api/admin';
import type { Endpoint, noFieldsSchema } from '@crm/domain/endpoints';
import * as E from '@crm/domain/endpoints/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { byIdQueryOptions, endpointById } from '../../../lib/api-query.ts';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { sendAnswer, type SendInput } from '../../../lib/send.ts';
import { showToast } from '../../../lib/toast.ts';
import { city } from '@crm/domain/endpoints/cases';
import type { z } from 'zod';

/*
 * The back office's calls (decision 057) through their endpoint contracts: reads are GETs, writes JSON bodies,
 * every answer parsed by the contract's response schema and every query keyed by its endpoint (endpointKey).
 * Lists page on the keyset contract (decision 044) through useEndpointList.
 */

/** A read that sends nothing: the whole list, the settings, the caller's flags. */
const wholeRead = <S extends z.ZodType>(endpoint: Endpoint<typeof noFieldsSchema, S>) =>
  readQuery(endpointKey(endpoint), endpoint, { method: 'GET' });

/** A back-office list, twenty rows at a time; `filters` go with every page beside the cursor and the limit. */
const usePages = <R extends Parameters<typeof useEndpointList>[1]>(endpoint: R, filters?: SendInput<R>) =>
  useEndpointList(filters ? endpointKey(endpoint, filters) : endpointKey(endpoint), endpoint, filters, 'GET');

/** One entry by its id, for an edit form. */
const useEntry = <R extends Parameters<typeof endpointById>[0]>(endpoint: R, id: number) =>
  useQuery(byIdQueryOptions(endpointKey(endpoint, { id } as SendInput<R>), id, endpointById(endpoint)));

export const useWhoami = wholeRead(E.whoami);

export const useStaffList = (q: string) => usePages(E.staffList, q ? { q } : {});

export const useTeams = wholeRead(E.teamsList);

export const useNotices = wholeRead(E.noticesList);

export const useSettings = wholeRead(E.settings);

export const useAudit = () => usePages(E.audit);

export const useCompanies = wholeRead(E.companiesList);

export const useRefs = (kind: RefKind, parentId: number | null) =>
  usePages(E.refsList, { kind, ...(parentId === null ? {} : { parent_id: parentId }) });

/** Every province and city (the cities table is everyone's and rarely changes): the admission rules pick from it. */
export const useCities = readQuery(endpointKey(city), city, { method: 'GET', staleTime: 10 * 60_000 });

export const useProducts = () => usePages(E.productsList);

export const usePapers = () => usePages(E.papersList);

export const useFaqEntries = () => usePages(E.faqList);

/** One paper as its file's object, for the edit form. */
export const usePaperFile = (id: number) => useEntry(E.papersEntry, id);

/** One activity as its file entry's object, for the edit form. */
export const useActivitySpec = (id: number) => useEntry(E.activitiesEntry, id);

/** One FAQ entry with its body, for the edit form. */
export const useFaqEntry = (id: number) => useEntry(E.faqEntry, id);

export const useActivities = () => usePages(E.activitiesList);

/**
 * What a shared form or table row is handed of a write (admin-form.tsx, table-rows.tsx), whichever endpoint's:
 * the page that made the write typed its input from the endpoint's request, so the shared part only sends.
 */
export type WriteHandle = {
  mutate: (input: never, options?: { onSuccess?: () => void; onError?: (error: Error) => void }) => void;
  isPending: boolean;
};

/**
 * A write call, its body typed from the endpoint's request schema: it toasts the server's message and marks
 * everything stale: the back office's lists and audit log, and what other features show of the change (the home
 * banner's notices, the case form's banks and products), whose reads are not the back office's to name.
 */
export function useAdminWrite<W extends Endpoint>(endpoint: W) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendInput<W>) => sendAnswer(endpoint, body, { json: true }),
    onSuccess: ({ msg }) => {
      showToast({ content: msg, icon: 'success' });
      void queryClient.invalidateQueries();
    },
    onError: (error) => showToast({ content: error.message, icon: 'fail' }),
  });
}
