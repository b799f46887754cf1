import * as S from '@crm/domain/endpoints/scripts';
import { formatDateTime } from '@crm/domain/datetime';
import { SCRIPT_TOPICS, scriptSaveSchema, type Script, type ScriptTopic } from '@crm/domain/api/scripts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite } from '../api/admin.ts';
import { useAdminScripts, useScriptUsage } from '../api/scripts.ts';
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
import { AdminShell, DataTable, Field, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.scripts;
const A = adminTexts;
type ScriptValues = { topic: ScriptTopic | ''; title: string; content: string; is_active: boolean };

/**
 * /admin/scripts: the company's approved scripts (话术库, decision 080) by topic, what the chat sidebar offers;
 * switched off rather than deleted, so each one's uses stay counted; below, each member's uses.
 */
export function AdminScriptsPage() {
  const scripts = useAdminScripts();
  const usage = useScriptUsage();
  return (
    <AdminShell title={A.nav.scripts}>
      <p className="admin-hint">{T.hint}</p>
      <EditableTable
        columns={(edit) => [
          [T.topic, (script) => SCRIPT_TOPICS[script.topic]],
          [T.title, (script) => script.title],
          [T.content, (script) => script.content],
          [A.status, (script) => (script.is_active ? A.active : A.inactive)],
          [T.uses, (script) => String(script.uses)],
          [T.updatedAt, (script) => formatDateTime(script.updated_at)],
          [A.actions, (script) => <PlainButton onClick={() => edit(script)}>{A.edit}</PlainButton>],
        ]}
        Form={ScriptForm}
        {...queryRows({ ...scripts, data: scripts.data?.list })}
        emptyText={T.empty}
      />
      <h2 className="admin-subtitle">{T.usageTitle(usage.data?.total ?? 0)}</h2>
      <DataTable
        columns={[
          [T.member, (row) => row.name],
          [T.uses, (row) => String(row.uses)],
        ]}
        {...queryRows({ ...usage, data: usage.data?.members.map((m) => ({ ...m, id: m.staff_id })) })}
        emptyText={T.usageEmpty}
      />
    </AdminShell>
  );
}

const blank: ScriptValues = { topic: '', title: '', content: '', is_active: true };

function ScriptForm({ row: script, onDone }: { row?: Script; onDone?: () => void }) {
  const write = useAdminWrite(S.adminScriptSave);
  const form = useSchemaForm<ScriptValues, unknown>({
    schema: scriptSaveSchema,
    initial: script
      ? { topic: script.topic, title: script.title, content: script.content, is_active: script.is_active }
      : blank,
    toInput: (v) => ({ ...v, id: script?.id ?? null }),
    idPrefix: script ? `admin-script-edit-${script.id}` : 'admin-script-add',
  });
  const { values, set } = form;
  return (
    <FormPanel
      title={script ? T.editTitle : T.addTitle}
      onSubmit={submitChecked(form, write, () => (onDone ? onDone() : form.reset(blank)))}
    >
      <Field label={T.topic} binding={form.field('topic')}>
        <select {...inputOf(form.input('topic'))}>
          <option value="">{T.pickTopic}</option>
          <LabelOptions labels={SCRIPT_TOPICS} />
        </select>
      </Field>
      <InputField label={T.title} form={form} name="title" />
      <Field label={T.content} binding={form.field('content')}>
        <textarea rows={5} {...inputOf(form.input('content'))} />
      </Field>
      <label className="admin-checks">
        <input type="checkbox" checked={values.is_active} onChange={(e) => set('is_active')(e.target.checked)} />
        {T.active}
      </label>
      <FormButtons submit={script ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
