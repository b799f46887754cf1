import { formatDay } from '@crm/domain/datetime';
import { auditAppealRequestSchema, type AppealItem } from '@crm/domain/api/cases';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { Button, Space, Tag } from 'antd-mobile';
import { useState } from 'react';
import { PagedList } from '../../../components/paged-list.tsx';
import { ReasonSheet } from '../../../components/reason-form.tsx';
import { openAllTabs, useTabbedList } from '../../../components/key-tabs.tsx';
import { showToast } from '../../../lib/toast.ts';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useAuditAppeal } from '../api/audit-appeal.ts';
import { useTeamAppeal } from '../api/get-team-appeal.ts';
import { teamTexts as T } from '../texts.ts';

const COLORS = { open: 'warning', approved: 'success', refused: 'danger' } as const;

/** /team/appeal: the leader's feedback data: the team's appeals, approved or refused with a reason. */
export function TeamAppealPage() {
  const [list, tabs] = useTabbedList(openAllTabs(T), useTeamAppeal);
  const audit = useAuditAppeal();

  const [refusing, setRefusing] = useState<AppealItem | null>(null);

  const decide = async (item: AppealItem, result: 'approved' | 'refused', reason = '') => {
    if (result === 'approved') {
      const confirmed = await askToConfirm(T.approveConfirm(item.client_name), T);
      if (!confirmed) return false;
    }
    try {
      showToast({ content: await audit.mutateAsync({ id: item.id, result, reason: reason.trim() }), icon: 'success' });
      return true;
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
      return false;
    }
  };

  return (
    <div className="page">
      {tabs}
      <PagedList<AppealItem>
        list={list}
        renderItem={(item) => (
          <div className="case-row">
            <div className="case-row__top">
              <span>
                {item.client_name} · {isCaseStatus(item.client_status) ? CASE_STATUS_LABELS[item.client_status] : ''}
              </span>
              <Tag color={COLORS[item.status]}>{T.statusLabels[item.status]}</Tag>
            </div>
            <div className="case-row__sub">{item.reason}</div>
            <div className="case-row__sub">
              <span>{T.by(item.staff_name)}</span>
              <span>{formatDay(item.created_at)}</span>
            </div>
            {item.status === 'open' ? (
              <Space style={{ marginTop: 8 }}>
                <Button
                  size="small"
                  color="primary"
                  loading={audit.isPending}
                  onClick={() => void decide(item, 'approved')}
                >
                  {T.approve}
                </Button>
                <Button size="small" color="danger" fill="outline" onClick={() => setRefusing(item)}>
                  {T.refuse}
                </Button>
              </Space>
            ) : item.decision_reason ? (
              <div className="case-row__sub">{item.decision_reason}</div>
            ) : null}
          </div>
        )}
      />
      {/* Refusing needs a reason (the server's schema says so). */}
      <ReasonSheet
        row={refusing}
        onClose={() => setRefusing(null)}
        bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
        schema={auditAppealRequestSchema}
        toInput={({ reason }, item) => ({ id: item.id, result: 'refused', reason })}
        idPrefix="refuse"
        texts={{ ...T.refuseSheet, confirm: T.confirm }}
        isSubmitting={audit.isPending}
        send={async (item, reason) => {
          showToast({
            content: await audit.mutateAsync({ id: item.id, result: 'refused', reason: reason.trim() }),
            icon: 'success',
          });
        }}
      />
    </div>
  );
}
