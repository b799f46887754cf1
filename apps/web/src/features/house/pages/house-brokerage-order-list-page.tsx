import { formatFen } from '@crm/domain/money';
import { Button, Dialog, Input, List, Space } from 'antd-mobile';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadMoreList } from '../../../components/load-more-list.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useOrderList, useOrderSummary, useUpdateOrder, useUpdateOrderStatus } from '../api/house-orders.ts';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseBrokerageOrderList/:param: orders of one status; finance pays, cancels or notes them. */
export function HouseBrokerageOrderListPage() {
  const { param = '0' } = useParams();
  const status = Number(param) || 0;
  const orders = useOrderList(status);
  const canUpdate = useOrderSummary().data?.can_update ?? false;
  const setStatus = useUpdateOrderStatus();
  const update = useUpdateOrder();
  const [payRef, setPayRef] = useState<Record<number, string>>({});

  const act = async (id: number, next: 2 | 3) => {
    const confirmed = await Dialog.confirm({ content: next === 2 ? t.markPaidConfirm : t.cancelOrderConfirm, confirmText: t.confirm, cancelText: t.cancel });
    if (!confirmed) return;
    try {
      if (next === 2 && payRef[id]) await update.mutateAsync({ id, remark: '', pay_ref: payRef[id] ?? '' });
      await setStatus.mutateAsync({ id, status: next });
      showToast({ content: t.saved, icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <List header={t.orderStatus[status]}>
      <LoadMoreList
        {...orders}
        emptyText={t.emptyOrders}
        renderItem={(order) => (
          <List.Item
            key={order.id}
            description={
              <div>
                <div>
                  {t.receiver} {order.brokerage_user_name} · {t.account} {order.bank_name} {order.bank_card}
                </div>
                {order.pay_ref ? <div>{t.payRef} {order.pay_ref}</div> : null}
                {order.remark ? <div>{order.remark}</div> : null}
                {canUpdate && order.status === 1 ? (
                  <Space direction="vertical" block>
                    <Input placeholder={`${t.payRef}（${t.payRefPlaceholder}）`} value={payRef[order.id] ?? ''} onChange={(v) => setPayRef((p) => ({ ...p, [order.id]: v }))} />
                    <Space>
                      <Button size="small" color="primary" onClick={() => void act(order.id, 2)}>
                        {t.markPaid}
                      </Button>
                      <Button size="small" color="danger" fill="outline" onClick={() => void act(order.id, 3)}>
                        {t.cancelOrder}
                      </Button>
                    </Space>
                  </Space>
                ) : null}
              </div>
            }
            extra={`${formatFen(order.amount_fen)} · ${t.orderStatus[order.status]}`}
          >
            {order.client_name}
          </List.Item>
        )}
      />
    </List>
  );
}
