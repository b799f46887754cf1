import type { HouseloanReferral } from '@crm/domain/api/houseloan';
import { useKeyTabs } from '../../../components/key-tabs.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { useReferrals } from '../api/houseloan.ts';
import { ReferralItem } from '../components/referral-item.tsx';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

const STAGE_TABS = [
  { key: 'all', title: T.tabs.all },
  { key: 'waiting', title: T.tabs.waiting },
  { key: 'taken', title: T.tabs.taken },
  { key: 'signing', title: T.tabs.signing },
  { key: 'signed', title: T.tabs.signed },
  { key: 'failed', title: T.tabs.failed },
] as const;

/** /houseloan/list: the agent's referrals by stage, newest first; pull to refresh, more on scroll. */
export function HouseloanListPage() {
  const [stage, tabs] = useKeyTabs(STAGE_TABS);
  const list = useReferrals(stage === 'all' ? {} : { stage: stage });
  return (
    <div className="page">
      {tabs}
      <PagedList<HouseloanReferral>
        list={list}
        renderItem={(item) => <ReferralItem item={item} to={`/houseloan/detail/${item.id}`} />}
      />
    </div>
  );
}

/** /houseloan/photo: referrals still without the client's consent photo; a row opens the camera page. */
export function HouseloanPhotoPage() {
  const list = useReferrals({ missingConsent: true });
  return (
    <div className="page">
      <PagedList<HouseloanReferral>
        list={list}
        emptyText={T.photoEmpty}
        renderItem={(item) => <ReferralItem item={item} to={`/houseloan/auth/${item.id}/${item.type}`} />}
      />
    </div>
  );
}
