import { fenToWan, fenToWanValue } from '@crm/domain/money';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { List, Segmented, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { BarChart } from '../../../components/bar-chart.tsx';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { useStatistic } from '../api/get-statistic.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.stat;

/** /business/stat: my figures, or the team's for a leader (GET statistic), with a month chart. */
export function StatPage() {
  const isLeader = useStoredUser()?.leader ?? false;
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const query = useStatistic(scope);
  const chart = useMemo(() => {
    const months = query.data?.by_month ?? [];
    return {
      // The year too: half a year often spans two (2025-12, 2026-01).
      labels: months.map((row) => row.month),
      series: [
        months.map((row) => fenToWanValue(row.amount_fen)),
        months.map((row) => fenToWanValue(row.disbursed_fen)),
      ],
    };
  }, [query.data]);

  return (
    <PullRefresh onRefresh={() => query.refetch()} texts={casesTexts}>
      <div className="page">
        {isLeader ? (
          <div className="toolbar">
            <Segmented
              block
              value={scope}
              onChange={(value) => setScope(value === 'team' ? 'team' : 'mine')}
              options={[
                { label: T.mine, value: 'mine' },
                { label: T.team, value: 'team' },
              ]}
            />
          </div>
        ) : null}
        {query.isPending ? (
          <Skeleton.Paragraph lineCount={8} animated />
        ) : query.isError ? (
          <LoadError title={casesTexts.loadFailed} message={query.error.message} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <div className="stat-cards">
              <div className="stat-card">
                <div className="stat-card__value">{query.data.total.count}</div>
                <div className="stat-card__label">{T.total}</div>
              </div>
              <div className="stat-card">
                <div className="stat-card__value">{fenToWan(query.data.total.amount_fen)}</div>
                <div className="stat-card__label">{T.amount}</div>
              </div>
              <div className="stat-card">
                <div className="stat-card__value">{fenToWan(query.data.total.disbursed_fen)}</div>
                <div className="stat-card__label">{T.disbursed}</div>
              </div>
            </div>
            <div className="section-title">{T.byMonth}</div>
            <div className="chart-legend">
              <span className="chart-legend__a">{T.legendAmount}</span>
              <span className="chart-legend__b">{T.legendDisbursed}</span>
            </div>
            <BarChart labels={chart.labels} series={chart.series} summary={T.byMonth} />
            <List header={T.byStatus}>
              {query.data.by_status.map((row) => (
                <List.Item key={row.status} extra={`${T.count(row.count)} · ${fenToWan(row.amount_fen)}`}>
                  {isCaseStatus(row.status) ? CASE_STATUS_LABELS[row.status] : row.status}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </div>
    </PullRefresh>
  );
}
