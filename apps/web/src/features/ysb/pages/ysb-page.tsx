import { OUTSIDE_MESSAGES, PARTNER_STATUS, type PartnerRow } from '@crm/domain/api/outside';
import { Button, NoticeBar, Space, Tag } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { KeyTabs } from '../../../components/key-tabs.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { ReasonSheet } from '../../../components/reason-form.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useAudit, usePartners } from '../api/ysb.ts';
import { InvitePopup } from '../components/invite-popup.tsx';
import { ysbTexts as T } from '../texts.ts';

const STATUS_TABS = [
  { key: '0', title: T.pending },
  { key: '1', title: T.approved },
  { key: '2', title: T.declined },
  { key: '-1', title: T.all },
] as const;
type StatusKey = (typeof STATUS_TABS)[number]['key'];
const STATUS_COLORS: Record<number, string> = { 0: 'warning', 1: 'success', 2: 'danger' };

/** A partner's referrals, titled with their name. */
const partnerPath = (row: PartnerRow) =>
  `/business/ysbdetail/${row.id}?${new URLSearchParams({ name: row.name }).toString()}`;

/** Declining needs a reason here (the server takes an empty one). */
const declineSchema = z.object({
  reason: z.string().trim().min(1, T.reasonRequired).max(200, OUTSIDE_MESSAGES.reasonTooLong),
});

/**
 * /business/ysb: my partners (or, ?scope=team for a leader, my team's) by account status; pending ones are
 * approved or declined here. A row opens the partner's referrals.
 */
export function YsbPage() {
  const [params] = useSearchParams();
  const isLeader = useStoredUser()?.leader === true;
  const isTeam = params.get('scope') === 'team' && isLeader;
  const [status, setStatus] = useState<StatusKey>('0');
  const list = usePartners({ status: Number(status), scope: isTeam ? 'team' : 'mine' });
  const audit = useAudit();
  const [declining, setDeclining] = useState<PartnerRow | null>(null);
  const [inviting, setInviting] = useState(false);

  const decide = async (row: PartnerRow, pass: boolean, reason = '') => {
    if (pass && !(await askToConfirm(T.approveConfirm(row.name), T))) return false;
    try {
      await audit.mutateAsync({ id: row.id, pass, reason });
      showToast({ content: pass ? T.approvedToast : T.declinedToast, icon: 'success' });
      return true;
    } catch (error) {
      showErrorToast(error);
      return false;
    }
  };

  return (
    <div className="page">
      {isTeam ? <NoticeBar content={T.teamScope} color="info" /> : null}
      <Space block justify="between" align="center" style={{ padding: '8px 0' }}>
        <Button size="small" color="primary" onClick={() => setInviting(true)}>
          {T.invite}
        </Button>
        <Link to="/business/ysblist">{T.referralsLink}</Link>
      </Space>
      <KeyTabs value={status} onChange={setStatus} tabs={STATUS_TABS} />
      <PagedList<PartnerRow>
        list={list}
        renderItem={(row) => (
          <div className="case-row">
            <Link className="case-row__top" to={partnerPath(row)}>
              <span>
                {row.name} <span className="case-row__sub">{row.phone}</span>
              </span>
              <Tag color={STATUS_COLORS[row.status] ?? 'default'}>{row.status_label}</Tag>
            </Link>
            <div className="case-row__sub">
              <span>{T.invitedBy(row.inviter_name || row.staff_name)}</span>
              <span>{T.counts(row.counts.protected, row.counts.converted, row.counts.released)}</span>
            </div>
            {row.status === PARTNER_STATUS.PENDING ? (
              <Space style={{ marginTop: 8 }}>
                <Button size="small" color="primary" loading={audit.isPending} onClick={() => void decide(row, true)}>
                  {T.approve}
                </Button>
                <Button size="small" color="danger" fill="outline" onClick={() => setDeclining(row)}>
                  {T.decline}
                </Button>
              </Space>
            ) : null}
          </div>
        )}
      />
      <ReasonSheet
        row={declining}
        onClose={() => setDeclining(null)}
        schema={declineSchema}
        idPrefix="decline"
        toastFirstError={false}
        texts={{ ...T.declineSheet, confirm: T.confirm }}
        isSubmitting={audit.isPending}
        send={async (row, reason) => {
          await audit.mutateAsync({ id: row.id, pass: false, reason: reason.trim() });
          showToast({ content: T.declinedToast, icon: 'success' });
        }}
      />
      <InvitePopup visible={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
