import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

export type PrimaryActionProps = {
  onClick: () => void;
  children: ReactNode;
  loading?: boolean;
};

/** A page's one primary action under its form or card: a full-width button in the form-actions row. */
export function PrimaryAction({ onClick, children, loading }: PrimaryActionProps) {
  return (
    <div className="form-actions">
      <Button block color="primary" loading={loading} onClick={onClick}>
        {children}
      </Button>
    </div>
  );
}
