import { formatTime } from '@crm/domain/datetime';
import type { FairToday } from '@crm/domain/api/fair';
import { Button, Card, ErrorBlock, List, Tag } from 'antd-mobile';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useFairCheckin } from '../api/fair-checkin.ts';
import { useFairSignin } from '../api/get-fair-signin.ts';
import { fairTexts as T } from '../texts.ts';
import '../fair.css';

const clockTime = (iso: string) => formatTime(iso);

function FairCard({ fair }: { fair: FairToday }) {
  const checkin = useFairCheckin();
  const checkIn = async () => {
    try {
      const { msg } = await checkin.mutateAsync(fair.id);
      showToast({ content: msg, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };
  return (
    <Card title={fair.name} extra={T.dates(fair.starts_on, fair.ends_on)} className="fair-card">
      {fair.venue ? <p className="fair-card__venue">{fair.venue}</p> : null}
      {fair.my_checked_in_at ? (
        <Tag color="success" fill="outline">
          {T.checkedIn(clockTime(fair.my_checked_in_at))}
        </Tag>
      ) : (
        <Button block color="primary" loading={checkin.isPending} onClick={() => void checkIn()}>
          {T.checkIn}
        </Button>
      )}
      <List header={T.roster(fair.roster.length)}>
        {fair.roster.length === 0 ? <List.Item>{T.rosterEmpty}</List.Item> : null}
        {fair.roster.map((row) => (
          <List.Item key={row.staff_id} extra={clockTime(row.checked_in_at)}>
            {row.staff_name}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}

/**
 * /business/signin: the staff's check-in at today's fairs (decision 051): one tap a day per fair, and the
 * booth's roster, refreshed every 30 s. The visitors' sign-in is the activities module's (/activity/signin).
 */
export function SigninPage() {
  const today = useFairSignin();
  if (!today.isSuccess) return <QueryFallback query={today} errorTitle={T.loadFailed} />;
  const { day, fairs } = today.data;
  return (
    <PullRefresh onRefresh={() => today.refetch()} texts={T}>
      <div className="page">
        <div className="section-title">{T.today(day)}</div>
        {fairs.length === 0 ? (
          <ErrorBlock status="empty" title={T.empty} description={T.emptyHint} />
        ) : (
          fairs.map((fair) => <FairCard key={fair.id} fair={fair} />)
        )}
        <p className="fair-live">{T.live}</p>
      </div>
    </PullRefresh>
  );
}
