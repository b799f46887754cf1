import { bpToPercent } from '@crm/domain/brokerage';
import { formatFen } from '@crm/domain/money';
import type { HouseAudit } from '@crm/domain/api/house';
import { List, Tabs, Tag } from 'antd-mobile';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toastedWrite } from '../components/send-form.ts';
import { useHouseAudits, useUpdateHouseAudit, type AuditStatus } from '../api/house-audits.ts';
import { houseDetailPath } from '../components/client-list.tsx';
import { ReasonPopup } from '../components/reason-popup.tsx';
import { Rows } from '../components/row-list.tsx';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/financeAudit: over-limit brokerage for finance (job 4); the asker cannot decide their own. */
export function FinanceAuditPage() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<AuditStatus>('pending');
  const audits = useHouseAudits(status);
  const decide = useUpdateHouseAudit();
  const [open, setOpen] = useState<HouseAudit | null>(null);

  const run = async (id: number, decision: 'approve' | 'reject', reason: string) => {
    if (decision === 'approve') {
      const confirmed = await askToConfirm(t.approveConfirm, t);
      if (!confirmed) return false;
    }
    return toastedWrite(() => decide.mutateAsync({ id, decision, reason }), t.decided);
  };

  return (
    <div>
      {/* The commission ledger's finance pages (decision 067). */}
      <div className="house-links">
        <Link className="link-button link-button--ghost" to="/business/clawback">
          {t.clawbacks}
        </Link>
        <Link className="link-button link-button--ghost" to="/business/statement">
          {t.statements}
        </Link>
      </div>
      <Tabs activeKey={status} onChange={(key) => setStatus(key as AuditStatus)}>
        {(['pending', 'approved', 'rejected'] as const).map((key) => (
          <Tabs.Tab title={t.auditTabs[key]} key={key} />
        ))}
      </Tabs>
      <Rows
        list={audits}
        emptyText={t.emptyAudits}
        row={(audit) => ({
          title: audit.client_name,
          onClick:
            status === 'pending' ? () => setOpen(audit) : () => void navigate(houseDetailPath(audit.house_client_id)),
          description: `${t.requestedBy} ${audit.requested_by_name} · ${t.loanAmountShort} ${formatFen(audit.loan_amount_fen)} · ${bpToPercent(audit.rate_bp)}%${
            audit.events.length > 1 ? ` · ${audit.events.at(-1)?.reason ?? ''}` : ''
          }`,
          extra: (
            <Tag color={status === 'pending' ? 'warning' : status === 'approved' ? 'success' : 'danger'}>
              {formatFen(audit.amount_fen)}
            </Tag>
          ),
        })}
      />
      <ReasonPopup
        auditId={open?.id ?? null}
        title={t.reason}
        onClose={() => setOpen(null)}
        summary={open ? <AuditSummary audit={open} /> : null}
        actions={[
          {
            label: t.approve,
            color: 'primary',
            decision: 'approve',
            onPress: (reason) => run(open?.id ?? 0, 'approve', reason),
          },
          {
            label: t.reject,
            color: 'danger',
            decision: 'reject',
            onPress: (reason) => run(open?.id ?? 0, 'reject', reason),
          },
        ]}
      />
    </div>
  );
}

/** What finance approves: the client, the loan, the rate, the brokerage, and whom it pays how much. */
function AuditSummary({ audit }: { audit: HouseAudit }) {
  const s = t.auditSheet;
  return (
    <List header={s.title}>
      <List.Item extra={audit.client_name}>{s.client}</List.Item>
      <List.Item extra={formatFen(audit.loan_amount_fen)}>{s.loanAmount}</List.Item>
      <List.Item extra={`${bpToPercent(audit.rate_bp)}%`}>{s.rate}</List.Item>
      <List.Item extra={formatFen(audit.amount_fen)}>{s.amount}</List.Item>
      {audit.receivers.map((receiver, i) => (
        <List.Item key={receiver.id} extra={formatFen(receiver.amount_fen)}>
          {`${s.receiver(i + 1)} ${receiver.name}`}
        </List.Item>
      ))}
    </List>
  );
}
