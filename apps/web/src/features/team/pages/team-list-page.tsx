import { fenToWan, fenToWanValue as wan } from '@crm/domain/money';
import { List, Skeleton } from 'antd-mobile';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { BarChart } from '../../../components/bar-chart.tsx';
import { useTeamData } from '../api/get-team-data.ts';
import { teamTexts as T } from '../texts.ts';

// The dashboard's charts come in a chunk of their own, after the page's figures (decision 058).
const FunnelPanel = lazy(() => import('../components/funnel-panel.tsx').then((m) => ({ default: m.FunnelPanel })));

function ChartLegend() {
  return (
    <div className="chart-legend">
      <span className="chart-legend__a">{T.legendAmount}</span>
      <span className="chart-legend__b">{T.legendDisbursed}</span>
    </div>
  );
}

/** A member's cases in the case list, opened from their row (the list keeps the team condition). */
const memberCasesPath = (staffId: number, name: string) =>
  `/business/list?${new URLSearchParams({ scope: 'team', owner: String(staffId), name }).toString()}`;

/** /team/list: the leader's team at a glance (GET teamData): totals, months, members. */
export function TeamListPage() {
  const query = useTeamData();
  const navigate = useNavigate();
  const charts = useMemo(() => {
    const data = query.data;
    if (!data) return null;
    return {
      month: {
        labels: data.by_month.map((row) => row.month.slice(5)),
        series: [data.by_month.map((row) => wan(row.amount_fen)), data.by_month.map((row) => wan(row.disbursed_fen))],
      },
      members: {
        labels: data.members.map((row) => row.name),
        series: [data.members.map((row) => wan(row.amount_fen))],
      },
    };
  }, [query.data]);

  if (!query.isSuccess) return <QueryFallback query={query} lines={10} />;
  const data = query.data;
  return (
    <PullRefresh onRefresh={() => query.refetch()} texts={T}>
      <div className="page">
        <div className="section-title">{data.team_name}</div>
        <div className="stat-cards">
          <div className="stat-card">
            <div className="stat-card__value">{data.total.count}</div>
            <div className="stat-card__label">{T.total}</div>
          </div>
          <div className="stat-card">
            <div className="stat-card__value">{fenToWan(data.total.amount_fen)}</div>
            <div className="stat-card__label">{T.amount}</div>
          </div>
          <div className="stat-card">
            <div className="stat-card__value">{fenToWan(data.total.disbursed_fen)}</div>
            <div className="stat-card__label">{T.disbursed}</div>
          </div>
        </div>
        {charts ? (
          <>
            <div className="section-title">{T.byMonth}</div>
            <ChartLegend />
            <BarChart labels={charts.month.labels} series={charts.month.series} summary={T.byMonth} />
            <div className="section-title">{T.memberChart}</div>
            <BarChart
              labels={charts.members.labels}
              series={charts.members.series}
              summary={T.memberChart}
              horizontal
              height={Math.max(120, data.members.length * 36)}
            />
          </>
        ) : null}
        <Suspense fallback={<Skeleton.Paragraph lineCount={6} animated />}>
          <FunnelPanel />
        </Suspense>
        <div className="form-actions">
          <Link className="link-button link-button--ghost" to="/business/list?scope=team">
            {T.teamCases}
          </Link>
          <Link className="link-button link-button--ghost" to="/team/viewLog">
            {T.viewLog.link}
          </Link>
          <Link className="link-button link-button--ghost" to="/team/groupSend">
            {T.groupSend}
          </Link>
        </div>
        <List header={T.members}>
          {data.members.map((row) => (
            <List.Item
              key={row.staff_id}
              onClick={() => void navigate(memberCasesPath(row.staff_id, row.name))}
              description={T.disbursedOf(row.disbursed_count, fenToWan(row.disbursed_fen))}
              extra={`${T.count(row.count)} · ${fenToWan(row.amount_fen)}`}
            >
              {row.name}
            </List.Item>
          ))}
        </List>
      </div>
    </PullRefresh>
  );
}
