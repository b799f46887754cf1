import { outsideChannelAddRequestSchema, type OutsideChannel } from '@crm/domain/api/outside';
import { Input, List } from 'antd-mobile';
import { useState } from 'react';
import { Sheet } from '../../../components/sheet.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useChannels, useDeleteChannel, useSaveChannel } from '../api/channels.ts';
import { outsideTexts as T } from '../texts.ts';
import { FormAction } from '../../../components/form-action.tsx';
import { RowButton } from '../../../components/row-button.tsx';

type ChannelValues = { id: string; name: string; contact: string; phone: string };
const valuesOf = (channel: OutsideChannel | null): ChannelValues => ({
  id: channel ? String(channel.id) : '',
  name: channel?.name ?? '',
  contact: channel?.contact ?? '',
  phone: channel?.phone ?? '',
});

function ChannelForm({ channel, onDone }: { channel: OutsideChannel | null; onDone: () => void }) {
  const save = useSaveChannel();
  const form = useSchemaForm({
    schema: outsideChannelAddRequestSchema,
    initial: valuesOf(channel),
    idPrefix: 'channel',
  });
  const submit = async () => {
    if (!form.validate()) return;
    try {
      const { msg } = await save.mutateAsync(form.values);
      showToast({ content: msg || T.channelSaved, icon: 'success' });
      onDone();
    } catch (error) {
      // Under the field the server names (issue 39) and as a toast.
      form.refuse(error);
    }
  };
  return (
    <PlainForm className="channel-form" onSubmit={submit}>
      <List header={channel ? T.editChannel : T.addChannel}>
        <FormField field={form.field('name')} label={T.channelName} required>
          <Input {...form.input('name')} placeholder={T.channelNamePlaceholder} maxLength={30} clearable />
        </FormField>
        <FormField field={form.field('contact')} label={T.contact}>
          <Input {...form.input('contact')} placeholder={T.contactPlaceholder} maxLength={20} clearable />
        </FormField>
        <FormField field={form.field('phone')} label={T.channelPhone}>
          <Input {...form.input('phone')} placeholder={T.channelPhonePlaceholder} inputMode="tel" maxLength={11} />
        </FormField>
      </List>
      <FormAction type="submit" color="primary" loading={save.isPending}>
        {T.save}
      </FormAction>
    </PlainForm>
  );
}

/** /outside/channel: my channels; add or edit in a sheet, delete after confirming. */
export function OutsideChannelPage() {
  const channels = useChannels();
  const remove = useDeleteChannel();
  // undefined: the sheet is closed; null: a new channel.
  const [editing, setEditing] = useState<OutsideChannel | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  const del = async (channel: OutsideChannel) => {
    if (!(await askToConfirm(T.deleteConfirm(channel.name), T))) return;
    try {
      await remove.mutateAsync(channel.id);
      showToast({ content: T.deleted, icon: 'success' });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <div className="page">
      <FormAction color="primary" onClick={() => setEditing(null)}>
        {T.addChannel}
      </FormAction>
      <PagedList<OutsideChannel>
        list={channels}
        renderItem={(channel) => (
          <List.Item
            onClick={() => setEditing(channel)}
            description={[channel.contact, channel.phone].filter(Boolean).join(' · ')}
            extra={
              <span>
                {T.referrals(channel.referrals)}{' '}
                <RowButton size="mini" color="danger" fill="none" onPress={() => del(channel)}>
                  {T.delete}
                </RowButton>
              </span>
            }
          >
            {channel.name}
          </List.Item>
        )}
      />
      <Sheet open={editing !== undefined} onClose={close} destroyOnClose>
        {editing !== undefined ? <ChannelForm channel={editing} onDone={close} /> : null}
      </Sheet>
    </div>
  );
}
