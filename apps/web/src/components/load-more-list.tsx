import { Button, InfiniteScroll, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { PagedListState } from '../lib/paged-list.ts';
import { PullRefresh } from './pull-refresh.tsx';
import { StateBlock } from './state-block.tsx';
import { componentTexts } from './texts.ts';

/** The list's state as usePagedList gives it (a page spreads `{...list}`); the pages themselves are not read. */
export type LoadMoreListProps<T> = Omit<PagedListState<T>, 'pages'> & {
  renderItem: (item: T) => ReactNode;
  emptyText?: string;
  /** Wraps the rendered items, e.g. in a `<ul>` when renderItem gives `<li>`s. */
  wrapItems?: (items: ReactNode) => ReactNode;
};

/**
 * The one phone list of the app: skeleton while the first page loads, the error with a retry or an empty
 * state, pull to refresh and infinite scroll. Knows nothing of what it lists or how pages are fetched.
 */
export function LoadMoreList<T>({
  items,
  isPending,
  error,
  hasMore,
  loadMore,
  refresh,
  renderItem,
  emptyText,
  wrapItems = (rendered) => rendered,
}: LoadMoreListProps<T>) {
  return (
    <PullRefresh onRefresh={refresh} texts={componentTexts}>
      {isPending ? (
        <div className="page" role="status" aria-busy="true">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : error && items.length === 0 ? (
        <StateBlock status="default" title={error.message} description={componentTexts.loadFailed}>
          <Button color="primary" size="small" onClick={() => void refresh()}>
            {componentTexts.retry}
          </Button>
        </StateBlock>
      ) : items.length === 0 ? (
        <StateBlock status="empty" title={emptyText ?? componentTexts.empty} description="" />
      ) : (
        <>
          {wrapItems(items.map(renderItem))}
          <InfiniteScroll loadMore={async () => void (await loadMore())} hasMore={hasMore}>
            {hasMore ? componentTexts.loadingMore : componentTexts.noMore}
          </InfiniteScroll>
        </>
      )}
    </PullRefresh>
  );
}
