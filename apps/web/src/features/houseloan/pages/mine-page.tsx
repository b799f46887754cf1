import { formatFen } from '@crm/domain/money';
import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { showErrorToast } from '../../../lib/toast.ts';
import { useBrokerage, useLogout, useMe, useService } from '../api/houseloan.ts';
import { dateTimeOf } from '../components/when.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

type BrokerageRow = { id: number; client_name: string; amount_fen: number; status: number; created_at: string };

/** /houseloan/mine: the agent's account, their brokerage (paid, pending, per client), whom to call, logout. */
export function HouseloanMinePage() {
  const navigate = useNavigate();
  const me = useMe();
  const service = useService();
  const brokerage = useBrokerage();
  // Every page of the brokerage list carries the agent's totals: the first one's are shown above it.
  const totals = brokerage.pages[0];
  const logout = useLogout();
  if (!me.isSuccess) return <QueryFallback query={me} />;
  const agent = me.data;

  const leave = async () => {
    try {
      await logout.mutateAsync();
      void navigate('/houseloan/login', { replace: true });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <div className="page">
      <List>
        <List.Item description={agent.phone}>{agent.name}</List.Item>
        <List.Item extra={agent.channel_name}>{T.channel}</List.Item>
        <List.Item
          extra={
            service.data ? (
              <a href={`tel:${service.data.phone}`}>{service.data.name}</a>
            ) : (
              (service.error?.message ?? '')
            )
          }
        >
          {T.service}
        </List.Item>
        {/* The commission statements (decision 067). */}
        <List.Item onClick={() => void navigate('/houseloan/statement')}>{T.statements}</List.Item>
      </List>
      <div className="houseloan-totals">
        <div className="houseloan-total">
          <strong>{formatFen(totals?.pending_fen ?? 0)}</strong>
          {T.pendingFen}
        </div>
        <div className="houseloan-total">
          <strong>{formatFen(totals?.paid_fen ?? 0)}</strong>
          {T.paidFen}
        </div>
      </div>
      <h3>{T.myBrokerage}</h3>
      <PagedList<BrokerageRow>
        list={brokerage}
        emptyText={T.noBrokerage}
        renderItem={(item) => (
          <div className="houseloan-row">
            <div className="houseloan-row__top">
              <span>{item.client_name}</span>
              <span>{formatFen(item.amount_fen)}</span>
            </div>
            <div className="houseloan-muted">
              {dateTimeOf(item.created_at)} · {T.orderStatus[item.status] ?? ''}
            </div>
          </div>
        )}
      />
      <LogoutButton texts={T} loading={logout.isPending} onLeave={leave} />
    </div>
  );
}
