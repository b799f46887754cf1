import * as E from '@crm/domain/endpoints/admin';
import { formatDateTime, fromCstInputValue, toCstInputValue } from '@crm/domain/datetime';
import { adminNoticeAddSchema, adminNoticeUpdateSchema } from '@crm/domain/api/admin';
import type { z } from 'zod';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useNotices } from '../api/admin.ts';
import {
  FormButtons,
  FormPanel,
  InputField,
  inputOf,
  LabelOptions,
  PlainButton,
  submitChecked,
} from '../components/admin-form.tsx';
import { EditableTable } from '../components/table-rows.tsx';
import { AdminShell, Field, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.notices;
const A = adminTexts;
type Notice = z.infer<typeof adminNoticeAddSchema> & { id: number };
type NoticeValues = { text: string; status: string; starts_at: string; ends_at: string };

/** 'YYYY-MM-DDTHH:mm' of a datetime-local field, read as China time, as an ISO time ('' stays ''). */
export const toIso = (local: string) => (local ? (fromCstInputValue(local) ?? local) : '');
/** An ISO time as the datetime-local field shows it, in China time. */
export const toLocal = (iso: string | null) => (iso ? toCstInputValue(iso) : '');
const toInput = (v: NoticeValues) => ({
  text: v.text,
  status: v.status,
  starts_at: toIso(v.starts_at),
  ends_at: v.ends_at ? toIso(v.ends_at) : null,
});

/** /admin/notices: the home banner's notices, published and edited. */
export function AdminNoticesPage() {
  const notices = useNotices();
  return (
    <AdminShell title={A.nav.notices}>
      <EditableTable
        columns={(edit) => [
          [T.text, (notice) => notice.text],
          [T.status, (notice) => T.statusNames[notice.status]],
          [T.startsAt, (notice) => formatDateTime(notice.starts_at)],
          [T.endsAt, (notice) => (notice.ends_at ? formatDateTime(notice.ends_at) : T.noEnd)],
          [A.actions, (notice) => <PlainButton onClick={() => edit(notice)}>{A.edit}</PlainButton>],
        ]}
        Form={NoticeForm}
        {...queryRows(notices)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

function NoticeForm({ row: notice, onDone }: { row?: Notice; onDone?: () => void }) {
  const write = useAdminWrite(notice ? E.noticesUpdate : E.noticesAdd);
  const initial: NoticeValues = notice
    ? {
        text: notice.text,
        status: notice.status,
        starts_at: toLocal(notice.starts_at),
        ends_at: toLocal(notice.ends_at),
      }
    : { text: '', status: 'info', starts_at: '', ends_at: '' };
  const form = useSchemaForm<NoticeValues, unknown>({
    schema: notice ? adminNoticeUpdateSchema : adminNoticeAddSchema,
    initial,
    toInput: (v) => (notice ? { id: notice.id, ...toInput(v) } : toInput(v)),
    idPrefix: notice ? 'admin-notice-edit' : 'admin-notice-add',
  });
  return (
    <FormPanel
      title={notice ? T.editTitle : T.addTitle}
      onSubmit={submitChecked(form, write, () => (onDone ? onDone() : form.reset(initial)))}
    >
      <Field label={T.text} binding={form.field('text')}>
        <textarea rows={2} {...inputOf(form.input('text'))} />
      </Field>
      <Field label={T.status} binding={form.field('status')}>
        <select {...inputOf(form.input('status'))}>
          <LabelOptions labels={T.statusNames} />
        </select>
      </Field>
      <InputField label={T.startsAt} form={form} name="starts_at" type="datetime-local" />
      <InputField label={T.endsAt} form={form} name="ends_at" type="datetime-local" />
      <FormButtons submit={notice ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
