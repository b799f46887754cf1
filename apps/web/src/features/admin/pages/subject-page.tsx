import { formatDateTime } from '@crm/domain/datetime';
import { subjectRequestSchema, type SubjectRecord } from '@crm/domain/api/retention';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showToast } from '../../../lib/toast.ts';
import { saveExport, useEraseSubject, useExportSubject, useFindSubject } from '../api/subject.ts';
import { AdminShell, DataTable } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.subject;
const A = adminTexts;
/** A record keyed by its kind and id: a case and a referral may share an id. */
type Row = Omit<SubjectRecord, 'id'> & { id: string };

/**
 * /admin/subject (个人信息查询, decision 071): the company admin finds one person by phone or ID number, sees each
 * record naming them (masked) with the duty that keeps it, exports everything as a JSON file, and erases what no
 * duty keeps after a confirmation. Every step is in the audit log.
 */
export function AdminSubjectPage() {
  const [who, setWho] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const find = useFindSubject();
  const exporter = useExportSubject();
  const eraser = useEraseSubject();
  const rows: Row[] = (find.data?.records ?? []).map((r) => ({ ...r, id: `${r.kind}:${r.id}` }));
  const erasable = rows.filter((r) => r.keep_reason === '').length;

  const search = () => {
    const checked = subjectRequestSchema.safeParse({ who });
    if (!checked.success) {
      setRefused(checked.error.issues[0]?.message ?? T.who);
      return;
    }
    setRefused(null);
    setAsked(checked.data.who);
    find.mutate(checked.data.who);
  };
  const fail = (error: Error) => showToast({ content: error.message, icon: 'fail' });
  const exportFile = () => {
    if (asked) exporter.mutate(asked, { onSuccess: saveExport, onError: fail });
  };
  const erase = async () => {
    if (!asked) return;
    if (erasable === 0) {
      showToast({ content: T.nothingErasable });
      return;
    }
    if (!(await askToConfirm(T.confirmErase(erasable), { confirm: T.confirm, cancel: T.cancel }))) return;
    eraser.mutate(asked, {
      onSuccess: (answer) => {
        showToast({ content: answer.msg, icon: 'success' });
        find.mutate(asked);
      },
      onError: fail,
    });
  };

  return (
    <AdminShell title={A.nav.subject}>
      <section className="admin-panel" aria-label={A.nav.subject}>
        <p className="admin-hint">{T.hint}</p>
        <form
          className="admin-form"
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <label htmlFor="admin-subject-who">{T.who}</label>
          <Input id="admin-subject-who" aria-label={T.who} value={who} onChange={setWho} clearable />
          {refused && (
            <p role="alert" className="admin-error">
              {refused}
            </p>
          )}
          <Button color="primary" type="submit" loading={find.isPending}>
            {T.find}
          </Button>
        </form>
      </section>
      {asked && (
        <>
          <DataTable<Row>
            rows={rows}
            isPending={find.isPending}
            error={find.error}
            emptyText={T.empty}
            onRetry={() => find.mutate(asked)}
            columns={[
              [T.columns.kind, (r) => T.kind[r.kind] ?? r.kind],
              [T.columns.name, (r) => r.name],
              [T.columns.phone, (r) => r.phone],
              [T.columns.status, (r) => r.status],
              [T.columns.createdAt, (r) => formatDateTime(r.created_at)],
              [T.columns.keep, (r) => r.keep_reason || T.erasable],
            ]}
          />
          {rows.length > 0 && (
            <div className="admin-form-buttons">
              <Button onClick={exportFile} loading={exporter.isPending}>
                {T.export}
              </Button>
              <Button color="danger" onClick={() => void erase()} loading={eraser.isPending}>
                {T.erase}
              </Button>
            </div>
          )}
        </>
      )}
    </AdminShell>
  );
}
