import type { ReferralListItem } from '@crm/domain/api/outside';
import { useKeyTabs } from '../../../components/key-tabs.tsx';
import { statusTabs } from '../../../components/status-tabs.ts';
import { PagedList } from '../../../components/paged-list.tsx';
import { useReferrals } from '../api/ysb.ts';
import { ysbTexts as T } from '../texts.ts';
import { ReferralRow } from '../../../components/referral-row.tsx';

const STATUS_TABS = statusTabs(T.all, T.protected, T.converted, T.released);

/** My partners' referrals (or one partner's), by status, each opening /business/houseYsb/{id}. */
export function ReferralList({ partnerId }: { partnerId?: number }) {
  const [status, tabs] = useKeyTabs(STATUS_TABS);
  const list = useReferrals({ status: Number(status), ...(partnerId ? { partner_id: partnerId } : {}) });
  return (
    <>
      {tabs}
      <PagedList<ReferralListItem>
        list={list}
        renderItem={(item) => <ReferralRow item={item} to={`/business/houseYsb/${item.id}`} />}
      />
    </>
  );
}
