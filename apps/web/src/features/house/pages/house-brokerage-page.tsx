import { formatFen } from '@crm/domain/money';
import { LoadError } from '../../../components/load-error.tsx';
import { useHouseBrokerage, useHouseBrokerageList } from '../api/house-brokerage.ts';
import { ClientList, houseDetailPath } from '../components/client-list.tsx';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseBrokerage: finance's rebate data, totals and the clients with brokerage. */
export function HouseBrokeragePage() {
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
      {/* Only the totals' place shows their failure: the clients below come from another call and may well be there. */}
      {summary.isError ? (
        <LoadError message={summary.error.message} onRetry={() => void summary.refetch()} />
      ) : (
        <div className="house-summary">
          {cells.map(([label, value]) => (
            <div className="house-summary__cell" key={label}>
              <div>{label}</div>
              <div className="house-summary__value">{value}</div>
            </div>
          ))}
        </div>
      )}
      <ClientList
        list={{ ...list, refresh: () => Promise.all([list.refresh(), summary.refetch()]) }}
        to={(client) => houseDetailPath(client.id)}
        extra={(client) => (client.brokerage_fen !== null ? `${formatFen(client.brokerage_fen)}` : undefined)}
      />
    </div>
  );
}
