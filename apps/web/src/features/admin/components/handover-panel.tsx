import { HANDOVER_KIND_LABELS, HANDOVER_KINDS, type HandoverAnswer } from '@crm/domain/api/handover';
import type { AdminStaff } from '@crm/domain/api/admin';
import { useId, useState } from 'react';
import { askToConfirm } from '../../../lib/confirm.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { downloadHandoverReport, useHandover, useHandoverResult } from '../api/handover.ts';
import { adminTexts } from '../texts.ts';
import { FormButtons, FormPanel, PlainButton } from './admin-form.tsx';
import { Field } from './admin-shell.tsx';

const T = adminTexts.handover;

export interface HandoverPanelProps {
  /** The person handed over. */
  from: AdminStaff;
  /** Colleagues who may take over (the staff rows loaded; the panel leaves out the person and the disabled). */
  colleagues: readonly AdminStaff[];
  /** 离职交接 opens with the disable switch on; 交接 (a change of post) with it off. */
  leaving: boolean;
  onClose: () => void;
}

/**
 * The handover of one staff member (decision 066): a colleague or the pool, whether to disable them, a
 * confirmation, then what moved per kind, what did not and why, WeCom's takeover state and the report.
 */
export function HandoverPanel({ from, colleagues, leaving, onClose }: HandoverPanelProps) {
  const [toId, setToId] = useState('');
  const [toPool, setToPool] = useState(false);
  const [disable, setDisable] = useState(leaving);
  const [refusal, setRefusal] = useState<{ field: string | undefined; message: string } | null>(null);
  const handover = useHandover();
  const [answer, setAnswer] = useState<HandoverAnswer | null>(null);
  const base = useId();
  const binding = (name: string) => ({
    id: `${base}-${name}`,
    labelId: `${base}-${name}-label`,
    errorId: `${base}-${name}-error`,
    error:
      refusal && (refusal.field === name || (name === 'to_id' && refusal.field === undefined))
        ? refusal.message
        : undefined,
  });
  const choices = colleagues.filter((c) => c.id !== from.id && c.is_active);

  if (answer) return <HandoverResult answer={answer} onAnswer={setAnswer} onClose={onClose} />;

  const submit = async () => {
    setRefusal(null);
    if (toId === '' && !toPool) return setRefusal({ field: 'to_id', message: T.needTarget });
    const to = choices.find((c) => String(c.id) === toId);
    const target = toPool ? (to ? `${T.pool}（${to.name}）` : T.pool) : (to?.name ?? '');
    if (!(await askToConfirm(T.confirm(from.name, target, disable), T.confirmTexts))) return;
    try {
      setAnswer(
        await handover.mutateAsync({
          from_id: from.id,
          to_id: toId === '' ? null : Number(toId),
          to_pool: toPool,
          disable,
        }),
      );
    } catch (error) {
      setRefusal({
        field: error instanceof ApiError ? error.field : undefined,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return (
    <FormPanel title={T.title(from.name)} hint={T.hint} onSubmit={submit}>
      <Field label={T.to} binding={binding('to_id')}>
        <select
          id={binding('to_id').id}
          aria-describedby={binding('to_id').error ? binding('to_id').errorId : undefined}
          value={toId}
          onChange={(event) => setToId(event.target.value)}
        >
          <option value="">{T.pickTo}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.team_name ? `${c.name}（${c.team_name}）` : c.name}
            </option>
          ))}
        </select>
      </Field>
      <label className="admin-checks">
        <input type="checkbox" checked={toPool} onChange={(event) => setToPool(event.target.checked)} />
        {T.toPool}
      </label>
      <label className="admin-checks">
        <input type="checkbox" checked={disable} onChange={(event) => setDisable(event.target.checked)} />
        {T.disable}
      </label>
      <p className="admin-hint">{T.signOutNote}</p>
      <FormButtons submit={handover.isPending ? T.pending : T.submit} pending={handover.isPending} onCancel={onClose} />
    </FormPanel>
  );
}

function HandoverResult({
  answer,
  onAnswer,
  onClose,
}: {
  answer: HandoverAnswer;
  onAnswer: (answer: HandoverAnswer) => void;
  onClose: () => void;
}) {
  const result = useHandoverResult();
  const title = T.done(answer.from.name, answer.to?.name ?? T.pool);
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="admin-hint">
        {[answer.disabled ? T.disabled : null, T.signedOut(answer.signed_out)].filter(Boolean).join('，')}
      </p>
      <table className="admin-table" aria-label={T.moved}>
        <thead>
          <tr>
            <th>{T.kind}</th>
            <th>{T.count}</th>
          </tr>
        </thead>
        <tbody>
          {HANDOVER_KINDS.map((kind) => (
            <tr key={kind}>
              <td>{HANDOVER_KIND_LABELS[kind]}</td>
              <td>{answer.moved[kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{T.unmoved}</h3>
      {answer.unmoved.length === 0 ? (
        <p className="admin-hint">{T.noneUnmoved}</p>
      ) : (
        <table className="admin-table" aria-label={T.unmoved}>
          <thead>
            <tr>
              <th>{T.kind}</th>
              <th>{T.what}</th>
              <th>{T.why}</th>
            </tr>
          </thead>
          <tbody>
            {answer.unmoved.map((u, i) => (
              <tr key={i}>
                <td>{u.kind_label}</td>
                <td>{u.name}</td>
                <td>{u.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>
        {T.wecom}：{T.wecomMode[answer.wecom.mode]}
      </h3>
      {answer.wecom.contacts.length > 0 ? (
        <ul>
          {answer.wecom.contacts.map((c) => (
            <li key={c.external_userid}>
              {c.external_userid}：{c.status_label}
            </li>
          ))}
        </ul>
      ) : null}
      {result.error ? (
        <p role="alert" className="admin-field__error">
          {result.error.message}
        </p>
      ) : null}
      <div className="admin-form">
        <PlainButton onClick={() => void downloadHandoverReport(answer.id).catch(showErrorToast)}>
          {T.report}
        </PlainButton>
        {answer.wecom.contacts.length > 0 ? (
          <PlainButton onClick={async () => onAnswer(await result.mutateAsync(answer.id))}>{T.refresh}</PlainButton>
        ) : null}
        <PlainButton onClick={onClose}>{T.close}</PlainButton>
      </div>
    </section>
  );
}
