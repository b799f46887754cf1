import type { ReferralListItem } from '@crm/domain/api/outside';
import { useState } from 'react';
import { KeyTabs, useKeyTabs } from '../../../components/key-tabs.tsx';
import { statusTabs } from '../../../components/status-tabs.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { useReferrals } from '../api/referrals.ts';
import { ReferralRow } from '../../../components/referral-row.tsx';
import { outsideTexts as T } from '../texts.ts';

const STATUS_TABS = statusTabs(T.tabAll, T.protected, T.converted, T.released);
const SCOPE_TABS = [
  { key: 'mine', title: T.mine },
  { key: 'team', title: T.team },
] as const;

/** /outside/list: my referrals (or my sub-partners'), by status, pull to refresh, more on scroll. */
export function OutsideListPage() {
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const [status, statusTabs] = useKeyTabs(STATUS_TABS);
  const list = useReferrals({ status: Number(status), scope });
  return (
    <div className="page">
      <KeyTabs value={scope} onChange={setScope} tabs={SCOPE_TABS} />
      {statusTabs}
      <PagedList<ReferralListItem>
        list={list}
        renderItem={(item) => <ReferralRow item={item} to={`/outside/detail/${item.id}`} />}
      />
    </div>
  );
}
