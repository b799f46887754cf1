import { formatMonthDayTime } from '@crm/domain/datetime';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { useActivityData } from '../api/activity.ts';
import { activityTexts as T } from '../texts.ts';
import '../activity.css';

/** How often the booth's list refreshes while the page is open (the fair's sign-ins live). */
export const DATA_REFRESH_MS = 15_000;

const time = (iso: string) => formatMonthDayTime(iso);

/** The answers in a stable order (the car model before the day; the database keeps no key order). */
const answerLine = (answers: Record<string, string>) =>
  Object.entries(answers)
    .sort(([a], [b]) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b))
    .map(([, value]) => value)
    .join(' · ');
const ORDER = ['car_model', 'date'];

/** /business/activityData/:id (not in the spec; decision 056): an activity's bookings or sign-ins, live. */
export function ActivityDataPage() {
  const id = Number(useParams().id);
  const list = useActivityData(id);
  const { refresh } = list;
  useEffect(() => {
    const timer = setInterval(() => void refresh(), DATA_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  const first = list.pages[0];
  if (list.error && list.items.length === 0)
    return <LoadError title={T.dataLoadFailed} message={list.error.message} onRetry={() => void list.refresh()} />;
  return (
    <PullRefresh onRefresh={() => list.refresh()} texts={T}>
      <div className="page">
        {first ? (
          <div className="section-title">
            {first.activity.title} · {T.total(first.total)}
          </div>
        ) : null}
        <PagedList
          list={list}
          emptyText={T.dataEmpty}
          renderItem={(row) => (
            <div>
              <strong>{row.kind === 'subscribe' ? T.kinds.subscribe : row.name}</strong> {row.phone}{' '}
              <span className="activity-card__meta">{time(row.created_at)}</span>
              <p className="activity-card__meta">
                {answerLine(row.answers)}
                {row.shared_by ? ` · ${T.sharedBy(row.shared_by)}` : ''}
              </p>
            </div>
          )}
        />
      </div>
    </PullRefresh>
  );
}
