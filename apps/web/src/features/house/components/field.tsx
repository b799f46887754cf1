import { List } from 'antd-mobile';
import type { ReactNode } from 'react';

export type FieldProps = { label: string; error?: string | undefined; children: ReactNode; onClick?: () => void; extra?: ReactNode };

/** One form row: the label, the control, and the field's message under it. */
export function Field({ label, error, children, onClick, extra }: FieldProps) {
  return (
    <List.Item
      title={label}
      description={error ? <span className="house-form__error" role="alert">{error}</span> : undefined}
      onClick={onClick}
      arrowIcon={onClick ? true : false}
      extra={extra}
    >
      {children}
    </List.Item>
  );
}
