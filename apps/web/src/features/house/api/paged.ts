import type { Page } from '@crm/domain/api/page';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';
import type { CursorPage, PagedListConfig } from '../../../lib/paged-list.ts';

export type { Page };

/**
 * The paged-list config of a House CRM list (lib/paged-list.ts) on the one paging contract (api/page.ts):
 * the first page goes without a cursor, each next one with the `next_cursor` the previous answered. The
 * query key is the list's key from keys.ts followed by its parameters.
 */
export function pagedListConfig<T>(
  key: QueryKey,
  path: string,
  schema: z.ZodType<Page<T>>,
  params: FormFields,
  method: 'GET' | 'POST' = 'POST',
): PagedListConfig<Page<T> & CursorPage> {
  return {
    queryKey: [...key, params],
    fetchPage: async (cursor, signal) => {
      const query = { ...params, cursor: cursor ?? '' };
      const { data } =
        method === 'POST' ? await apiPost<unknown>(path, query, signal) : await apiGet<unknown>(path, query, signal);
      return schema.parse(data);
    },
  };
}
