import { houseChannelFormSchema } from '@crm/domain/house';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Sheet } from '../../../components/sheet.tsx';
import { LinkQr } from '../../../components/link-qr.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { RevealableValue } from '../../../components/masked-value.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useChannelEntry, useSetChannelEnabled } from '../api/channel-referrals.ts';
import { useHouseList } from '../api/get-house-list.ts';
import { revealHouseNumber } from '../api/reveal-order-card.ts';
import { useAddHouseChannel, useChannelList } from '../api/house-channels.ts';
import { ClientList, houseDetailPath } from '../components/client-list.tsx';
import { ChannelList } from '../components/channel-list.tsx';
import { houseTexts as t } from '../texts.ts';
import {
  AddFormPage,
  HouseAction,
  HouseInput,
  HouseSearch,
  PhoneField,
  RemarkField,
} from '../components/house-form.tsx';
import '../components/house.css';

const BLANK_CHANNEL = { name: '', contact: '', phone: '', remark: '' };

/** /business/houseChannel: the partners who refer clients. */
export function HouseChannelPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const channels = useChannelList({ keyword });
  return (
    <div>
      <HouseSearch placeholder={t.channelNamePlaceholder} onSearch={setKeyword} />
      <ChannelList
        list={channels}
        description={(c) => `${c.contact} ${c.phone}`}
        extra={(c) => t.clientCount(c.client_count)}
        onPick={(c) => void navigate(`/business/houseChannelDetail/${c.id}`)}
      />
      <HouseAction onClick={() => void navigate('/business/houseChannelAdd')}>{t.addChannel}</HouseAction>
    </div>
  );
}

/** /business/houseChannelAdd. */
export function HouseChannelAddPage() {
  const add = useAddHouseChannel();
  return (
    <AddFormPage
      title={t.addChannel}
      form={{ schema: houseChannelFormSchema, initial: BLANK_CHANNEL, idPrefix: 'channel' }}
      create={add}
      savedPath={(id) => `/business/houseChannelDetail/${id}`}
      rows={(form) => (
        <>
          <HouseInput form={form} name="name" text="channelName" maxLength={50} />
          <HouseInput form={form} name="contact" text="contact" maxLength={30} />
          <PhoneField form={form} />
          <RemarkField form={form} />
        </>
      )}
    />
  );
}

/** /business/houseChannelDetail/:id: the channel and the clients it referred. */
export function HouseChannelDetailPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id ?? 0);
  const channel = useChannelList({ id });
  const clients = useHouseList({ channel_id: id });
  const c = channel.items[0];
  const setEnabled = useSetChannelEnabled();
  const [entryOpen, setEntryOpen] = useState(false);
  const toggle = async (enabled: boolean) => {
    if (!(await askToConfirm(enabled ? t.stopChannelConfirm : t.resumeChannelConfirm, t))) return;
    try {
      showToast({ content: await setEnabled.mutateAsync({ id, enabled: !enabled }), icon: 'success' });
      await channel.refresh();
    } catch (error) {
      showErrorToast(error);
    }
  };
  if (channel.error) return <LoadError message={channel.error.message} onRetry={() => void channel.refresh()} />;
  return (
    <div>
      {c ? (
        <List header={c.name}>
          <List.Item
            extra={
              <>
                {c.contact}{' '}
                <RevealableValue kind="phone" value={c.phone} reveal={() => revealHouseNumber('channel', c.id)} />
              </>
            }
          >
            {t.contact}
          </List.Item>
          <List.Item extra={c.owner_name}>{t.owner}</List.Item>
          {c.remark ? <List.Item description={c.remark}>{t.remark}</List.Item> : null}
          <List.Item arrow onClick={() => setEntryOpen(true)}>
            {t.agentEntry}
          </List.Item>
          <List.Item arrow onClick={() => void navigate(`/business/houseRecommendAdd?channel=${id}`)}>
            {t.recommendFromChannel}
          </List.Item>
          <List.Item
            extra={
              <Button
                size="small"
                fill="outline"
                color={c.enabled ? 'danger' : 'primary'}
                onClick={() => void toggle(c.enabled)}
              >
                {c.enabled ? t.stopChannel : t.resumeChannel}
              </Button>
            }
          >
            {c.enabled ? '' : t.channelStopped}
          </List.Item>
        </List>
      ) : null}
      <Sheet open={entryOpen} onClose={() => setEntryOpen(false)} showCloseButton>
        <AgentEntry id={id} open={entryOpen} />
      </Sheet>
      <ClientList list={clients} header={t.channelClients} to={(client) => houseDetailPath(client.id)} />
      <HouseAction onClick={() => void navigate(`/business/houseAdd?channel=${id}`)}>{t.addFromChannel}</HouseAction>
    </div>
  );
}

/** The agents' way into the portal (decision 052): the company's /houseloan login as a QR code and a link. */
function AgentEntry({ id, open }: { id: number; open: boolean }) {
  const entry = useChannelEntry(id, open);
  if (!entry.isSuccess) return <QueryFallback query={entry} />;
  return (
    <div className="house-agent-entry">
      <p className="house-agent-entry__hint">{t.agentEntryHint}</p>
      <LinkQr png={entry.data.png} link={entry.data.link} alt={t.agentEntryAlt} label={t.agentEntryLink} />
    </div>
  );
}
