import type { PoolItem } from '@crm/domain/api/ownership';
import { formatFen } from '@crm/domain/money';
import { formatDateTime } from '@crm/domain/datetime';
import { Button, SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { askToConfirm } from '../../../lib/confirm.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { usePool, usePoolClaim } from '../api/pool.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.pool;

/**
 * /business/pool: the company's public pool (公海, decision 066), cases their owners left without a follow-up
 * or put back. Masked; 领取 makes one the caller's (first come, a daily cap) and opens it.
 */
export function PoolPage() {
  const [tail, setTail] = useState('');
  const list = usePool(tail);
  const claim = usePoolClaim();
  const navigate = useNavigate();
  const take = async (item: PoolItem) => {
    if (!(await askToConfirm(T.confirm(item.client), { confirm: T.claim, cancel: T.cancel }))) return;
    try {
      const { id, msg } = await claim.mutateAsync(item.id);
      showToast({ content: msg || T.claimed, icon: 'success' });
      void navigate(`/business/detail/${id}`);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <ListPage<PoolItem>
      header={
        <SearchBar
          placeholder={T.search}
          onSearch={(value) => setTail(value.trim())}
          onClear={() => setTail('')}
          aria-label={T.search}
        />
      }
      list={list}
      emptyText={T.empty}
      renderItem={(item) => (
        <div className="case-row">
          <div className="case-row__top">
            <span>
              {item.client} · {item.phone}
              {item.from_referral ? <Tag color="warning">{T.fromReferral}</Tag> : null}
            </span>
            <span>{item.status_label}</span>
          </div>
          <div className="case-row__sub">
            <span>{formatFen(item.amount_fen)}</span>
            <span>
              {T.lastOwner}：{item.last_owner}
            </span>
          </div>
          <div className="case-row__sub">
            <span>{item.reason}</span>
            <span>{item.pooled_at ? formatDateTime(item.pooled_at) : ''}</span>
          </div>
          <Button size="small" color="primary" loading={claim.isPending} onClick={() => void take(item)}>
            {T.claim}
          </Button>
        </div>
      )}
    />
  );
}
