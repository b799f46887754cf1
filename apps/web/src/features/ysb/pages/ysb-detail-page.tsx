import { useParams, useSearchParams } from 'react-router';
import { ReferralList } from '../components/referral-list.tsx';
import { ysbTexts as T } from '../texts.ts';

/** /business/ysbdetail/:userid?name=: one partner's referrals (the server keeps them to my partners). */
export function YsbDetailPage() {
  const partnerId = Number(useParams().userid);
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  if (!Number.isInteger(partnerId) || partnerId <= 0) return null;
  return (
    <div className="page">
      {name ? <div className="section-title">{T.partnerReferrals(name)}</div> : null}
      <ReferralList partnerId={partnerId} />
    </div>
  );
}
