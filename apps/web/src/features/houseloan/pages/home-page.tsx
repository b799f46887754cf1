import { stageLabel } from '@crm/domain/api/houseloan';
import { List } from 'antd-mobile';
import { Link } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useAppointments, useMe } from '../api/houseloan.ts';
import { dateTimeOf } from '../components/when.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../../../components/portal-tiles.css';
import '../houseloan.css';

type TileKey = keyof typeof T.tiles;
const TILES: ReadonlyArray<{ key: TileKey; to: (corp: number) => string }> = [
  { key: 'mortgage', to: () => '/houseloan/add/1' },
  { key: 'card', to: () => '/houseloan/add/2' },
  { key: 'list', to: () => '/houseloan/list' },
  { key: 'photo', to: () => '/houseloan/photo' },
  { key: 'best', to: (corp) => `/houseloan/bestList?corp=${corp}` },
  { key: 'mine', to: () => '/houseloan/mine' },
];

/**
 * /houseloan/home/:openid: the agent's home. The :openid is what the WeChat callback put in the address for
 * show; who is signed in is the session alone (the server verified the openid before opening it).
 */
export function HouseloanHomePage() {
  const me = useMe();
  const appointments = useAppointments();
  if (!me.isSuccess) return <QueryFallback query={me} />;
  const agent = me.data;
  return (
    <PullRefresh onRefresh={() => Promise.all([me.refetch(), appointments.refetch()])} texts={T}>
      <div className="page">
        <header className="houseloan-home__head">
          <h1 className="houseloan-home__name">{T.greeting(agent.name)}</h1>
          <div className="houseloan-muted">
            {agent.corp_name} · {agent.channel_name}
          </div>
        </header>
        <nav className="portal-tiles houseloan-tiles">
          {TILES.map((tile) => (
            <Link key={tile.key} className="portal-tile houseloan-tile" to={tile.to(agent.corp_id)}>
              {T.tiles[tile.key]}
            </Link>
          ))}
        </nav>
        <List header={T.appointments}>
          {appointments.data?.list.length ? (
            appointments.data.list.map((a) => (
              <List.Item
                key={a.id}
                description={`${dateTimeOf(a.appointment_at)} · ${a.place}`}
                extra={stageLabel(a.stage)}
              >
                <Link to={`/houseloan/detail/${a.client_id}`}>{a.client_name}</Link>
              </List.Item>
            ))
          ) : (
            <List.Item>{appointments.isError ? appointments.error.message : T.noAppointments}</List.Item>
          )}
        </List>
      </div>
    </PullRefresh>
  );
}
