import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { useYsbTeam } from '../api/ysb.ts';
import { ysbTexts as T } from '../texts.ts';

/** /team/ysb: a leader's members with their partners, pending ones and referral counts. */
export function TeamYsbPage() {
  const navigate = useNavigate();
  const team = useYsbTeam();
  if (team.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (team.isError) return <LoadError message={team.error.message} onRetry={() => void team.refetch()} />;
  return (
    <PullRefresh onRefresh={() => team.refetch()} texts={T}>
      <div className="page">
        {team.data.length === 0 ? (
          <ErrorBlock status="empty" title={T.empty} description="" />
        ) : (
          <List header={T.members}>
            {team.data.map((row) => (
              <List.Item
                key={row.staff_id}
                onClick={() => void navigate('/business/ysb?scope=team')}
                description={T.counts(row.counts.protected, row.counts.converted, row.counts.released)}
                extra={T.teamRow(row.partners, row.pending)}
              >
                {row.staff_name}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </PullRefresh>
  );
}
