import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePagedList, type ListPage } from './paged-list.ts';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** Three items a page, cursors are the last id; 7 items in all. */
const fetchPage = vi.fn(async (cursor: number | null): Promise<ListPage<number>> => {
  const start = cursor ?? 0;
  const list = [1, 2, 3].map((n) => start + n).filter((n) => n <= 7);
  return { list, next_cursor: start + 3 < 7 ? start + 3 : null };
});

describe('usePagedList', () => {
  it('loads the first page, then more until the cursor runs out', async () => {
    fetchPage.mockClear();
    const { result } = renderHook(() => usePagedList({ queryKey: ['t', 'pages'], fetchPage }), { wrapper: wrapper() });
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3]));
    expect(result.current.hasMore).toBe(true);
    // Each page is waited for as a user sees it: under load a render can trail the fetch's promise.
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4, 5, 6]));
    await act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(result.current.hasMore).toBe(false);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 3, 6]);
  });

  it('shows the error, and a refresh (the retry) recovers', async () => {
    let isDown = true;
    const flaky = async (cursor: number | null) => {
      if (isDown) throw new Error('网络错误');
      return fetchPage(cursor);
    };
    const { result } = renderHook(() => usePagedList({ queryKey: ['t', 'flaky'], fetchPage: flaky }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.error?.message).toBe('网络错误'));
    expect(result.current.items).toEqual([]);
    isDown = false;
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3]));
    expect(result.current.error).toBeNull();
  });

  it('reads items from another field when told', async () => {
    const { result } = renderHook(
      () =>
        usePagedList(
          { queryKey: ['t', 'items'], fetchPage: async () => ({ items: ['a'], total: 1, next_cursor: null }) },
          (page) => page.items,
        ),
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.items).toEqual(['a']));
    expect(result.current.pages[0]?.total).toBe(1);
  });

  it('is not pending while disabled', () => {
    const { result } = renderHook(() => usePagedList({ queryKey: ['t', 'off'], fetchPage, enabled: false }), {
      wrapper: wrapper(),
    });
    expect(result.current.isPending).toBe(false);
  });
});
