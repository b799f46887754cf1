import { List } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { OptionField } from '../../../components/option-field.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useChannelOptions, useReferral, useSetChannel } from '../api/referrals.ts';
import { outsideTexts as T } from '../texts.ts';
import { ReferralFacts } from '../../../components/referral-row.tsx';
import { FormAction } from '../../../components/form-action.tsx';

/** /outside/detail/:id: one referral, its protection or its case, its channel, 修改 while it may be corrected. */
export function OutsideDetailPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const referral = useReferral(Number.isInteger(id) ? id : 0);
  const channels = useChannelOptions(referral.isSuccess);
  const setChannel = useSetChannel(id);

  if (!referral.isSuccess) return <QueryFallback query={referral} />;
  const item = referral.data;
  // 未选择 last: a referral without a channel opens the sheet on the first channel.
  const channelOptions = [
    ...(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name })),
    ...(item.channel_id ? [{ value: 0, label: T.noChannel }] : []),
  ];
  const changeChannel = async (value: string) => {
    if (Number(value) === (item.channel_id ?? 0)) return;
    try {
      await setChannel.mutateAsync(Number(value));
      showToast({ content: T.channelChanged, icon: 'success' });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <PullRefresh onRefresh={() => referral.refetch()} texts={T}>
      <div className="page">
        <ReferralFacts item={item} partnerLabel={T.partner}>
          <List.Item
            extra={
              // The picker once there are channels to offer: a sheet opened earlier would offer none.
              channelOptions.length > 0 ? (
                <OptionField
                  id="referral-channel"
                  value={item.channel_id ? String(item.channel_id) : ''}
                  options={channelOptions}
                  placeholder={T.noChannel}
                  onChange={(value) => void changeChannel(value)}
                />
              ) : (
                item.channel_name || T.noChannel
              )
            }
          >
            <label htmlFor="referral-channel">{T.channel}</label>
          </List.Item>
        </ReferralFacts>
        {item.can_edit ? (
          <FormAction color="primary" onClick={() => void navigate(`/outside/add?id=${item.id}`)}>
            {T.edit}
          </FormAction>
        ) : null}
      </div>
    </PullRefresh>
  );
}
