import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { FieldBinding } from '../lib/use-schema-form.ts';

export type FormFieldProps = {
  /** From the form hook's `field(key)`: the control carries `field.id` (an input) or `aria-labelledby={field.labelId}`. */
  field: FieldBinding;
  label: string;
  children: ReactNode;
  required?: boolean;
  onClick?: () => void;
  extra?: ReactNode;
};

/** One form row: the label tied to its control, the control, and the field's message under it. */
export function FormField({ field, label, children, required = false, onClick, extra }: FormFieldProps) {
  return (
    <List.Item
      title={
        <label
          id={field.labelId}
          htmlFor={field.id}
          className={required ? 'form-field__label form-field__label--required' : 'form-field__label'}
        >
          {label}
        </label>
      }
      description={
        field.error ? (
          <span id={field.errorId} className="form-field__error" role="alert">
            {field.error}
          </span>
        ) : undefined
      }
      onClick={onClick}
      arrowIcon={onClick ? true : false}
      extra={extra}
    >
      {children}
    </List.Item>
  );
}
