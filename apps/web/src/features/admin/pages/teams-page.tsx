import { adminTeamAddSchema } from '@crm/domain/api/admin';
import { useState } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useTeams } from '../api/admin.ts';
import { AdminShell, DataTable, Field } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.teams;
const A = adminTexts;

/** /admin/teams: the company's teams, added and renamed. */
export function AdminTeamsPage() {
  const teams = useTeams();
  const add = useAdminWrite('/api/admin/teams/add');
  const rename = useAdminWrite('/api/admin/teams/update');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const form = useSchemaForm({ schema: adminTeamAddSchema, initial: { name: '' }, idPrefix: 'admin-team-add' });
  return (
    <AdminShell title={A.nav.teams}>
      <section className="admin-panel" aria-label={T.addTitle}>
        <h2>{T.addTitle}</h2>
        <PlainForm
          className="admin-form"
          onSubmit={() => {
            const data = form.validate();
            if (data) add.mutate(data, { onSuccess: () => form.reset({ name: '' }) });
          }}
        >
          <Field label={T.name} binding={form.field('name')}>
            <input {...inputOf(form.input('name'))} />
          </Field>
          <button type="submit" className="admin-button" disabled={add.isPending}>
            {A.add}
          </button>
        </PlainForm>
      </section>
      <DataTable
        label={A.nav.teams}
        rows={teams.data ?? []}
        isPending={teams.isPending}
        error={teams.error}
        emptyText={T.empty}
        onRetry={teams.refetch}
        headers={[T.name, T.members, A.actions]}
        cells={(team) => (
          <>
            <td>
              {editing?.id === team.id ? (
                <input
                  aria-label={T.name}
                  value={editing.name}
                  onChange={(e) => setEditing({ id: team.id, name: e.target.value })}
                />
              ) : (
                team.name
              )}
            </td>
            <td>{team.members}</td>
            <td>
              {editing?.id === team.id ? (
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() => rename.mutate(editing, { onSuccess: () => setEditing(null) })}
                >
                  {A.save}
                </button>
              ) : (
                <button
                  type="button"
                  className="admin-button admin-button--plain"
                  onClick={() => setEditing({ id: team.id, name: team.name })}
                >
                  {A.edit}
                </button>
              )}
            </td>
          </>
        )}
      />
    </AdminShell>
  );
}

/** The form hook's text binding as a plain input's props. */
export function inputOf(binding: { id: string; value: string; onChange: (value: string) => void }) {
  return {
    id: binding.id,
    value: binding.value,
    onChange: (e: { target: { value: string } }) => binding.onChange(e.target.value),
  };
}
