import { Selector } from 'antd-mobile';
import type { FieldBinding } from '../lib/use-schema-form.ts';
import { FormField } from './form-field.tsx';

export type ChoiceFieldProps = {
  /** From the form hook's `field(key)`. */
  field: FieldBinding;
  label: string;
  options: ReadonlyArray<{ value: number; label: string }>;
  /** Nothing chosen: null or undefined. */
  value: number | null | undefined;
  /** Null when the person taps the chosen tile again. */
  onChange: (value: number | null) => void;
  columns: number;
  required?: boolean;
};

/**
 * One of a few options as a grid of tiles. antd's Selector has no role of its own: the wrapper makes it a radio
 * group named by the field's label, as a screen reader and the page tests find it.
 */
export function ChoiceField({ field, label, options, value, onChange, columns, required }: ChoiceFieldProps) {
  return (
    <FormField field={field} label={label} required={required}>
      <div role="radiogroup" aria-labelledby={field.labelId}>
        <Selector
          columns={columns}
          options={options.map((option) => ({ label: option.label, value: option.value }))}
          value={value === null || value === undefined ? [] : [value]}
          onChange={(values) => onChange(values[0] ?? null)}
        />
      </div>
    </FormField>
  );
}
