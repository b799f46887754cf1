import { ReferralList } from '../components/referral-list.tsx';

/** /business/ysblist: the referrals of all my partners, by status. */
export function YsbListPage() {
  return (
    <div className="page">
      <ReferralList />
    </div>
  );
}
