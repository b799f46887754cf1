import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';
import { pageNumbered, type CursorPage, type PagedListConfig } from '../../../lib/paged-list.ts';

/** A page of a House CRM list as the server answers it: page-numbered, `has_more` says whether to ask on. */
export type Page<T> = { list: T[]; page: number; has_more: boolean };

/**
 * The paged-list config of a House CRM list (lib/paged-list.ts): the page number is the cursor. The query
 * key is the list's key from keys.ts followed by its parameters.
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
    fetchPage: pageNumbered(async (page, signal) => {
      const query = { ...params, page };
      const { data } =
        method === 'POST'
          ? await apiPost<unknown>(path, query, signal)
          : await apiGet<unknown>(path, query as Record<string, string | number | null | undefined>, signal);
      return schema.parse(data);
    }),
  };
}
