import { formatFen } from '@crm/domain/money';
import { List } from 'antd-mobile';
import { Link, useParams, useSearchParams } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { getHouseChannel } from '../../../lib/storage.ts';
import { useBestDetail, useBestList } from '../api/houseloan.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

/** Which company's ranking: ?corp= of a shared link, else the logged-in agent's, else the first company. */
function useCorp(): number {
  const fromLink = Number(useSearchParams()[0].get('corp'));
  return Number.isInteger(fromLink) && fromLink > 0 ? fromLink : (getHouseChannel().corp_id ?? 1);
}

/**
 * /houseloan/bestList: this month's channel ranking (referrals signed, brokerage paid). Public, and usable in
 * any browser (lib/wechat.ts): it names businesses and numbers, never a person.
 */
export function HouseloanBestListPage() {
  const corp = useCorp();
  const best = useBestList(corp);
  if (!best.isSuccess) return <QueryFallback query={best} />;
  return (
    <PullRefresh onRefresh={() => best.refetch()} texts={T}>
      <div className="page houseloan-best">
        <List header={T.bestTitle(best.data.corp_name, best.data.month)}>
          {best.data.list.length === 0 ? <List.Item>{T.bestEmpty}</List.Item> : null}
          {best.data.list.map((row) => (
            <List.Item
              key={row.channel_id}
              description={`${T.completed(row.completed)} · ${formatFen(row.brokerage_fen)}`}
              prefix={<span className="houseloan-best__rank">{row.rank}</span>}
            >
              <Link to={`/houseloan/bestDetail/${row.channel_id}?corp=${corp}`}>{row.channel_name}</Link>
            </List.Item>
          ))}
        </List>
      </div>
    </PullRefresh>
  );
}

/** /houseloan/bestDetail/:id: one channel's rank this month and its last six months. Public like the list. */
export function HouseloanBestDetailPage() {
  const corp = useCorp();
  const id = Number(useParams().id);
  const detail = useBestDetail(corp, Number.isInteger(id) ? id : 0);
  if (!detail.isSuccess) return <QueryFallback query={detail} />;
  const channel = detail.data;
  return (
    <div className="page houseloan-best">
      <List header={`${channel.corp_name} · ${channel.month}`}>
        <List.Item extra={T.rank(channel.rank)}>{channel.channel_name}</List.Item>
        <List.Item extra={formatFen(channel.brokerage_fen)}>{T.completed(channel.completed)}</List.Item>
      </List>
      <List header={T.lastMonths}>
        {channel.months.map((m) => (
          <List.Item key={m.month} extra={formatFen(m.brokerage_fen)}>
            {m.month} · {T.completed(m.completed)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
