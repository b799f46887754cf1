import type { Page } from '@crm/domain/api/page';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { cursorPages, type ReadParams } from '../../../lib/api-query.ts';
import type { CursorPage, PagedListConfig } from '../../../lib/paged-list.ts';

export type { Page };

/**
 * The paged-list config of a House CRM list (lib/paged-list.ts) on the one paging contract (api/page.ts). The
 * query key is the list's key from keys.ts followed by its parameters.
 */
export function pagedListConfig<T>(
  key: QueryKey,
  path: string,
  schema: z.ZodType<Page<T>>,
  params: ReadParams,
  method: 'GET' | 'POST' = 'POST',
): PagedListConfig<Page<T> & CursorPage> {
  return {
    queryKey: [...key, params],
    fetchPage: cursorPages(method, path, params, schema),
  };
}
