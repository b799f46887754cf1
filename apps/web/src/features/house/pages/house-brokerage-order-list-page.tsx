import { updateHouseOrderRequestSchema } from '@crm/domain/api/house';
import { formatFen } from '@crm/domain/money';
import { Button, Input, List, Space } from 'antd-mobile';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { CopyOnLongPress } from '../../../components/contact-values.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useOrderList, useOrderSummary, useUpdateOrder, useUpdateOrderStatus } from '../api/house-orders.ts';
import { useRevealBrokerageCard } from '../api/reveal-order-card.ts';
import { RowList } from '../components/row-list.tsx';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseBrokerageOrderList/:param: orders of one status; finance pays, cancels or notes them. */
export function HouseBrokerageOrderListPage() {
  const { param = '0' } = useParams();
  const status = Number(param) || 0;
  const orders = useOrderList(status);
  const canUpdate = useOrderSummary().data?.can_update ?? false;

  return (
    <RowList
      list={orders}
      header={t.orderStatus[status]}
      emptyText={t.emptyOrders}
      renderItem={(order) => (
        <List.Item
          key={order.id}
          description={
            <div>
              <div>
                {t.receiver} {order.brokerage_user_name} · {t.account} {order.bank_name}{' '}
                {canUpdate && order.status === 1 ? (
                  <OrderCard orderId={order.id} masked={order.bank_card} />
                ) : (
                  order.bank_card
                )}
              </div>
              {order.pay_ref ? (
                <div>
                  {t.payRef} {order.pay_ref}
                </div>
              ) : null}
              {order.remark ? <div>{order.remark}</div> : null}
              {canUpdate && order.status === 1 ? <OrderActions orderId={order.id} /> : null}
            </div>
          }
          extra={`${formatFen(order.amount_fen)} · ${t.orderStatus[order.status]}`}
        >
          {order.client_name}
        </List.Item>
      )}
    />
  );
}

/**
 * The payee's card, masked (decision 065); finance paying the order taps 查看 for the full number, which the
 * server writes to the company's audit log.
 */
function OrderCard({ orderId, masked }: { orderId: number; masked: string }) {
  const reveal = useRevealBrokerageCard();
  const [full, setFull] = useState<string | null>(null);
  if (full !== null) return <CopyOnLongPress value={full} />;
  const show = async () => {
    try {
      setFull(await reveal.mutateAsync(orderId));
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };
  return (
    <span>
      {masked}{' '}
      <Button
        size="mini"
        fill="none"
        color="primary"
        loading={reveal.isPending}
        aria-label={t.revealCard}
        onClick={() => void show()}
      >
        {t.reveal}
      </Button>
    </span>
  );
}

/** Paying (with the transfer reference, checked with the server's schema) or cancelling one waiting order. */
function OrderActions({ orderId }: { orderId: number }) {
  const setStatus = useUpdateOrderStatus();
  const update = useUpdateOrder();
  const form = useSchemaForm({
    schema: updateHouseOrderRequestSchema,
    initial: { pay_ref: '' },
    toInput: ({ pay_ref }) => ({ id: orderId, remark: '', pay_ref }),
    idPrefix: `order-${orderId}`,
  });

  const act = async (next: 2 | 3) => {
    if (next === 2 && !form.validate()) return;
    const confirmed = await askToConfirm(next === 2 ? t.markPaidConfirm : t.cancelOrderConfirm, t);
    if (!confirmed) return;
    try {
      const payRef = form.values.pay_ref;
      if (next === 2 && payRef) await update.mutateAsync({ id: orderId, remark: '', pay_ref: payRef });
      await setStatus.mutateAsync({ id: orderId, status: next });
      showToast({ content: t.saved, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Space direction="vertical" block>
      <FormField field={form.field('pay_ref')} label={t.payRef}>
        <Input placeholder={t.payRefPlaceholder} {...form.input('pay_ref')} />
      </FormField>
      <Space>
        <Button size="small" color="primary" onClick={() => void act(2)}>
          {t.markPaid}
        </Button>
        <Button size="small" color="danger" fill="outline" onClick={() => void act(3)}>
          {t.cancelOrder}
        </Button>
      </Space>
    </Space>
  );
}
