import { formatFen } from '@crm/domain/money';
import { Button, List, Skeleton } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { CopyOnLongPress, PhoneLink } from '../../../components/contact-values.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { useReferral } from '../api/ysb.ts';
import { ysbTexts as T } from '../texts.ts';
import { dayOf } from '../../../components/referral-row.tsx';

/** /business/houseYsb/:id: one referral of my partners; 转为报单 opens the case form prefilled from it. */
export function HouseYsbPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const referral = useReferral(Number.isInteger(id) ? id : 0);
  if (referral.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (referral.isError) return <LoadError message={referral.error.message} onRetry={() => void referral.refetch()} />;
  const item = referral.data;
  return (
    <PullRefresh onRefresh={() => referral.refetch()} texts={T}>
      <div className="page">
        <List mode="card" header={item.name}>
          <List.Item extra={item.status_label}>{T.status}</List.Item>
          {item.status === 1 ? (
            <List.Item extra={dayOf(item.protected_until)}>{T.protectedUntilLabel}</List.Item>
          ) : null}
          {item.case_status_label ? <List.Item extra={item.case_status_label}>{T.caseStatus}</List.Item> : null}
          <List.Item extra={<PhoneLink phone={item.phone} />}>{T.phone}</List.Item>
          <List.Item extra={<CopyOnLongPress value={item.id_number} />}>{T.idNumber}</List.Item>
          <List.Item extra={formatFen(item.amount_fen)}>{T.amount}</List.Item>
          <List.Item extra={item.product_name || '-'}>{T.product}</List.Item>
          <List.Item extra={item.partner_name}>{T.partner}</List.Item>
          <List.Item extra={item.channel_name || '-'}>{T.channel}</List.Item>
          <List.Item extra={dayOf(item.created_at)}>{T.createdAt}</List.Item>
          {item.converted_at ? <List.Item extra={dayOf(item.converted_at)}>{T.convertedAt}</List.Item> : null}
          {item.released_at ? <List.Item extra={dayOf(item.released_at)}>{T.releasedAt}</List.Item> : null}
          {item.remarks ? <List.Item description={item.remarks}>{T.remarks}</List.Item> : null}
        </List>
        {item.can_convert ? (
          <div className="form-actions">
            <Button block color="primary" onClick={() => void navigate(`/business/add?referral=${item.id}`)}>
              {T.convert}
            </Button>
          </div>
        ) : null}
      </div>
    </PullRefresh>
  );
}
