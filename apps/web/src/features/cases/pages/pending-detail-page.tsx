import { formatDateTime } from '@crm/domain/datetime';
import { ErrorBlock, List, Skeleton } from 'antd-mobile';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { usePendingDetail } from '../api/get-pending-detail.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { casesTexts } from '../texts.ts';

const T = casesTexts.pending;

/** /business/pendingDetail/:id: a case's follow-up notes (GET pendingDetail). */
export function PendingDetailPage() {
  const id = Number(useParams().id ?? 0);
  const query = usePendingDetail(id);
  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (query.isError)
    return (
      <LoadError title={casesTexts.loadFailed} message={query.error.message} onRetry={() => void query.refetch()} />
    );
  const { client, list } = query.data;
  // Due as of when the notes were loaded: a pull to refresh re-reads both.
  const now = query.dataUpdatedAt;
  return (
    <PullRefresh onRefresh={() => query.refetch()} texts={casesTexts}>
      <div className="page">
        <Link className="case-row" to={`/business/detail/${client.id}`}>
          <div className="case-row__top">
            <span>{client.name}</span>
            <StatusTag status={client.status} />
          </div>
          <div className="case-row__sub">{client.phone}</div>
        </Link>
        <div className="form-actions">
          <Link className="link-button" to={`/business/pendingAdd/${client.id}`}>
            {casesTexts.detail.addFollowUp}
          </Link>
        </div>
        {list.length === 0 ? (
          <ErrorBlock status="empty" title={casesTexts.empty} description="" />
        ) : (
          <List header={casesTexts.detail.followUp}>
            {list.map((row) => (
              <List.Item
                key={row.id}
                description={`${T.nextContact} ${formatDateTime(row.next_contact_at)} · ${row.staff_name}`}
                extra={!row.done_at && Date.parse(row.next_contact_at) <= now ? T.overdue : ''}
              >
                {row.note}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </PullRefresh>
  );
}
