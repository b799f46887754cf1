import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';

/** A page's own header title for the address it was set on; the titles table names every other page. */
export type HeaderTitleOverride = { pathname: string; title: string } | null;

export const HeaderTitleContext = createContext<(override: HeaderTitleOverride) => void>(() => undefined);

/**
 * Names the header after what the page shows where its address alone cannot tell (a survey and an exam share
 * /exam/paper/:id); undefined leaves the titles table's name. Dropped when the page goes.
 */
export function useHeaderTitle(title: string | undefined): void {
  const setOverride = useContext(HeaderTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (title === undefined) return;
    setOverride({ pathname, title });
    return () => setOverride(null);
  }, [setOverride, pathname, title]);
}
