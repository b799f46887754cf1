import { List } from 'antd-mobile';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { useReferral } from '../api/ysb.ts';
import { ysbTexts as T } from '../texts.ts';
import { ReferralFacts } from '../../../components/referral-row.tsx';
import { FormAction } from '../../../components/form-action.tsx';

/**
 * /business/houseYsb/:id: one referral of my partners; 转为报单 opens the case form prefilled from it, 匹配产品 the
 * matching with its amount and age (decision 068), whose 用此产品报单 converts it with the product chosen.
 */
export function HouseYsbPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const referral = useReferral(Number.isInteger(id) ? id : 0);
  if (!referral.isSuccess) return <QueryFallback query={referral} lines={10} />;
  const item = referral.data;
  return (
    <PullRefresh onRefresh={() => referral.refetch()} texts={T}>
      <div className="page">
        <ReferralFacts item={item} partnerLabel={T.partner}>
          <List.Item extra={item.channel_name || '-'}>{T.channel}</List.Item>
        </ReferralFacts>
        {item.can_convert ? (
          <FormAction color="primary" onClick={() => void navigate(`/business/add?referral=${item.id}`)}>
            {T.convert}
          </FormAction>
        ) : null}
        {item.can_convert ? (
          <div className="form-actions">
            <Link className="link-button link-button--ghost" to={`/business/match?referral_id=${item.id}`}>
              {T.match}
            </Link>
          </div>
        ) : null}
      </div>
    </PullRefresh>
  );
}
