import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { Tag } from 'antd-mobile';

const COLORS: Record<number, string> = {
  1: 'primary',
  2: 'danger',
  3: 'primary',
  4: 'warning',
  5: 'success',
  6: 'danger',
  7: 'warning',
  8: 'success',
  9: 'default',
};

export type StatusTagProps = { status: number };

/** A case status (spec §4) as a coloured tag. */
export function StatusTag({ status }: StatusTagProps) {
  return (
    <Tag color={COLORS[status] ?? 'default'} fill="outline">
      {isCaseStatus(status) ? CASE_STATUS_LABELS[status] : String(status)}
    </Tag>
  );
}
