import { NavBar } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { hasBackArrow, titleForPath } from './titles.ts';

export function AppHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showBack = hasBackArrow(pathname);

  const goBack = () => {
    // react-router keeps the history index in history.state; a page opened directly has nothing to go
    // back to, so it goes home instead: a partner's (/outside/*) to the partner's home, not the staff one.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(pathname.startsWith('/outside/') ? '/outside/index' : '/index');
  };

  return (
    <header className="app-header">
      <NavBar back={showBack ? '' : null} backIcon={showBack} onBack={goBack}>
        {titleForPath(pathname) ?? ''}
      </NavBar>
    </header>
  );
}
