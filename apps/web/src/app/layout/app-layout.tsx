import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { HeaderTitleContext, type HeaderTitleOverride } from '../../lib/header-title.tsx';
import { isDemoMode, mustOpenInWechat } from '../../lib/wechat.ts';
import { AppHeader } from './app-header.tsx';
import { OpenInWechat } from './open-in-wechat.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { documentTitleForPath, hasHeader, opensInAnyBrowser } from './titles.ts';

/** The shell every route renders in: the browser check, the header and the page (or its skeleton). */
export function AppLayout() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const [override, setOverride] = useState<HeaderTitleOverride>(null);

  useEffect(() => {
    document.title = documentTitleForPath(pathname);
  }, [pathname]);

  const gate = { userAgent: navigator.userAgent, pathname, search, isDemo: isDemoMode() };
  if (mustOpenInWechat({ ...gate, anyBrowser: opensInAnyBrowser(pathname) })) {
    return <OpenInWechat />;
  }

  const isLoadingAnotherPage = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  return (
    <HeaderTitleContext.Provider value={setOverride}>
      <div className="app-shell">
        {hasHeader(pathname) ? (
          <AppHeader title={override?.pathname === pathname ? override.title : undefined} />
        ) : null}
        <main className="app-main">{isLoadingAnotherPage ? <PageSkeleton /> : <Outlet />}</main>
      </div>
    </HeaderTitleContext.Provider>
  );
}

/** Shown while the first route's chunks load. */
export function AppHydrateFallback() {
  return (
    <div className="app-shell">
      <PageSkeleton />
    </div>
  );
}
