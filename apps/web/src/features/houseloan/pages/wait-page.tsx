import { stageLabel } from '@crm/domain/api/houseloan';
import { Button, Result } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useReferral } from '../api/houseloan.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

/** /houseloan/wait?id=: the referral is in; the page asks again every 15 s until a steward has taken it. */
export function HouseloanWaitPage() {
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id'));
  const referral = useReferral(Number.isInteger(id) ? id : 0, 15_000);
  if (!(id > 0)) return <Result status="success" title={T.waitTitle} description={T.waitHint} />;
  if (!referral.isSuccess) return <QueryFallback query={referral} />;
  const item = referral.data;
  const taken = item.steward !== null;
  return (
    <div className="page">
      <Result
        status={taken ? 'success' : 'waiting'}
        title={taken && item.steward ? T.takenBy(item.steward.name) : T.waitTitle}
        description={`${item.name} · ${stageLabel(item.stage)}。${T.waitHint}`}
      />
      <div className="form-actions">
        <Button block color="primary" onClick={() => void navigate(`/houseloan/detail/${id}`)}>
          {T.viewDetail}
        </Button>
        <Button block onClick={() => void navigate('/houseloan/home/0')}>
          {T.backHome}
        </Button>
      </div>
    </div>
  );
}
