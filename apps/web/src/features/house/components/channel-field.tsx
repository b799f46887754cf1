import { useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { OptionField } from '../../../components/option-field.tsx';
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
 * refuses one the caller may not use). None is 0 in the picker and null in the form, sent as 'null': the
 * server's "none".
 */
export function ChannelField({ form, noneText = t.channelNone }: ChannelFieldProps) {
  const channels = useChannelList({});
  const binding = form.field('channel_id');
  const options = [{ value: 0, label: noneText }, ...channels.items.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <FormField field={binding} label={t.channel}>
      <OptionField
        id={binding.id}
        value={String(form.values.channel_id ?? 0)}
        options={options}
        onChange={(value) => form.set('channel_id')(Number(value) || null)}
      />
    </FormField>
  );
}

/** The channel a form opened from a channel's page starts with (`?channel=ID`), or null. */
export function useChannelParam(): number | null {
  const [search] = useSearchParams();
  const id = Number(search.get('channel'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
