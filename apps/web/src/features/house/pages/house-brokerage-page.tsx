import { formatFen } from '@crm/domain/money';
import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { useHouseBrokerage, useHouseBrokerageList } from '../api/house-brokerage.ts';
import { ClientItem } from '../components/client-item.tsx';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseBrokerage: finance's rebate data, totals and the clients with brokerage. */
export function HouseBrokeragePage() {
  const navigate = useNavigate();
  const summary = useHouseBrokerage();
  const list = useHouseBrokerageList();
  const s = summary.data;
  const cells: [string, string][] = s
    ? [
        [t.summaryClients, String(s.client_count)],
        [t.summaryTotal, `${formatFen(s.total_fen)}`],
        [t.summaryPending, `${formatFen(s.pending_fen)}`],
        [t.summaryPaid, `${formatFen(s.paid_fen)}`],
        [t.summaryAudit, String(s.audit_pending)],
      ]
    : [];
  return (
    <div>
      <div className="house-summary">
        {cells.map(([label, value]) => (
          <div className="house-summary__cell" key={label}>
            <div>{label}</div>
            <div className="house-summary__value">{value}</div>
          </div>
        ))}
      </div>
      <List>
        <LoadMoreList
          {...list}
          refresh={() => Promise.all([list.refresh(), summary.refetch()])}
          emptyText={t.emptyClients}
          renderItem={(client) => (
            <ClientItem
              key={client.id}
              client={client}
              extra={client.brokerage_fen !== null ? `${formatFen(client.brokerage_fen)}` : undefined}
              onClick={() => void navigate(`/business/houseDetail/0/${client.id}`)}
            />
          )}
        />
      </List>
    </div>
  );
}
