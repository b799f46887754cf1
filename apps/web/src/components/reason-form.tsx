import { Button, List, Popup, TextArea } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useSchemaForm, type FormSchema } from '../lib/use-schema-form.ts';
import { FormField } from './form-field.tsx';

type ReasonValues = { reason: string };

export type ReasonFormProps<Out> = {
  /** The caller's rule for the reason (required, at most 200 characters), shown under the field when broken. */
  schema: FormSchema<Out>;
  toInput?: (values: ReasonValues) => unknown;
  idPrefix: string;
  toastFirstError?: boolean;
  texts: { title: string; label: string; placeholder: string; confirm: string };
  isSubmitting: boolean;
  /** Gets the reason as typed, once the schema accepts it; a refusal it throws is shown under the field. */
  onSubmit: (reason: string) => Promise<void>;
};

/** The reason a refusal or a decline must give, asked for in a sheet before it is sent. */
export function ReasonForm<Out>({
  schema,
  toInput,
  idPrefix,
  toastFirstError,
  texts,
  isSubmitting,
  onSubmit,
}: ReasonFormProps<Out>) {
  const form = useSchemaForm({ schema, initial: { reason: '' }, toInput, idPrefix, toastFirstError });
  return (
    <div className="form-actions">
      <List header={texts.title}>
        <FormField field={form.field('reason')} label={texts.label} required>
          <TextArea placeholder={texts.placeholder} {...form.input('reason')} maxLength={200} rows={3} />
        </FormField>
      </List>
      <Button
        block
        color="danger"
        loading={isSubmitting}
        onClick={() => void (form.validate() ? onSubmit(form.values.reason).catch(form.refuse) : undefined)}
      >
        {texts.confirm}
      </Button>
    </div>
  );
}

/**
 * The sheet asking why `row` is refused (null: closed). It closes on its mask, and once `send` resolves;
 * when `send` throws the server's refusal, what was typed stays and the message shows under the field it
 * names (issue 39) and as a toast.
 */
export function ReasonSheet<Row, Out>({
  row,
  onClose,
  send,
  toInput,
  bodyStyle,
  ...form
}: Omit<ReasonFormProps<Out>, 'onSubmit' | 'toInput'> & {
  row: Row | null;
  onClose: () => void;
  send: (row: Row, reason: string) => Promise<void>;
  toInput?: (values: ReasonValues, row: Row) => unknown;
  bodyStyle?: CSSProperties;
}) {
  return (
    <Popup visible={row !== null} onMaskClick={onClose} destroyOnClose {...(bodyStyle ? { bodyStyle } : {})}>
      {row ? (
        <ReasonForm
          {...form}
          {...(toInput ? { toInput: (values: ReasonValues) => toInput(values, row) } : {})}
          onSubmit={async (reason) => {
            await send(row, reason);
            onClose();
          }}
        />
      ) : null}
    </Popup>
  );
}
