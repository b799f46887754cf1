import { Picker } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { useChannelList } from '../api/house-channels.ts';
import { houseTexts as t } from '../texts.ts';

/** The part of the form hook the channel row needs: a form with `channel_id`, null for none. */
type ChannelForm = {
  values: { channel_id: number | null };
  set: (key: 'channel_id') => (value: number | null) => void;
  field: (key: 'channel_id') => FieldBinding;
};

export type ChannelFieldProps = {
  form: ChannelForm;
  /** What "no channel" reads as on this form. */
  noneText?: string;
};

/**
 * The channel a client, recommendation or receiver comes from, picked from the caller's channels (the server
 * refuses one the caller may not use). Null, sent as 'null', is the server's "none".
 */
export function ChannelField({ form, noneText = t.channelNone }: ChannelFieldProps) {
  const [open, setOpen] = useState(false);
  const channels = useChannelList({});
  const { values, set, field } = form;
  const binding = field('channel_id');
  const name = channels.items.find((c) => c.id === values.channel_id)?.name ?? noneText;
  return (
    <>
      <FormField field={binding} label={t.channel} onClick={() => setOpen(true)}>
        <span id={binding.id} role="button" aria-labelledby={binding.labelId}>
          {name}
        </span>
      </FormField>
      <Picker
        visible={open}
        onClose={() => setOpen(false)}
        columns={[[{ label: noneText, value: 0 }, ...channels.items.map((c) => ({ label: c.name, value: c.id }))]]}
        value={[values.channel_id ?? 0]}
        onConfirm={(v) => set('channel_id')(Number(v[0]) || null)}
        confirmText={t.confirm}
        cancelText={t.cancel}
      />
    </>
  );
}

/** The channel a form opened from a channel's page starts with (`?channel=ID`), or null. */
export function useChannelParam(): number | null {
  const [search] = useSearchParams();
  const id = Number(search.get('channel'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
