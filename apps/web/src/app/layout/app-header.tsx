import { useLocation, useNavigate } from 'react-router';
import { layoutTexts } from './texts.ts';
import { hasBackArrow, titleForPath } from './titles.ts';

const homeOf = (pathname: string) =>
  pathname.startsWith('/outside/')
    ? '/outside/index'
    : pathname.startsWith('/houseloan/')
      ? '/houseloan/home/0'
      : '/index';

/** `title`, a page's own (lib/header-title.tsx), stands in for the titles table's. */
export function AppHeader({ title }: { title?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showBack = hasBackArrow(pathname);

  const goBack = () => {
    // react-router keeps the history index in history.state; a page opened directly has nothing to go
    // back to, so it goes home instead: a partner's (/outside/*) or a channel agent's (/houseloan/*) to their
    // own home, not the staff one.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(homeOf(pathname));
  };

  return (
    // Not antd-mobile's NavBar: its left slot is an unnamed role="button" even without a back arrow, which
    // screen readers announce as a nameless button; this one is a named button and a real heading.
    <header className="app-header">
      <div className="app-header__bar">
        {showBack ? (
          <button type="button" className="app-header__back" aria-label={layoutTexts.back} onClick={goBack}>
            <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
              <path d="M15.5 4.5 8 12l7.5 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        ) : null}
        <h1 className="app-header__title">{title ?? titleForPath(pathname) ?? ''}</h1>
      </div>
    </header>
  );
}
