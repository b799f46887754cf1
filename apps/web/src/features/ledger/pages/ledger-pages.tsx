import { formatDay } from '@crm/domain/datetime';
import { formatFen } from '@crm/domain/money';
import type { ClawbackItem, StatementDetail, StatementItem } from '@crm/domain/api/ledger';
import { Button, Dialog, Input, List, NoticeBar, Tabs, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import {
  downloadStatement,
  sendStatement,
  useAnswer,
  useClawbacks,
  useDecideClawback,
  useDispute,
  useStatement,
  useStatements,
} from '../api/ledger.ts';
import { ledgerTexts as T } from '../texts.ts';
import '../ledger.css';

/** Where a statement opens: under the portal the list was opened in (partner, channel agent, staff finance). */
const base = (pathname: string) =>
  pathname.startsWith('/outside') ? '/outside' : pathname.startsWith('/houseloan') ? '/houseloan' : '/business';

/** /business/statement, /outside/statement, /houseloan/statement: the statements the caller may see. */
export function StatementListPage() {
  const list = useStatements();
  const { pathname } = useLocation();
  return (
    <ListPage<StatementItem>
      list={list}
      emptyText={T.noStatements}
      renderItem={(s) => (
        <Link className="ledger-row" to={`${base(pathname)}/statement/${s.id}`}>
          <div className="ledger-row__top">
            <span>
              {s.period} · {s.receiver_name}
            </span>
            <strong>{formatFen(s.closing_fen)}</strong>
          </div>
          <div className="ledger-muted">
            {T.payable} {formatFen(s.payable_fen)} · {T.payOn(s.pay_on)}
            {s.open_disputes > 0 ? ` · ${T.disputesOpen(s.open_disputes)}` : ''}
          </div>
        </Link>
      )}
    />
  );
}

/** A statement as frozen: totals, lines, files; the receiver disputes a line, finance answers and sends it. */
export function StatementDetailPage() {
  const id = Number(useParams().id ?? 0);
  const statement = useStatement(id);
  if (!statement.isSuccess) return <QueryFallback query={statement} />;
  return <StatementView s={statement.data} />;
}

function StatementView({ s }: { s: StatementDetail }) {
  const dispute = useDispute(s.id);
  const answer = useAnswer();
  const ask = async (title: string, placeholder: string) => {
    let text = '';
    const ok = await Dialog.confirm({
      title,
      'aria-label': title,
      content: <TextArea placeholder={placeholder} maxLength={200} onChange={(value) => (text = value)} />,
      confirmText: T.submit,
      cancelText: T.cancel,
    });
    return ok ? text.trim() : null;
  };
  const disputeLine = async (lineId: number) => {
    const note = await ask(T.dispute, T.disputeNote);
    if (!note) return;
    await dispute
      .mutateAsync({ line_id: lineId, note })
      .then(() => showToast({ content: T.disputeSent, icon: 'success' }), showErrorToast);
  };
  const answerDispute = async (disputeId: number) => {
    const text = await ask(T.answer, T.answer);
    if (!text) return;
    await answer
      .mutateAsync({ id: disputeId, answer: text })
      .then(() => showToast({ content: T.answerSent, icon: 'success' }), showErrorToast);
  };
  const share = () =>
    void sendStatement(s.id).then(() => showToast({ content: T.sent, icon: 'success' }), showErrorToast);
  const download = (kind: 'pdf' | 'xlsx') => void downloadStatement(s.id, kind).catch(showErrorToast);
  return (
    <div className="page">
      <NoticeBar content={T.frozen} color="info" />
      <List header={`${s.period} · ${s.receiver_name}`}>
        <List.Item extra={formatFen(s.opening_fen)}>{T.opening}</List.Item>
        <List.Item extra={formatFen(s.credits_fen)}>{T.credits}</List.Item>
        <List.Item extra={formatFen(s.debits_fen)}>{T.debits}</List.Item>
        <List.Item extra={formatFen(s.closing_fen)}>{T.closing}</List.Item>
        <List.Item extra={formatFen(s.payable_fen)} description={s.closing_fen < 0 ? T.owes : T.payOn(s.pay_on)}>
          {T.payable}
        </List.Item>
      </List>
      <List header={T.lines}>
        {s.lines.length === 0 ? <List.Item>{T.noLines}</List.Item> : null}
        {s.lines.map((line) => {
          const disputes = s.disputes.filter((d) => d.line_id === line.id);
          return (
            <List.Item
              key={line.id}
              extra={formatFen(line.amount_fen)}
              description={
                <>
                  {formatDay(line.created_at)} {line.client} {line.deal} {line.note}
                  {line.netted_fen > 0 ? ` · ${T.netted(formatFen(line.netted_fen))}` : ''}
                  {disputes.map((d) => (
                    <div key={d.id} className="ledger-dispute">
                      {d.note} — {d.answered_at ? T.answered(d.answer) : T.waiting}
                      {!d.answered_at && s.can_answer ? (
                        <Button size="mini" fill="none" color="primary" onClick={() => void answerDispute(d.id)}>
                          {T.answer}
                        </Button>
                      ) : null}
                    </div>
                  ))}
                  {s.can_dispute ? (
                    <Button size="mini" fill="none" color="primary" onClick={() => void disputeLine(line.id)}>
                      {T.dispute}
                    </Button>
                  ) : null}
                </>
              }
            >
              {T.kind[line.kind]}
            </List.Item>
          );
        })}
      </List>
      <div className="ledger-actions">
        <Button size="small" color="primary" onClick={() => download('pdf')}>
          {T.pdf}
        </Button>
        <Button size="small" onClick={() => download('xlsx')}>
          {T.xlsx}
        </Button>
        {s.can_answer ? (
          <Button size="small" onClick={share}>
            {T.send}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** /business/clawback: finance's claw-back queue; whoever caused one cannot decide it (maker-checker). */
export function ClawbackPage() {
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const list = useClawbacks(status);
  const decide = useDecideClawback();
  const run = async (item: ClawbackItem, decision: 'approve' | 'reject') => {
    let remark = '';
    const ok = await Dialog.confirm({
      'aria-label': decision === 'approve' ? T.approveConfirm : T.remark,
      content: (
        <>
          {decision === 'approve' ? <p>{T.approveConfirm}</p> : null}
          <Input placeholder={T.remark} maxLength={200} onChange={(value) => (remark = value)} />
        </>
      ),
      confirmText: T.confirm,
      cancelText: T.cancel,
    });
    if (!ok) return;
    await decide
      .mutateAsync({ id: item.id, decision, remark: remark.trim() })
      .then(() => showToast({ content: T.decided, icon: 'success' }), showErrorToast);
  };
  return (
    <div className="page">
      <Link className="link-button link-button--ghost" to="/business/statement">
        {T.linkToStatements}
      </Link>
      <Tabs activeKey={status} onChange={(key) => setStatus(key as typeof status)}>
        {(['pending', 'approved', 'rejected'] as const).map((key) => (
          <Tabs.Tab title={T.tabs[key]} key={key} />
        ))}
      </Tabs>
      <PagedList<ClawbackItem>
        list={list}
        emptyText={T.noClawbacks}
        renderItem={(item) => (
          <div className="ledger-row">
            <div className="ledger-row__top">
              <span>
                {item.client_name} · {item.receiver_name}
              </span>
              <Tag color="danger">{formatFen(item.amount_fen)}</Tag>
            </div>
            <div className="ledger-muted">
              {T.trigger[item.trigger]} · {T.paidAt(formatDay(item.paid_at), formatFen(item.paid_fen))} ·{' '}
              {T.proposedBy(item.proposed_by_name)}
              {item.remark ? ` · ${item.remark}` : ''}
            </div>
            {item.status === 'pending' ? (
              item.can_decide ? (
                <div className="ledger-actions">
                  <Button
                    size="mini"
                    color="primary"
                    loading={decide.isPending}
                    onClick={() => void run(item, 'approve')}
                  >
                    {T.approve}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => void run(item, 'reject')}>
                    {T.reject}
                  </Button>
                </div>
              ) : (
                <div className="ledger-muted">{T.ownClawback}</div>
              )
            ) : null}
          </div>
        )}
      />
    </div>
  );
}
