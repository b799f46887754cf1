import { useState } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { showToast } from '../../../lib/toast.ts';
import { useActivities, useAdminWrite, useFaqEntries, usePapers } from '../api/admin.ts';
import { FormButtons, PlainButton, PlainField, useEditing } from '../components/admin-form.tsx';
import { AdminShell, DataTable, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { ActivityEditForm, ActivityForm } from './activity-form.tsx';
import { FaqEditForm, FaqForm } from './faq-form.tsx';
import { PaperEditForm, PaperForm } from './paper-form.tsx';

const T = adminTexts.files;
const A = adminTexts;
type Row = { id: number; code: string; kind: string; title: string; opens: string | null; closes: string | null };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN') : T.none);

/** The upload of a file (YAML, or an FAQ entry's Markdown): its text, read in the browser, sent as JSON. */
function UploadForm({
  path,
  hint,
  accept = '.yaml,.yml,text/yaml',
}: {
  path: '/api/admin/papers/upload' | '/api/admin/activities/upload' | '/api/admin/faq/upload';
  hint: string;
  accept?: string;
}) {
  const upload = useAdminWrite(path);
  const [file, setFile] = useState<File | null>(null);
  return (
    <section className="admin-panel" aria-label={T.upload}>
      <p className="admin-hint">{hint}</p>
      <PlainForm
        className="admin-form"
        onSubmit={async () => {
          if (!file) {
            showToast({ content: T.chooseFirst, icon: 'fail' });
            return;
          }
          const text = await file.text();
          // An FAQ entry is keyed by its file's name (decision 053); the YAML files carry their own keys.
          upload.mutate(path === '/api/admin/faq/upload' ? { name: file.name.replace(/\.md$/i, ''), text } : { text });
        }}
      >
        <PlainField id={`${path}-file`} label={T.file}>
          <input
            id={`${path}-file`}
            type="file"
            accept={accept}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </PlainField>
        <FormButtons submit={T.upload} pending={upload.isPending} />
      </PlainForm>
    </section>
  );
}

/** A list of uploaded files (papers, activities) on the shared columns, each row with its edit button. */
function FileList({
  title,
  rows,
  list,
  onEdit,
}: {
  title: string;
  rows: Row[];
  list: PagedListState<unknown>;
  onEdit: (id: number) => void;
}) {
  return (
    <DataTable
      label={title}
      {...pagedRows(list)}
      rows={rows}
      emptyText={T.empty}
      headers={[T.code, T.kind, T.title, T.opens, T.closes, A.actions]}
      cells={(row) => (
        <>
          <td>{row.code}</td>
          <td>{T.kinds[row.kind] ?? row.kind}</td>
          <td>{row.title}</td>
          <td>{when(row.opens)}</td>
          <td>{when(row.closes)}</td>
          <td>
            <PlainButton onClick={() => onEdit(row.id)}>{A.edit}</PlainButton>
          </td>
        </>
      )}
    />
  );
}

/** /admin/papers: the company's exam papers and questionnaires, the form for one, and the upload of a paper file. */
export function AdminPapersPage() {
  const list = usePapers();
  const { editing, edit, done } = useEditing<number>();
  const rows = list.items.map((p) => ({
    id: p.id,
    code: p.code,
    kind: p.kind,
    title: p.title,
    opens: p.opens_at,
    closes: p.closes_at,
  }));
  return (
    <AdminShell title={A.nav.papers}>
      <PaperForm key="add" />
      {editing === null ? null : <PaperEditForm key={editing} id={editing} onDone={done} />}
      <UploadForm path="/api/admin/papers/upload" hint={T.papersHint} />
      <FileList title={A.nav.papers} rows={rows} list={list} onEdit={edit} />
    </AdminShell>
  );
}

/** /admin/activities: the company's marketing activities, the form for one, and the upload of an activity file. */
export function AdminActivitiesPage() {
  const list = useActivities();
  const { editing, edit, done } = useEditing<number>();
  const rows = list.items.map((a) => ({
    id: a.id,
    code: a.key,
    kind: a.type,
    title: a.title,
    opens: a.starts_at,
    closes: a.ends_at,
  }));
  return (
    <AdminShell title={A.nav.activities}>
      <ActivityForm key="add" />
      {editing === null ? null : <ActivityEditForm key={editing} id={editing} onDone={done} />}
      <UploadForm path="/api/admin/activities/upload" hint={T.activitiesHint} />
      <FileList title={A.nav.activities} rows={rows} list={list} onEdit={edit} />
    </AdminShell>
  );
}

/** /admin/faq: the company's FAQ entries, the form for one (new or edited), and the upload of a Markdown file. */
export function AdminFaqPage() {
  const list = useFaqEntries();
  const { editing, edit, done } = useEditing<number>();
  return (
    <AdminShell title={A.nav.faq}>
      <FaqForm key="add" />
      {editing === null ? null : <FaqEditForm key={editing} id={editing} onDone={done} />}
      <UploadForm path="/api/admin/faq/upload" hint={T.faqHint} accept=".md,text/markdown" />
      <DataTable
        label={A.nav.faq}
        {...pagedRows(list)}
        emptyText={T.empty}
        headers={[T.code, T.title, T.typeAndCategory, T.updatedAt, A.actions]}
        cells={(row) => (
          <>
            <td>{row.key}</td>
            <td>{row.title}</td>
            <td>
              {row.type} / {row.category}
            </td>
            <td>{when(row.updated_at)}</td>
            <td>
              <PlainButton onClick={() => edit(row.id)}>{A.edit}</PlainButton>
            </td>
          </>
        )}
      />
    </AdminShell>
  );
}
