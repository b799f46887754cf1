import { formatDateTime } from '@crm/domain/datetime';
import { bpToPercent } from '@crm/domain/brokerage';
import { formatFen } from '@crm/domain/money';
import { HOUSE_IMAGE_TYPES, HOUSE_PRODUCTS } from '@crm/domain/house';
import { Button, List, Skeleton, Steps, Tag } from 'antd-mobile';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useDelHouseClient } from '../api/del-house-client.ts';
import { useHouseDetail } from '../api/get-house-detail.ts';
import { statusLabel } from '../components/client-item.tsx';
import { houseDetailPath } from '../components/client-list.tsx';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';
import { RevealableValue } from '../../../components/masked-value.tsx';
import { revealHouseNumber } from '../api/reveal-order-card.ts';

/** /business/houseDetail/:father/:id: the client, its referral chain, images, brokerage and its history. */
export function HouseDetailPage() {
  const navigate = useNavigate();
  const { father = '0', id = '0' } = useParams();
  const detail = useHouseDetail(Number(id));
  const del = useDelHouseClient();

  if (detail.isPending) {
    return (
      <div className="page" role="status" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (detail.isError) return <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />;

  const {
    client,
    chain,
    referred,
    images,
    orders,
    audit_events: events,
    can_delete: canDelete,
    can_set_brokerage: canSet,
  } = detail.data;
  const count = (type: number) => images.find((i) => i.house_type === type)?.count ?? 0;

  const remove = async () => {
    const confirmed = await askToConfirm(t.deleteConfirm, t);
    if (!confirmed) return;
    try {
      await del.mutateAsync(client.id);
      showToast({ content: t.deleted, icon: 'success' });
      void navigate('/business/house', { replace: true });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div>
      <List header={client.name}>
        <List.Item
          extra={
            <RevealableValue kind="phone" value={client.phone} reveal={() => revealHouseNumber('client', client.id)} />
          }
        >
          {t.phone}
        </List.Item>
        {client.id_number ? (
          <List.Item
            extra={
              <RevealableValue
                kind="idNumber"
                value={client.id_number}
                reveal={() => revealHouseNumber('client', client.id, 'id_number')}
              />
            }
          >
            {t.idNumber}
          </List.Item>
        ) : null}
        <List.Item extra={<Tag color="primary">{statusLabel(client.status)}</Tag>}>{t.status}</List.Item>
        <List.Item extra={`${formatFen(client.loan_amount_fen)}`}>{t.loanAmountShort}</List.Item>
        <List.Item extra={t.months(client.term_months)}>{t.term}</List.Item>
        <List.Item extra={client.bank}>{t.bank}</List.Item>
        <List.Item extra={HOUSE_PRODUCTS.find((p) => p.value === client.product)?.label}>{t.product}</List.Item>
        <List.Item extra={client.channel_name ?? t.channelNone}>{t.channel}</List.Item>
        <List.Item extra={client.owner_name}>{t.owner}</List.Item>
        <List.Item extra={client.steward_name ?? t.stewardNone}>{t.steward}</List.Item>
        {client.remark ? <List.Item description={client.remark}>{t.remark}</List.Item> : null}
      </List>

      <List header={t.chain}>
        {chain.length === 0 ? <List.Item>{t.chainNone}</List.Item> : null}
        {chain.map((c) => (
          <List.Item key={c.id} onClick={() => void navigate(houseDetailPath(c.id, client.id))}>
            {c.name}
          </List.Item>
        ))}
        {referred.length > 0 ? (
          <List.Item description={referred.map((r) => r.name).join('、')}>{t.referred}</List.Item>
        ) : null}
      </List>

      <List header={t.images}>
        {HOUSE_IMAGE_TYPES.map((type) => (
          <List.Item
            key={type.value}
            extra={t.imageCount(count(type.value))}
            onClick={() => void navigate(`/business/houseUpload/${client.id}/${type.value}`)}
          >
            {type.label}
          </List.Item>
        ))}
      </List>

      <List header={t.brokerage}>
        <List.Item
          extra={t.brokerageState[client.brokerage_state]}
          description={
            client.brokerage_fen !== null && client.brokerage_rate_bp !== null
              ? `${bpToPercent(client.brokerage_rate_bp)}% · ${formatFen(client.brokerage_fen)}`
              : undefined
          }
        >
          {t.brokerage}
        </List.Item>
        {orders.map((o) => (
          <List.Item key={o.id} extra={t.orderStatus[o.status]} description={`${o.bank_name} ${o.bank_card}`}>
            {o.brokerage_user_name} · {formatFen(o.amount_fen)}
          </List.Item>
        ))}
      </List>

      {events.length > 0 ? (
        <List header={t.auditEvents}>
          <div className="page">
            <Steps direction="vertical">
              {events.map((e) => (
                <Steps.Step
                  key={e.id}
                  status={e.decision === 'rejected' ? 'error' : 'finish'}
                  title={`${t.auditDecision[e.decision]} · ${e.actor_name}`}
                  description={`${formatDateTime(e.created_at)}${e.reason ? ` · ${e.reason}` : ''}`}
                />
              ))}
            </Steps>
          </div>
        </List>
      ) : null}

      <div className="house-actions">
        {canSet ? (
          <Button color="primary" onClick={() => void navigate(`/business/houseSetBrokerage/${father}/${client.id}`)}>
            {t.setBrokerage}
          </Button>
        ) : null}
        {canDelete ? (
          <Button color="danger" fill="outline" loading={del.isPending} onClick={() => void remove()}>
            {t.deleteClient}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
