import { HOUSELOAN_TYPES, stageLabel } from '@crm/domain/api/houseloan';
import { formatFen } from '@crm/domain/money';
import { List } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useReferral } from '../api/houseloan.ts';
import { dateTimeOf } from '../components/when.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';
import { FormAction } from '../../../components/form-action.tsx';

/** /houseloan/detail/:id: one referral: its stage, the steward to call, the signing appointment, the brokerage. */
export function HouseloanDetailPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const referral = useReferral(Number.isInteger(id) ? id : 0);
  if (!referral.isSuccess) return <QueryFallback query={referral} />;
  const item = referral.data;
  const kind = HOUSELOAN_TYPES.find((t) => t.value === item.type)?.label ?? '';
  return (
    <PullRefresh onRefresh={() => referral.refetch()} texts={T}>
      <div className="page">
        <List header={`${item.name} · ${kind}`}>
          <List.Item
            extra={<span className={`houseloan-stage houseloan-stage--${item.stage}`}>{stageLabel(item.stage)}</span>}
          >
            {T.stage}
          </List.Item>
          {/* The client's phone, masked for the agent too (decision 065): the steward below is theirs to call. */}
          <List.Item extra={item.phone}>{T.phone}</List.Item>
          <List.Item extra={T.loanOf(formatFen(item.loan_amount_fen), item.term_months)}>{T.loanAmount}</List.Item>
          <List.Item extra={item.bank}>{T.bank}</List.Item>
          {item.remark ? <List.Item extra={item.remark}>{T.remark}</List.Item> : null}
          <List.Item
            extra={
              item.steward ? (
                <a href={`tel:${item.steward.phone}`}>
                  {item.steward.name} {T.call}
                </a>
              ) : (
                T.noSteward
              )
            }
          >
            {T.steward}
          </List.Item>
          {item.appointment_at ? (
            <>
              <List.Item extra={dateTimeOf(item.appointment_at)}>{T.appointment}</List.Item>
              <List.Item extra={item.place ?? ''}>{T.place}</List.Item>
            </>
          ) : null}
        </List>
        <List header={T.brokerage}>
          {item.brokerage.length > 0 ? (
            item.brokerage.map((order) => (
              <List.Item key={order.id} extra={T.orderStatus[order.status] ?? ''}>
                {formatFen(order.amount_fen)}
              </List.Item>
            ))
          ) : (
            <List.Item>{T.noBrokerage}</List.Item>
          )}
        </List>
        {!item.has_consent && item.stage === 'waiting' ? (
          <FormAction color="primary" onClick={() => void navigate(`/houseloan/auth/${item.id}/${item.type}`)}>
            {T.addConsent}
          </FormAction>
        ) : null}
      </div>
    </PullRefresh>
  );
}
