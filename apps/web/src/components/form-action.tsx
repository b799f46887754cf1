import { Button, type ButtonProps } from 'antd-mobile';

/** The one full-width button under a form or a record. */
export function FormAction(props: ButtonProps) {
  return (
    <div className="form-actions">
      <Button block {...props} />
    </div>
  );
}
