import type { AppealItem } from '@crm/domain/api/cases';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { Button, Dialog, Input, Space, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { PagedList } from '../../../components/paged-list.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useAuditAppeal } from '../api/audit-appeal.ts';
import { useTeamAppeal } from '../api/get-team-appeal.ts';
import { teamTexts as T } from '../texts.ts';

const COLORS = { open: 'warning', approved: 'success', refused: 'danger' } as const;

/** /team/appeal: the leader's feedback data: the team's appeals, approved or refused with a reason. */
export function TeamAppealPage() {
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const list = useTeamAppeal(status);
  const audit = useAuditAppeal();

  const decide = async (item: AppealItem, result: 'approved' | 'refused') => {
    let reason = '';
    if (result === 'approved') {
      const confirmed = await Dialog.confirm({ content: T.approveConfirm(item.client_name), confirmText: T.confirm, cancelText: T.cancel });
      if (!confirmed) return;
    } else {
      const confirmed = await Dialog.confirm({
        title: T.refuseTitle,
        content: <Input id="refuse-reason" placeholder={T.refuseReason} onChange={(value) => (reason = value)} />,
        confirmText: T.confirm,
        cancelText: T.cancel,
      });
      if (!confirmed) return;
    }
    try {
      showToast({ content: await audit.mutateAsync({ id: item.id, result, reason: reason.trim() }), icon: 'success' });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };

  return (
    <div className="page">
      <Tabs activeKey={status} onChange={(key) => setStatus(key === 'all' ? 'all' : 'open')}>
        <Tabs.Tab title={T.open} key="open" />
        <Tabs.Tab title={T.all} key="all" />
      </Tabs>
      <PagedList<AppealItem>
        list={list}
        itemKey={(item) => item.id}
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
              <span>{new Date(item.created_at).toLocaleDateString('zh-CN')}</span>
            </div>
            {item.status === 'open' ? (
              <Space style={{ marginTop: 8 }}>
                <Button size="small" color="primary" loading={audit.isPending} onClick={() => void decide(item, 'approved')}>
                  {T.approve}
                </Button>
                <Button size="small" color="danger" fill="outline" onClick={() => void decide(item, 'refused')}>
                  {T.refuse}
                </Button>
              </Space>
            ) : item.decision_reason ? (
              <div className="case-row__sub">{item.decision_reason}</div>
            ) : null}
          </div>
        )}
      />
    </div>
  );
}
