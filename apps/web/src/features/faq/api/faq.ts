import type { faqDetailSchema } from '@crm/domain/api/faq';
import * as E from '@crm/domain/endpoints/faq';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { featureKeys } from '../../../lib/api-query.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer } from '../../../lib/send.ts';

/** Query keys of the FAQ. */
export const faqKeys = {
  ...featureKeys('faq', ['types', 'categories', 'history']),
  list: (filter: FaqFilter) => ['faq', 'list', filter] as const,
  detail: (id: number) => ['faq', 'detail', id] as const,
};

export type FaqFilter = { keyword?: string; typeId?: number; categoryId?: number };

/** GET faqType and faqCategory: the index page's tree. */
export const useFaqTree = () =>
  useQuery({
    queryKey: faqKeys.types,
    queryFn: async ({ signal }) => {
      const [types, categories] = await Promise.all([
        send(E.faqType, {}, { method: 'GET', signal }),
        send(E.faqCategory, {}, { method: 'GET', signal }),
      ]);
      return { types, categories };
    },
  });

/** POST faqList: a search (one page of the best matches) or browsing, newest first. */
export const useFaqList = (filter: FaqFilter) =>
  useEndpointList(faqKeys.list(filter), E.faqList, {
    keyword: filter.keyword ?? '',
    type_id: filter.typeId ?? '',
    category_id: filter.categoryId ?? '',
  });

/** POST faqDetail (each open counts a view). */
export const useFaqDetail = (id: number) =>
  useQuery({
    queryKey: faqKeys.detail(id),
    queryFn: ({ signal }) => send(E.faqDetail, { id }, { signal }),
  });

/** POST faqFeedback: one vote per person, which a second tap moves. */
export function useFaqFeedback(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (helpful: boolean) => {
      const response = await sendAnswer(E.faqFeedback, { id, helpful: String(helpful) });
      return { counts: response.data, helpful, msg: response.msg };
    },
    onSuccess: ({ counts, helpful }) => {
      queryClient.setQueryData(faqKeys.detail(id), (old: z.infer<typeof faqDetailSchema> | undefined) =>
        old ? { ...old, helpful: counts.helpful, not_helpful: counts.not_helpful, my_vote: helpful } : old,
      );
    },
  });
}

/** GET faqCopilotHistory: the person's conversation, oldest first. */
export const useCopilotHistory = readQuery(faqKeys.history, E.faqCopilotHistory, { method: 'GET' });
