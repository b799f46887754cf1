import { Button, List, TextArea } from 'antd-mobile';
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
  /** Gets the reason as typed, once the schema accepts it. */
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
        onClick={() => void (form.validate() ? onSubmit(form.values.reason) : undefined)}
      >
        {texts.confirm}
      </Button>
    </div>
  );
}
