import type { Page } from '@crm/domain/api/page';
import type { Endpoint } from '@crm/domain/endpoints';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { endpointPages } from '../../../lib/api-query.ts';
import type { CursorPage, PagedListConfig } from '../../../lib/paged-list.ts';
import type { SendInput } from '../../../lib/send.ts';

export type { Page };

/**
 * The paged-list config of a House CRM list (lib/paged-list.ts) through its endpoint contract, on the one paging
 * contract (api/page.ts). The query key is the list's key from keys.ts followed by its parameters.
 */
export function pagedListConfig<E extends Endpoint<z.ZodType, z.ZodType<Page<unknown>>>>(
  key: QueryKey,
  endpoint: E,
  params: SendInput<E>,
  method: 'GET' | 'POST' = 'POST',
): PagedListConfig<z.output<E['response']> & CursorPage> {
  return {
    queryKey: [...key, params],
    fetchPage: endpointPages(endpoint, params, method),
  };
}
