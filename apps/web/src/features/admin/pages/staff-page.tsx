import * as E from '@crm/domain/endpoints/admin';
import { ADMIN_JOBS, adminStaffAddSchema, adminStaffUpdateSchema, type AdminStaff } from '@crm/domain/api/admin';
import { GRANT } from '@crm/domain/roles';
import { useState } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useStaffList, useTeams } from '../api/admin.ts';
import { AddPanel, FormButtons, FormPanel, inputOf, PlainButton, submitChecked } from '../components/admin-form.tsx';
import { ActiveToggle, activeColumn, useEditing } from '../components/table-rows.tsx';
import { AdminShell, DataTable, Field, pagedRows } from '../components/admin-shell.tsx';
import { HandoverPanel } from '../components/handover-panel.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.staff;
const A = adminTexts;

const blank = { name: '', phone: '', team_id: '', jobs: [] as number[], is_leader: false, sex: '0' };
type StaffValues = typeof blank;
const toInput = (v: StaffValues) => ({
  ...v,
  team_id: v.team_id === '' ? null : Number(v.team_id),
  sex: Number(v.sex),
});

/** /admin/staff: the company's staff, added, edited (jobs, leader, team, sex), granted, disabled, handed over. */
export function AdminStaffPage() {
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const { editing, edit, done } = useEditing<AdminStaff>();
  const list = useStaffList(q);
  const update = useAdminWrite(E.staffUpdate);
  const [handing, setHanding] = useState<{ row: AdminStaff; leaving: boolean } | null>(null);

  const toggleReject = (row: AdminStaff) => {
    const has = row.grants.includes(GRANT.SIGN_REJECT_APPROVE);
    const kept = row.grants.filter((g) => g === GRANT.COMPANY_ADMIN);
    update.mutate({ id: row.id, grants: has ? kept : [...kept, GRANT.SIGN_REJECT_APPROVE] });
  };

  return (
    <AdminShell title={A.nav.staff}>
      <StaffAddForm />
      {editing ? <StaffEditForm key={editing.id} row={editing} onDone={done} /> : null}
      {handing ? (
        <HandoverPanel
          key={`${handing.row.id}-${handing.leaving}`}
          from={handing.row}
          leaving={handing.leaving}
          colleagues={list.items}
          onClose={() => setHanding(null)}
        />
      ) : null}
      <div className="admin-panel">
        <PlainForm className="admin-form" onSubmit={() => setQ(typed.trim())}>
          <input
            aria-label={T.search}
            placeholder={T.search}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="admin-button">
            {T.searchButton}
          </button>
        </PlainForm>
      </div>
      <DataTable
        columns={[
          [T.name, (row) => row.name],
          [T.phone, (row) => row.phone],
          [T.team, (row) => row.team_name ?? T.noTeam],
          [T.jobs, (row) => row.jobs.map((job) => T.jobNames[job] ?? job).join('、')],
          [T.leader, (row) => (row.is_leader ? A.yes : A.no)],
          [T.sex, (row) => T.sexNames[row.sex] ?? ''],
          [
            T.grants,
            (row) =>
              [
                row.grants.includes(GRANT.SIGN_REJECT_APPROVE) ? T.rejectApprover : null,
                row.grants.includes(GRANT.COMPANY_ADMIN) ? T.companyAdmin : null,
              ]
                .filter(Boolean)
                .join('、'),
          ],
          activeColumn,
          [
            A.actions,
            (row) => (
              <>
                <PlainButton onClick={() => edit(row)}>{A.edit}</PlainButton>
                <PlainButton onClick={() => toggleReject(row)}>
                  {row.grants.includes(GRANT.SIGN_REJECT_APPROVE) ? T.revokeReject : T.grantReject}
                </PlainButton>
                <ActiveToggle row={row} update={update} />
                <PlainButton onClick={() => setHanding({ row, leaving: false })}>{T.handover}</PlainButton>
                <PlainButton onClick={() => setHanding({ row, leaving: true })}>{T.leaveHandover}</PlainButton>
              </>
            ),
          ],
        ]}
        {...pagedRows(list)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

function StaffFields({
  form,
  withPhone,
}: {
  form: ReturnType<typeof useSchemaForm<StaffValues, unknown>>;
  withPhone: boolean;
}) {
  const teams = useTeams();
  const { values, set } = form;
  return (
    <>
      <Field label={T.name} binding={form.field('name')}>
        <input id={form.field('name').id} value={values.name} onChange={(e) => set('name')(e.target.value)} />
      </Field>
      {withPhone ? (
        <Field label={T.phone} binding={form.field('phone')}>
          <input id={form.field('phone').id} value={values.phone} onChange={(e) => set('phone')(e.target.value)} />
        </Field>
      ) : null}
      <Field label={T.team} binding={form.field('team_id')}>
        <select {...inputOf(form.input('team_id'))}>
          <option value="">{T.noTeam}</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={T.sex} binding={form.field('sex')}>
        <select {...inputOf(form.input('sex'))}>
          {[0, 1, 2].map((sex) => (
            <option key={sex} value={String(sex)}>
              {T.sexNames[sex]}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="admin-checks" aria-label={T.jobs}>
        <span>{T.jobs}</span>
        {ADMIN_JOBS.map((job) => (
          <label key={job}>
            <input
              type="checkbox"
              checked={values.jobs.includes(job)}
              onChange={(e) =>
                set('jobs')(e.target.checked ? [...values.jobs, job] : values.jobs.filter((j) => j !== job))
              }
            />
            {T.jobNames[job]}
          </label>
        ))}
      </fieldset>
      <label className="admin-checks">
        <input type="checkbox" checked={values.is_leader} onChange={(e) => set('is_leader')(e.target.checked)} />
        {T.leader}
      </label>
    </>
  );
}

function StaffAddForm() {
  const add = useAdminWrite(E.staffAdd);
  const form = useSchemaForm<StaffValues, unknown>({
    schema: adminStaffAddSchema,
    initial: blank,
    toInput,
    idPrefix: 'admin-staff-add',
  });
  return (
    <AddPanel title={T.addTitle} form={form} add={add} blank={blank}>
      <StaffFields form={form} withPhone />
    </AddPanel>
  );
}

function StaffEditForm({ row, onDone }: { row: AdminStaff; onDone: () => void }) {
  const update = useAdminWrite(E.staffUpdate);
  const [isAdmin, setIsAdmin] = useState(row.grants.includes(GRANT.COMPANY_ADMIN));
  const [isApprover, setIsApprover] = useState(row.grants.includes(GRANT.SIGN_REJECT_APPROVE));
  const form = useSchemaForm<StaffValues, unknown>({
    schema: adminStaffUpdateSchema,
    initial: {
      name: row.name,
      phone: row.phone,
      team_id: row.team_id === null ? '' : String(row.team_id),
      jobs: row.jobs,
      is_leader: row.is_leader,
      sex: String(row.sex),
    },
    toInput: (v) => {
      const { phone: _phone, ...rest } = toInput(v);
      const grants = [isApprover ? GRANT.SIGN_REJECT_APPROVE : null, isAdmin ? GRANT.COMPANY_ADMIN : null];
      return { ...rest, id: row.id, grants: grants.filter((g) => g !== null) };
    },
    idPrefix: 'admin-staff-edit',
  });
  return (
    <FormPanel title={T.editTitle(row.name)} onSubmit={submitChecked(form, update, onDone)}>
      <StaffFields form={form} withPhone={false} />
      <label className="admin-checks">
        <input type="checkbox" checked={isApprover} onChange={(e) => setIsApprover(e.target.checked)} />
        {T.rejectApprover}
      </label>
      <label className="admin-checks">
        <input type="checkbox" checked={isAdmin} onChange={(e) => setIsAdmin(e.target.checked)} />
        {T.companyAdmin}
      </label>
      <FormButtons submit={A.save} pending={update.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
