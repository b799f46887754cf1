import type { MoneyRecord } from '@crm/domain/api/money';
import { formatFen, labelOf, REPAYMENT_METHODS } from '@crm/domain/money';
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirmMoney } from '../api/confirm-money.ts';
import { useDelMoney } from '../api/del-money.ts';
import { useMoneyList } from '../api/get-money-list.ts';
import { ImageThumbs } from '../components/image-thumbs.tsx';
import { MoneyForm } from '../components/money-form.tsx';
import { EmptyState, FormSheet, ListSkeleton, MissingCase, MoreFooter, useCaseId } from '../components/page-states.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { moneyTexts as T } from '../texts.ts';
import '../components/money.css';

/** /business/money?id=<case>: the case's repayments, newest first, with add, confirm and delete. */
export function MoneyPage() {
  const clientId = useCaseId();
  const list = useMoneyList(clientId);
  const [isAdding, setIsAdding] = useState(false);

  if (clientId === 0) return <MissingCase />;
  if (list.isPending) return <ListSkeleton />;
  if (list.error) return <LoadError message={list.error.message} onRetry={() => void list.refresh()} />;
  const first = list.pages[0];
  const items = list.items;

  return (
    <PullRefresh onRefresh={list.refresh} texts={T}>
      <div className="money-page">
        <div className="money-summary">
          <span className="money-summary__name">{first?.client.name}</span>
          <span className="money-summary__total">
            {T.confirmedTotal} {formatFen(first?.confirmed_fen ?? 0)}
          </span>
        </div>
        <div className="money-links">
          {first?.can_add ? (
            <Button color="primary" size="small" onClick={() => setIsAdding(true)}>
              {T.addMoney}
            </Button>
          ) : null}
          <Link to={`/business/upload?id=${clientId}`}>
            <Button size="small" fill="outline">
              {T.goUpload}
            </Button>
          </Link>
        </div>
        {items.length === 0 ? <EmptyState text={T.noMoney} /> : null}
        {items.map((record) => (
          <MoneyCard key={record.id} record={record} clientId={clientId} />
        ))}
        <MoreFooter list={list} />
      </div>
      <FormSheet visible={isAdding} onClose={() => setIsAdding(false)}>
        <MoneyForm clientId={clientId} onDone={() => setIsAdding(false)} />
      </FormSheet>
    </PullRefresh>
  );
}

function MoneyCard({ record, clientId }: { record: MoneyRecord; clientId: number }) {
  const confirm = useConfirmMoney(clientId);
  const del = useDelMoney(clientId);
  const amount = formatFen(record.amount_fen);

  const handleConfirm = async () => {
    if (!(await askToConfirm(T.confirmMoneyAsk(amount), T))) return;
    try {
      await confirm.mutateAsync(record.id);
      showToast({ icon: 'success', content: T.statusConfirmed });
    } catch (error) {
      showErrorToast(error);
    }
  };
  const handleDelete = async () => {
    if (!(await askToConfirm(T.deleteMoneyAsk, T))) return;
    try {
      await del.mutateAsync(record.id);
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <article className="money-card" aria-label={amount}>
      <div className="money-card__head">
        <span className="money-card__amount">{amount}</span>
        <Tag color={record.status === 'confirmed' ? 'success' : 'warning'}>
          {record.status === 'confirmed' ? T.statusConfirmed : T.statusPending}
        </Tag>
      </div>
      <div className="money-card__meta">
        <span>{record.paid_on}</span>
        <span>{labelOf(REPAYMENT_METHODS, record.method)}</span>
        {record.card_last4 ? <span>{T.cardTail(record.card_last4)}</span> : null}
        <span>{T.recordedBy(record.created_by.name)}</span>
        {record.confirmed_by ? <span>{T.confirmedBy(record.confirmed_by.name)}</span> : null}
      </div>
      {record.note ? <div className="money-card__note">{record.note}</div> : null}
      <ImageThumbs images={record.images} />
      {record.can_confirm || record.can_delete ? (
        <div className="money-card__actions">
          {record.can_delete ? (
            <Button size="small" fill="outline" loading={del.isPending} onClick={() => void handleDelete()}>
              {T.delete}
            </Button>
          ) : null}
          {record.can_confirm ? (
            <Button size="small" color="primary" loading={confirm.isPending} onClick={() => void handleConfirm()}>
              {T.confirmMoney}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
