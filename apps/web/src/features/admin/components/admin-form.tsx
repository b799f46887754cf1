import type { InputHTMLAttributes, ReactNode } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import type { WriteHandle } from '../api/admin.ts';
import { adminTexts as T } from '../texts.ts';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { Field, LoadState } from './admin-shell.tsx';

/** A back-office form in its panel: the title is its heading and the region's name; a hint may stand above. */
export function FormPanel({
  title,
  hint,
  onSubmit,
  children,
}: {
  title: string;
  hint?: string;
  onSubmit: () => unknown;
  children: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      {hint ? <p className="admin-hint">{hint}</p> : null}
      <PlainForm className="admin-form" onSubmit={onSubmit}>
        {children}
      </PlainForm>
    </section>
  );
}

/** A button of a row or a form that is not its submit (edit, disable, remove, cancel). */
export function PlainButton({ onClick, children }: { onClick: () => unknown; children: ReactNode }) {
  return (
    <button type="button" className="admin-button admin-button--plain" onClick={() => void onClick()}>
      {children}
    </button>
  );
}

/** A form's submit, held while its write is under way, and, for an edit, the cancel that closes it. */
export function FormButtons({
  submit,
  pending,
  onCancel,
}: {
  submit: string;
  pending: boolean;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <>
      <button type="submit" className="admin-button" disabled={pending}>
        {submit}
      </button>
      {onCancel ? <PlainButton onClick={onCancel}>{T.cancel}</PlainButton> : null}
    </>
  );
}

/**
 * The submit of a schema form: what the form's schema passes goes to the write call; what it refuses is named
 * at its fields and nothing is sent.
 */
export const submitChecked =
  (
    form: { validate: () => unknown; showRefusalAtField: (error: unknown) => void },
    write: Pick<WriteHandle, 'mutate'>,
    onSuccess?: () => void,
  ) =>
  () => {
    const data = form.validate();
    // The write's own onError toasts the refusal; a refusal naming a field also goes under that field.
    // The page's form checks with the endpoint's own request schema, so what passes is that endpoint's input.
    if (data) write.mutate(data as never, { onSuccess, onError: form.showRefusalAtField });
  };

/** A form that adds a record: its panel, its fields and the add button; it empties itself once the add is done. */
export function AddPanel<V>({
  title,
  form,
  add,
  blank,
  children,
}: {
  title: string;
  form: { validate: () => unknown; showRefusalAtField: (error: unknown) => void; reset: (values: V) => void };
  add: WriteHandle;
  blank: V;
  children: ReactNode;
}) {
  return (
    <FormPanel title={title} onSubmit={submitChecked(form, add, () => form.reset(blank))}>
      {children}
      <FormButtons submit={T.add} pending={add.isPending} />
    </FormPanel>
  );
}

/**
 * A record's edit form once the record has loaded: the load's states (LoadState) until then. A new form per
 * record comes from the caller's key.
 */
export function LoadedEdit<Data>({
  query,
  emptyText = '',
  children,
}: {
  query: { isPending: boolean; error: Error | null; data: Data | undefined; refetch: () => unknown };
  emptyText?: string;
  children: (data: Data) => ReactNode;
}) {
  return (
    <LoadState
      isPending={query.isPending}
      error={query.error}
      isEmpty={!query.data}
      emptyText={emptyText}
      onRetry={query.refetch}
    >
      {query.data ? children(query.data) : null}
    </LoadState>
  );
}

/** The options of a select, one per entry of a table of labels (key as the value). */
export function LabelOptions({ labels }: { labels: Readonly<Record<string, string>> }) {
  return (
    <>
      {Object.entries(labels).map(([key, label]) => (
        <option key={key} value={key}>
          {label}
        </option>
      ))}
    </>
  );
}

/** The form hook's text binding as a plain input's props. */
export function inputOf(binding: { id: string; value: string; onChange: (value: string) => void }) {
  return {
    id: binding.id,
    value: binding.value,
    onChange: (e: { target: { value: string } }) => binding.onChange(e.target.value),
  };
}

export type InputFieldProps<K extends string> = {
  label: string;
  form: {
    field: (key: string) => FieldBinding;
    input: (key: K) => { id: string; value: string; onChange: (value: string) => void };
  };
  name: K;
  /** The schema's key its message comes under, where the typed value's differs (yuan typed, fen sent). */
  schemaKey?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'type'>;

/** A labelled text input of the form hook's field `name`, with its message. */
export function InputField<K extends string>({
  label,
  form,
  name,
  schemaKey = name,
  ...attributes
}: InputFieldProps<K>) {
  return (
    <Field label={label} binding={form.field(schemaKey)}>
      <input {...attributes} {...inputOf(form.input(name))} />
    </Field>
  );
}

/** One text input of a FieldGroup: InputField's props less the form. */
export type FieldSpec<K extends string> = Omit<InputFieldProps<K>, 'form'>;

/**
 * A group of a form's text inputs under its hint, one spec a field (the rules page's protection, brokerage,
 * ledger, pool and retention groups; a product's admission bounds); `children` follow the inputs.
 */
export function FieldGroup<K extends string>({
  hint,
  form,
  fields,
  children,
}: {
  hint?: ReactNode;
  form: InputFieldProps<K>['form'];
  fields: readonly FieldSpec<K>[];
  children?: ReactNode;
}) {
  return (
    <>
      {hint ? <p className="admin-hint">{hint}</p> : null}
      {fields.map((spec) => (
        <InputField key={spec.name} form={form} {...spec} />
      ))}
      {children}
    </>
  );
}
