import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error.tsx';
import { PageLoading } from './page-loading.tsx';

export type QueryFallbackProps = {
  /** A query that has no data yet: still loading, or failed. */
  query: Pick<UseQueryResult, 'error' | 'refetch'>;
  /** The feature's own wording of the failure, where it has one. */
  errorTitle?: string;
  /** The skeleton's paragraph lines while loading. */
  lines?: number;
};

/**
 * What a page shows in place of its data until its query succeeds: the loading skeleton, or the failure with a
 * retry of the same query. Pages render it when `!query.isSuccess`, which also narrows `query.data` after it.
 */
export function QueryFallback({ query, errorTitle, lines }: QueryFallbackProps) {
  if (!query.error) return <PageLoading lines={lines} />;
  return <LoadError title={errorTitle} message={query.error.message} onRetry={() => void query.refetch()} />;
}
