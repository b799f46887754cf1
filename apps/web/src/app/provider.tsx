/**
 * Server-state provider. It is a lazy layout route (see router.tsx) rather than a wrapper in main.tsx, so
 * the login page's bundle does not carry TanStack Query; every page that fetches renders below it.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { isApiError } from '../lib/api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal or a 401 will not change on a retry; a network failure might.
      retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.httpStatus !== 0),
      // Offline, TanStack would pause silently (a skeleton forever); the call is made and its failure shown.
      networkMode: 'always',
    },
    // The same for a submit: a paused mutation is a spinner that never says why (decision 046).
    mutations: { networkMode: 'always' },
  },
});

// Every signed-in page may open a section's page next: the feature chunks' import map (router.tsx) is fetched now,
// beside the first page, rather than on that tap. A failure here is retried on the tap.
import('./routes/page-chunks.ts').catch(() => undefined);

/**
 * The offline bar and the service worker's registration (decision 082): a chunk of its own, fetched after the
 * page's, so neither the login route nor a signed-in page's first paint waits for it.
 */
const OfflineBar = lazy(() => import('../components/offline-bar.tsx'));

export function QueryProvider() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <OfflineBar />
      </Suspense>
      <Outlet />
    </QueryClientProvider>
  );
}
