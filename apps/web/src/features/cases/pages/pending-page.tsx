import { formatDateTime } from '@crm/domain/datetime';
import { Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page.tsx';
import { useTabbedList } from '../../../components/key-tabs.tsx';
import { usePending } from '../api/get-pending.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { casesTexts } from '../texts.ts';

const T = casesTexts.pending;

/** /business/pending: my open follow-ups, those due first (POST pending; the home badge counts them). */
export function PendingPage() {
  const [list, tabs] = useTabbedList(
    [
      { key: '1', title: T.due },
      { key: '0', title: T.all },
    ],
    usePending,
  );
  return (
    <ListPage
      header={tabs}
      list={list}
      renderItem={(item) => (
        <Link className="case-row" to={`/business/pendingDetail/${item.client_id}`}>
          <div className="case-row__top">
            <span>
              {item.client_name} {item.is_due ? <Tag color="danger">{T.overdue}</Tag> : null}
            </span>
            <StatusTag status={item.status} />
          </div>
          <div className="case-row__sub">
            <span>{item.note}</span>
          </div>
          <div className="case-row__sub">
            <span>{item.phone}</span>
            <span>
              {T.nextContact} {formatDateTime(item.next_contact_at)}
            </span>
          </div>
        </Link>
      )}
    />
  );
}
