import { Link } from 'react-router';
import { useWhoami } from '../api/admin.ts';
import { AdminShell } from '../components/admin-shell.tsx';
import { navFor } from '../nav.ts';
import { adminTexts as T } from '../texts.ts';

/** /admin: the back office's front page, the same links as the sidebar. */
export function AdminHomePage() {
  const whoami = useWhoami();
  const me = whoami.data;
  const platformOnly = me?.platform_admin === true && !me.company_admin;
  const items = navFor(me);
  return (
    <AdminShell title={me ? T.welcome(me.corp_name) : T.title} platform={platformOnly}>
      <p className="admin-hint">{T.welcomeHint}</p>
      <ul aria-label={T.pages}>
        {items.map((item) => (
          <li key={item.path}>
            <Link to={item.path}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </AdminShell>
  );
}
