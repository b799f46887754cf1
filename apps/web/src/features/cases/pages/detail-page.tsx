import { formatDateTime } from '@crm/domain/datetime';
import type { CaseDetail } from '@crm/domain/api/cases';
import { feeKindLabel, feeModeLabel } from '@crm/domain/calculator';
import { formatFen } from '@crm/domain/money';
import {
  EDUCATIONS,
  EMPLOYER_TYPES,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  OCCUPATIONS,
  optionLabel,
  REGIONS,
  REJECT_REASONS,
} from '@crm/domain/options';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { Button, List, NoticeBar, Skeleton, Space, Steps } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { useDelClient } from '../api/del-client.ts';
import { useClientDetail } from '../api/get-client-detail.ts';
import { useUpdateClientStatus } from '../api/update-client-status.ts';
import { ConsentPanel } from '../components/consent-panel.tsx';
import { MergeSheet } from '../components/merge-sheet.tsx';
import { StatusMovePopup } from '../components/status-move-popup.tsx';
import { StatusTag } from '../components/status-tag.tsx';
import { casesTexts } from '../texts.ts';
import { MaskedValue } from '../components/masked-value.tsx';

const T = casesTexts.detail;
const statusName = (status: number | null) =>
  status !== null && isCaseStatus(status) ? CASE_STATUS_LABELS[status] : '';

function eventTitle(event: CaseDetail['events'][number]): string {
  const kind = T.events[event.kind] ?? event.kind;
  if (event.to_status !== null && event.from_status !== event.to_status) {
    return event.from_status === null
      ? `${kind} · ${statusName(event.to_status)}`
      : `${statusName(event.from_status)} → ${statusName(event.to_status)}`;
  }
  return kind;
}

/** /business/detail/:id: the case, its status timeline and the moves the caller may make (GET detail). */
export function DetailPage() {
  const id = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const detail = useClientDetail(id);
  const del = useDelClient();
  const move = useUpdateClientStatus();
  const [moving, setMoving] = useState<{ to: number; needs_reason: boolean } | null>(null);
  const me = useStoredUser();
  const [merging, setMerging] = useState(false);

  if (detail.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (detail.isError)
    return (
      <LoadError title={casesTexts.loadFailed} message={detail.error.message} onRetry={() => void detail.refetch()} />
    );
  const c = detail.data;

  const remove = async () => {
    const confirmed = await askToConfirm(T.deleteConfirm, casesTexts);
    if (!confirmed) return;
    try {
      showToast({ content: await del.mutateAsync(c.id), icon: 'success' });
      void navigate('/business/list', { replace: true });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };

  const confirmMove = async (reasonCode: number | undefined, reason: string) => {
    if (!moving) return;
    try {
      showToast({
        content: await move.mutateAsync({ id: c.id, status: moving.to, reason_code: reasonCode, reason }),
        icon: 'success',
      });
      setMoving(null);
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };

  const F = T.fields;
  const rows: Array<[string, ReactNode]> = [
    // One tap calls the client; a long press copies the numbers one types elsewhere.
    // Anyone but the owner sees them masked and taps 查看 for one, which the server logs (decision 058).
    [F.phone, c.phone ? <MaskedValue caseId={c.id} field="phone" value={c.phone} masked={c.masked} /> : ''],
    [
      F.idNumber,
      c.id_number ? <MaskedValue caseId={c.id} field="id_number" value={c.id_number} masked={c.masked} /> : '',
    ],
    [
      F.bankCard,
      c.bank_card ? <MaskedValue caseId={c.id} field="bank_card" value={c.bank_card} masked={c.masked} /> : '',
    ],
    [F.birth, c.birth_date ? `${c.birth_date} · ${c.sex === 1 ? casesTexts.form.male : casesTexts.form.female}` : ''],
    [F.amount, formatFen(c.amount_fen)],
    [F.term, casesTexts.months(c.term)],
    [F.purpose, optionLabel(LOAN_PURPOSES, c.purpose)],
    [F.bank, c.bank_name],
    [F.product, c.product_name],
    [F.channel, c.channel_name],
    [F.source, c.source_name],
    [F.signUser, c.sign_user_name],
    [F.income, c.income_fen === null ? '' : formatFen(c.income_fen)],
    [F.region, optionLabel(REGIONS, c.region)],
    [F.marital, optionLabel(MARITAL_STATUSES, c.marital)],
    [F.education, optionLabel(EDUCATIONS, c.education)],
    [F.occupation, optionLabel(OCCUPATIONS, c.occupation)],
    [F.employerType, optionLabel(EMPLOYER_TYPES, c.employer_type)],
    [F.owner, c.owner_name],
    [F.remarks, c.remarks],
    [
      F.fees,
      c.fees.length === 0 ? (
        ''
      ) : (
        <span className="case-fees">
          {c.fees.map((fee, index) => (
            <span key={index}>
              {T.fee(feeKindLabel(fee.kind), feeModeLabel(fee.mode), formatFen(fee.amount_fen), fee.payee)}
            </span>
          ))}
        </span>
      ),
    ],
    // No cost without an amount (an old case); with one, null means the one-off fees take the whole loan.
    [F.allInCost, c.all_in_cost !== null ? `${c.all_in_cost.toFixed(2)}%` : c.amount_fen > 0 ? T.costUnknown : ''],
  ];
  // Above the company's line (decision 068): the salesperson tells the client every fee before signing.
  const overCap = c.all_in_cost === null ? c.amount_fen > 0 : c.all_in_cost > c.all_in_cost_cap;

  return (
    <PullRefresh onRefresh={() => detail.refetch()} texts={casesTexts}>
      <div className="page">
        {c.reject_reason !== null || c.reject_note ? (
          <NoticeBar
            color="error"
            wrap
            content={`${T.rejectReason}：${[optionLabel(REJECT_REASONS, c.reject_reason), c.reject_note].filter(Boolean).join('，')}`}
          />
        ) : null}
        {c.merged_into !== null ? (
          <NoticeBar
            color="alert"
            wrap
            content={casesTexts.merge.mergedInto(c.merged_into)}
            extra={
              <Link className="link-button link-button--ghost" to={`/business/detail/${c.merged_into}`}>
                {casesTexts.merge.openKept}
              </Link>
            }
          />
        ) : null}
        {c.has_open_service ? <NoticeBar color="info" content={T.openService} /> : null}
        {overCap ? (
          <NoticeBar
            color="alert"
            wrap
            content={
              c.all_in_cost === null
                ? T.costUnknown
                : T.costOverCap(`${c.all_in_cost.toFixed(2)}%`, `${c.all_in_cost_cap}%`)
            }
          />
        ) : null}
        <List
          header={
            <span className="case-row__top">
              <span>{c.name}</span>
              <StatusTag status={c.status} />
            </span>
          }
        >
          {rows
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <List.Item key={label} extra={value}>
                {label}
              </List.Item>
            ))}
        </List>

        {c.merged_into !== null ? null : <ConsentPanel caseId={c.id} />}

        {c.merged_into !== null ? null : (
          <div className="form-actions">
            <Space wrap>
              {c.moves.map((option) => (
                <Button key={option.to} color="primary" fill="outline" size="small" onClick={() => setMoving(option)}>
                  {T.moveTo(statusName(option.to))}
                </Button>
              ))}
            </Space>
            <Space wrap>
              {c.can_edit ? (
                <Link className="link-button link-button--ghost" to={`/business/edit?id=${c.id}`}>
                  {T.edit}
                </Link>
              ) : null}
              {c.can_resubmit ? (
                <Link className="link-button" to={`/business/edit?id=${c.id}&resubmit=1`}>
                  {T.resubmit}
                </Link>
              ) : null}
              {c.can_appeal ? (
                <Link className="link-button" to={`/business/appeal?client_id=${c.id}`}>
                  {T.appeal}
                </Link>
              ) : null}
              <Link className="link-button link-button--ghost" to={`/business/pendingDetail/${c.id}`}>
                {T.followUp}
              </Link>
              <Link className="link-button link-button--ghost" to={`/business/money?id=${c.id}`}>
                {T.repayments}
              </Link>
              <Link className="link-button link-button--ghost" to={`/business/upload?id=${c.id}`}>
                {T.proofs}
              </Link>
              {c.can_view_pact ? (
                <Link className="link-button link-button--ghost" to={`/business/financePact/${c.id}`}>
                  {T.pact}
                </Link>
              ) : null}
              {/* E-sign (decision 054): the case's owner or a team leader, as the server's case.update. */}
              {me?.id === c.owner_id || me?.leader === true ? (
                <Link className="link-button link-button--ghost" to={`/interface/esign/add/${c.id}`}>
                  {T.esign}
                </Link>
              ) : null}
              <Link className="link-button link-button--ghost" to={`/business/pendingAdd/${c.id}`}>
                {T.addFollowUp}
              </Link>
              <Link className="link-button link-button--ghost" to={`/business/match?client_id=${c.id}`}>
                {T.match}
              </Link>
              {/* Merge (decision 066): a leader keeps this record and picks the duplicate; the server checks the team. */}
              {me?.leader === true ? (
                <Button color="warning" fill="outline" size="small" onClick={() => setMerging(true)}>
                  {casesTexts.merge.open}
                </Button>
              ) : null}
              {c.can_delete ? (
                <Button
                  color="danger"
                  fill="outline"
                  size="small"
                  loading={del.isPending}
                  onClick={() => void remove()}
                >
                  {T.delete}
                </Button>
              ) : null}
            </Space>
          </div>
        )}

        <div className="section-title">{T.timeline}</div>
        <div className="timeline">
          <Steps direction="vertical" current={c.events.length - 1}>
            {c.events.map((event) => (
              <Steps.Step
                key={event.id}
                title={eventTitle(event)}
                description={`${formatDateTime(event.created_at)} · ${event.staff_name}${event.reason ? ` · ${event.reason}` : ''}`}
              />
            ))}
          </Steps>
        </div>
        <MergeSheet keep={merging ? { id: c.id, name: c.name } : null} onClose={() => setMerging(false)} />
        <StatusMovePopup
          key={moving?.to ?? 0}
          move={moving}
          isSubmitting={move.isPending}
          onClose={() => setMoving(null)}
          onConfirm={(code, reason) => void confirmMove(code, reason)}
        />
      </div>
    </PullRefresh>
  );
}
