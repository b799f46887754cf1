import {
  faqCategorySchema,
  faqDetailSchema,
  faqFeedbackSchema,
  faqHistorySchema,
  faqPageSchema,
  faqTypeSchema,
} from '@crm/domain/api/faq';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { apiRead, cursorPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { featureKeys } from '../../../lib/api-query.ts';

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
        apiGet<unknown>('/api/crm/faqType', undefined, signal),
        apiGet<unknown>('/api/crm/faqCategory', undefined, signal),
      ]);
      return {
        types: z.array(faqTypeSchema).parse(types.data),
        categories: z.array(faqCategorySchema).parse(categories.data),
      };
    },
  });

/** POST faqList: a search (one page of the best matches) or browsing, newest first. */
export const useFaqList = (filter: FaqFilter) =>
  usePagedList({
    queryKey: faqKeys.list(filter),
    fetchPage: cursorPages(
      'POST',
      '/api/crm/faqList',
      { keyword: filter.keyword ?? '', type_id: filter.typeId ?? '', category_id: filter.categoryId ?? '', limit: 20 },
      faqPageSchema,
    ),
  });

/** POST faqDetail (each open counts a view). */
export const useFaqDetail = (id: number) =>
  useQuery({
    queryKey: faqKeys.detail(id),
    queryFn: ({ signal }) => apiRead('POST', '/api/crm/faqDetail', { id }, faqDetailSchema, signal),
  });

/** POST faqFeedback: one vote per person, which a second tap moves. */
export function useFaqFeedback(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (helpful: boolean) => {
      const response = await apiPost<unknown>('/api/crm/faqFeedback', { id, helpful: String(helpful) });
      return { counts: faqFeedbackSchema.parse(response.data), helpful, msg: response.msg };
    },
    onSuccess: ({ counts, helpful }) => {
      queryClient.setQueryData(faqKeys.detail(id), (old: z.infer<typeof faqDetailSchema> | undefined) =>
        old ? { ...old, helpful: counts.helpful, not_helpful: counts.not_helpful, my_vote: helpful } : old,
      );
    },
  });
}

/** GET faqCopilotHistory: the person's conversation, oldest first. */
export const useCopilotHistory = () =>
  useQuery({
    queryKey: faqKeys.history,
    queryFn: ({ signal }) => apiRead('GET', '/api/crm/faqCopilotHistory', {}, faqHistorySchema, signal),
  });
