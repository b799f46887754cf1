import { formatFen } from '@crm/domain/money';
import { List, PullToRefresh, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { useOrderSummary } from '../api/house-orders.ts';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseBrokerageOrder: the rebate orders by status (finance; the rebate-only job's one page). */
export function HouseBrokerageOrderPage() {
  const navigate = useNavigate();
  const summary = useOrderSummary();
  return (
    <PullToRefresh onRefresh={async () => void (await summary.refetch())}>
      {summary.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : summary.isError ? (
        <LoadError message={summary.error.message} onRetry={() => void summary.refetch()} />
      ) : (
        <List header={t.orders}>
          <List.Item onClick={() => void navigate('/business/houseBrokerageOrderList/0')}>{t.orderStatus[0]}</List.Item>
          {summary.data.counts.map((c) => (
            <List.Item
              key={c.status}
              extra={`${t.orderCount(c.count)} · ${formatFen(c.amount_fen)}`}
              onClick={() => void navigate(`/business/houseBrokerageOrderList/${c.status}`)}
            >
              {t.orderStatus[c.status]}
            </List.Item>
          ))}
        </List>
      )}
    </PullToRefresh>
  );
}
