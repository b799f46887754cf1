import { Link } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useMe } from '../api/session.ts';
import { isApproved, StatusBanner } from '../components/status-banner.tsx';
import { outsideTexts as T } from '../texts.ts';
import '../../../components/portal-tiles.css';
import '../outside.css';

type TileKey = keyof typeof T.tiles;
/** The portal's tiles; those marked need an approved account (referring and inviting). */
const TILES: ReadonlyArray<{ key: TileKey; to: string; needsApproval: boolean }> = [
  { key: 'add', to: '/outside/add', needsApproval: true },
  { key: 'list', to: '/outside/list', needsApproval: false },
  { key: 'partner', to: '/outside/partner', needsApproval: true },
  { key: 'team', to: '/outside/team', needsApproval: false },
  { key: 'product', to: '/outside/product', needsApproval: false },
  { key: 'channel', to: '/outside/channel', needsApproval: false },
  { key: 'work', to: '/outside/work', needsApproval: false },
  { key: 'account', to: '/outside/account', needsApproval: false },
];

/** /outside/index/:openid?: the partner's home (no header: titles.ts). */
export function OutsideIndexPage() {
  // The :openid the Yishubao mini-program passes is not verified by the server: identity is the session only.
  const me = useMe();
  if (!me.isSuccess) return <QueryFallback query={me} />;
  const user = me.data;
  const approved = isApproved(user);
  return (
    <PullRefresh onRefresh={() => me.refetch()} texts={T}>
      <div className="page outside-home">
        <header className="outside-home__head">
          <h1 className="outside-home__name">{user.name}</h1>
          <div className="outside-home__corp">{user.corp_name}</div>
        </header>
        <StatusBanner user={user} />
        <div className="stat-cards">
          {(
            [
              [T.protected, user.counts.protected],
              [T.converted, user.counts.converted],
              [T.released, user.counts.released],
            ] as const
          ).map(([label, value]) => (
            <div className="stat-card" key={label}>
              <div className="stat-card__value">{value}</div>
              <div className="stat-card__label">{label}</div>
            </div>
          ))}
        </div>
        <div className="section-title">{T.protectionDays(user.protection_days)}</div>
        <nav className="portal-tiles outside-tiles">
          {TILES.map((tile) =>
            tile.needsApproval && !approved ? (
              <button
                key={tile.key}
                type="button"
                className="portal-tile portal-tile--disabled outside-tile"
                aria-disabled="true"
                onClick={() => showToast({ content: T.needsApproval })}
              >
                {T.tiles[tile.key]}
              </button>
            ) : (
              <Link key={tile.key} className="portal-tile outside-tile" to={tile.to}>
                {T.tiles[tile.key]}
                {tile.key === 'work' && user.expiring > 0 ? (
                  <span className="outside-tile__badge">{user.expiring}</span>
                ) : null}
              </Link>
            ),
          )}
        </nav>
      </div>
    </PullRefresh>
  );
}
