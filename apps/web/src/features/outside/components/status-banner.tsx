import { PARTNER_STATUS, type OutsideUser } from '@crm/domain/api/outside';
import { NoticeBar } from 'antd-mobile';
import { outsideTexts as T } from '../texts.ts';

/** The account's state while it may not refer: waiting for the company, or declined with the reason. */
export function StatusBanner({ user }: { user: OutsideUser }) {
  if (user.status === PARTNER_STATUS.PENDING) return <NoticeBar color="alert" content={T.statusPending} wrap />;
  if (user.status === PARTNER_STATUS.DECLINED)
    return <NoticeBar color="error" content={T.statusDeclined(user.decline_reason)} wrap />;
  return null;
}

export const isApproved = (user: OutsideUser) => user.status === PARTNER_STATUS.APPROVED;
