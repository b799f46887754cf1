import { formatFen } from '@crm/domain/money';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page.tsx';
import { useMoneyToConfirm } from '../api/get-money-to-confirm.ts';
import { ImageThumbs } from '../components/image-thumbs.tsx';
import { moneyTexts as T } from '../texts.ts';

/**
 * /business/moneyConfirm (not in the spec; issue 9): the leader's team repayments recorded by someone else
 * and waiting for their confirmation. Each row shows the record's proof photos (a tap opens them full
 * screen), so the leader checks them here; the row's text opens the case's repayments, where the confirm
 * button is. The thumbs sit beside the link, not inside it: a button inside a link is two tap targets in one.
 */
export function MoneyConfirmPage() {
  const list = useMoneyToConfirm();
  return (
    <ListPage
      list={list}
      emptyText={T.noneToConfirm}
      renderItem={(item) => (
        <>
          <Link className="case-row" to={`/business/money?id=${item.client_id}`}>
            <div className="case-row__top">
              <span>{item.client_name}</span>
              <strong>{formatFen(item.amount_fen)}</strong>
            </div>
            <div className="case-row__sub">
              <span>{T.paidOnLabel(item.paid_on)}</span>
              <span>{T.recordedBy(item.recorded_by)}</span>
            </div>
          </Link>
          <ImageThumbs images={item.images} compact />
        </>
      )}
    />
  );
}
