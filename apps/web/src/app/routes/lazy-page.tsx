import { lazy, Suspense, type ComponentType } from 'react';
import { PageSkeleton } from '../layout/page-skeleton.tsx';

/**
 * A page loaded in a chunk of its own inside its section, for pages that bring a heavy library (the
 * statistics pages bring Chartist) which the rest of the section should not download.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    );
  };
}
