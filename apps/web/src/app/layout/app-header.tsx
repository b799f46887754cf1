import { NavBar } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { hasBackArrow, titleForPath } from './titles.ts';

const homeOf = (pathname: string) =>
  pathname.startsWith('/outside/')
    ? '/outside/index'
    : pathname.startsWith('/houseloan/')
      ? '/houseloan/home/0'
      : '/index';

export function AppHeader() {
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
    <header className="app-header">
      <NavBar back={showBack ? '' : null} backIcon={showBack} onBack={goBack}>
        {titleForPath(pathname) ?? ''}
      </NavBar>
    </header>
  );
}
