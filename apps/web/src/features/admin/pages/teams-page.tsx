import * as E from '@crm/domain/endpoints/admin';
import { adminTeamAddSchema } from '@crm/domain/api/admin';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useTeams } from '../api/admin.ts';
import { AddPanel, InputField } from '../components/admin-form.tsx';
import { useRenameInPlace } from '../components/table-rows.tsx';
import { AdminShell, DataTable, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.teams;
const A = adminTexts;

/** /admin/teams: the company's teams, added and renamed. */
export function AdminTeamsPage() {
  const teams = useTeams();
  const add = useAdminWrite(E.teamsAdd);
  const rename = useAdminWrite(E.teamsUpdate);
  const renaming = useRenameInPlace((renamed, done) => rename.mutate(renamed, { onSuccess: done }));
  const form = useSchemaForm({ schema: adminTeamAddSchema, initial: { name: '' }, idPrefix: 'admin-team-add' });
  return (
    <AdminShell title={A.nav.teams}>
      <AddPanel title={T.addTitle} form={form} add={add} blank={{ name: '' }}>
        <InputField label={T.name} form={form} name="name" />
      </AddPanel>
      <DataTable
        columns={[
          [T.name, (team) => renaming.nameCell(team, T.name)],
          [T.members, (team) => team.members],
          [A.actions, (team) => renaming.button(team)],
        ]}
        {...queryRows(teams)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}
