import * as E from '@crm/domain/endpoints/admin';
import { formatDateTime } from '@crm/domain/datetime';
import { useState, type ComponentType } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import type { PagedListState } from '../../../lib/paged-list.ts';
import { showToast } from '../../../lib/toast.ts';
import { useActivities, useAdminWrite, useFaqEntries, usePapers } from '../api/admin.ts';
import { FormButtons, PlainButton } from '../components/admin-form.tsx';
import { PlainField } from '../components/item-form.tsx';
import { useEditing } from '../components/table-rows.tsx';
import { AdminShell, DataTable, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { ActivityEditForm, ActivityForm } from './activity-form.tsx';
import { FaqEditForm, FaqForm } from './faq-form.tsx';
import { PaperEditForm, PaperForm } from './paper-form.tsx';

const T = adminTexts.files;
const A = adminTexts;
/** A file's row: a paper as listed; an activity's fields under a paper's names. */
type Row = { id: number; code: string; kind: string; title: string; opens_at: string | null; closes_at: string | null };
const when = (iso: string | null) => (iso ? formatDateTime(iso) : T.none);

/** What the back office keeps as uploaded files: each has its page, its upload and its hint. */
type FileKind = 'papers' | 'activities' | 'faq';

/** Each kind's upload call. */
const UPLOADS = { papers: E.papersUpload, activities: E.activitiesUpload, faq: E.faqUpload } as const;

/** The upload of a file (YAML, or an FAQ entry's Markdown): its text, read in the browser, sent as JSON. */
function UploadForm({ kind }: { kind: FileKind }) {
  const upload = useAdminWrite(UPLOADS[kind]);
  const inputId = `admin-${kind}-file`;
  const [file, setFile] = useState<File | null>(null);
  return (
    <section className="admin-panel" aria-label={T.upload}>
      <p className="admin-hint">{T[`${kind}Hint`]}</p>
      <PlainForm
        className="admin-form"
        onSubmit={async () => {
          if (!file) {
            showToast({ content: T.chooseFirst, icon: 'fail' });
            return;
          }
          const text = await file.text();
          // An FAQ entry is keyed by its file's name (decision 053); the YAML files carry their own keys.
          upload.mutate({ text, ...(kind === 'faq' ? { name: file.name.replace(/\.md$/i, '') } : {}) });
        }}
      >
        <PlainField id={inputId} label={T.file}>
          <input
            id={inputId}
            type="file"
            accept={kind === 'faq' ? '.md,text/markdown' : '.yaml,.yml,text/yaml'}
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
  rows,
  list,
  onEdit,
}: {
  rows: Row[];
  list: PagedListState<unknown>;
  onEdit: (id: number) => void;
}) {
  return (
    <DataTable
      columns={[
        [T.code, (row) => row.code],
        [T.kind, (row) => T.kinds[row.kind] ?? row.kind],
        [T.title, (row) => row.title],
        [T.opens, (row) => when(row.opens_at)],
        [T.closes, (row) => when(row.closes_at)],
        [A.actions, (row) => <PlainButton onClick={() => onEdit(row.id)}>{A.edit}</PlainButton>],
      ]}
      {...pagedRows(list)}
      rows={rows}
      emptyText={T.empty}
    />
  );
}

/** A page's list of files; `onEdit` opens a row's edit form. */
type FileTableProps = { onEdit: (id: number) => void };

type FilesPageProps = {
  kind: FileKind;
  AddForm: ComponentType;
  EditForm: ComponentType<{ id: number; onDone: () => void }>;
  Table: ComponentType<FileTableProps>;
};

/** A page of uploaded files: the form for a new one, the edit form of the row picked, the upload, the list. */
function FilesPage({ kind, AddForm, EditForm, Table }: FilesPageProps) {
  const { editing, edit, done } = useEditing<number>();
  return (
    <AdminShell title={A.nav[kind]}>
      <AddForm key="add" />
      {editing === null ? null : <EditForm key={editing} id={editing} onDone={done} />}
      <UploadForm kind={kind} />
      <Table onEdit={edit} />
    </AdminShell>
  );
}

function PaperTable({ onEdit }: FileTableProps) {
  const list = usePapers();
  return <FileList rows={list.items} list={list} onEdit={onEdit} />;
}

function ActivityTable({ onEdit }: FileTableProps) {
  const list = useActivities();
  const rows = list.items.map((a) => ({
    ...a,
    code: a.key,
    kind: a.type,
    opens_at: a.starts_at,
    closes_at: a.ends_at,
  }));
  return <FileList rows={rows} list={list} onEdit={onEdit} />;
}

function FaqTable({ onEdit }: FileTableProps) {
  const list = useFaqEntries();
  return (
    <DataTable
      columns={[
        [T.code, (row) => row.key],
        [T.title, (row) => row.title],
        [T.typeAndCategory, (row) => `${row.type} / ${row.category}`],
        [T.updatedAt, (row) => when(row.updated_at)],
        [A.actions, (row) => <PlainButton onClick={() => onEdit(row.id)}>{A.edit}</PlainButton>],
      ]}
      {...pagedRows(list)}
      emptyText={T.empty}
    />
  );
}

/** /admin/papers: the company's exam papers and questionnaires, the form for one, and the upload of a paper file. */
export function AdminPapersPage() {
  return <FilesPage kind="papers" AddForm={PaperForm} EditForm={PaperEditForm} Table={PaperTable} />;
}

/** /admin/activities: the company's marketing activities, the form for one, and the upload of an activity file. */
export function AdminActivitiesPage() {
  return <FilesPage kind="activities" AddForm={ActivityForm} EditForm={ActivityEditForm} Table={ActivityTable} />;
}

/** /admin/faq: the company's FAQ entries, the form for one (new or edited), and the upload of a Markdown file. */
export function AdminFaqPage() {
  return <FilesPage kind="faq" AddForm={FaqForm} EditForm={FaqEditForm} Table={FaqTable} />;
}
