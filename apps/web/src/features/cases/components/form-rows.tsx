import { Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { OptionField, type OptionFieldOption } from '../../../components/option-field.tsx';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';

export type TextRowOptions = {
  placeholder?: string;
  required?: boolean;
  mode?: 'text' | 'numeric' | 'decimal' | 'tel';
};

/**
 * The rows of a form whose values are all strings (the case form, the matching form): one builder of a labelled
 * row, a text input and an option picker, each tied to the form hook's field and showing its message.
 */
export function formRows(
  form: { field: (key: string) => FieldBinding },
  values: Record<string, string>,
  set: (field: string) => (value: string) => void,
) {
  const item = (field: string, label: string, control: ReactNode, required = false) => (
    <FormField key={field} field={form.field(field)} label={label} required={required}>
      {control}
    </FormField>
  );
  const text = (
    field: string,
    label: string,
    { placeholder = '', required = false, mode = 'text' }: TextRowOptions = {},
  ) =>
    item(
      field,
      label,
      <Input
        id={form.field(field).id}
        value={values[field] ?? ''}
        onChange={set(field)}
        placeholder={placeholder}
        inputMode={mode}
        clearable
      />,
      required,
    );
  const pick = (field: string, label: string, options: readonly OptionFieldOption[], required = false) =>
    item(
      field,
      label,
      <OptionField id={form.field(field).id} value={values[field] ?? ''} options={options} onChange={set(field)} />,
      required,
    );
  return { item, text, pick };
}
