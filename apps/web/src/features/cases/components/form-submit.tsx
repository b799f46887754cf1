import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A case form's one action, full width under its fields, held while the write is under way. */
export function FormSubmit({
  loading,
  onSubmit,
  children,
}: {
  loading: boolean;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <div className="form-actions">
      <Button block color="primary" loading={loading} onClick={() => void onSubmit()}>
        {children}
      </Button>
    </div>
  );
}
