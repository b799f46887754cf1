import * as R from '@crm/domain/endpoints/robots';
import { formatDateTime } from '@crm/domain/datetime';
import { ROBOT_EVENT_KEYS, ROBOT_EVENTS, robotSaveSchema, type Robot, type RobotEvent } from '@crm/domain/api/robots';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useTeams } from '../api/admin.ts';
import { useRobots } from '../api/robots.ts';
import { FormButtons, FormPanel, InputField, inputOf, PlainButton, submitChecked } from '../components/admin-form.tsx';
import { EditableTable } from '../components/table-rows.tsx';
import { AdminShell, Field, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.robots;
const A = adminTexts;
type RobotValues = { name: string; team_id: string; webhook: string; events: RobotEvent[]; is_active: boolean };

const eventNames = (events: readonly RobotEvent[]) => events.map((event) => ROBOT_EVENTS[event]).join('、');

/**
 * /admin/robots: the company's WeCom group robots (issue 50 point 4, decision 076): a group's webhook, shown
 * masked once saved, the team whose events it hears and the events; a test message checks the webhook at once.
 */
export function AdminRobotsPage() {
  const robots = useRobots();
  const remove = useAdminWrite(R.robotDelete);
  const test = useAdminWrite(R.robotTest);
  return (
    <AdminShell title={A.nav.robots}>
      <p className="admin-hint">{T.hint}</p>
      <EditableTable
        columns={(edit) => [
          [A.name, (robot) => robot.name],
          [T.team, (robot) => robot.team_name || T.wholeCompany],
          [T.webhook, (robot) => robot.webhook],
          [T.events, (robot) => eventNames(robot.events)],
          [A.status, (robot) => (robot.is_active ? A.active : A.inactive)],
          [T.lastError, (robot) => robot.last_error],
          [T.updatedAt, (robot) => formatDateTime(robot.updated_at)],
          [
            A.actions,
            (robot) => (
              <>
                <PlainButton onClick={() => edit(robot)}>{A.edit}</PlainButton>
                <PlainButton onClick={() => test.mutate({ id: robot.id })}>{T.test}</PlainButton>
                <PlainButton
                  onClick={async () => {
                    if (await askToConfirm(T.confirmRemove(robot.name), A.removeTexts)) remove.mutate({ id: robot.id });
                  }}
                >
                  {A.remove}
                </PlainButton>
              </>
            ),
          ],
        ]}
        Form={RobotForm}
        {...queryRows({ ...robots, data: robots.data?.list })}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

const blank: RobotValues = { name: '', team_id: '', webhook: '', events: [], is_active: true };

function RobotForm({ row: robot, onDone }: { row?: Robot; onDone?: () => void }) {
  const write = useAdminWrite(R.robotSave);
  const teams = useTeams();
  const form = useSchemaForm<RobotValues, unknown>({
    schema: robotSaveSchema,
    // The stored webhook is never sent back: an edit leaves it blank to keep it.
    initial: robot
      ? {
          name: robot.name,
          team_id: robot.team_id === null ? '' : String(robot.team_id),
          webhook: '',
          events: robot.events,
          is_active: robot.is_active,
        }
      : blank,
    toInput: (v) => ({ ...v, id: robot?.id ?? null, team_id: v.team_id === '' ? null : Number(v.team_id) }),
    idPrefix: robot ? `admin-robot-edit-${robot.id}` : 'admin-robot-add',
  });
  const { values, set } = form;
  return (
    <FormPanel
      title={robot ? T.editTitle : T.addTitle}
      onSubmit={submitChecked(form, write, () => (onDone ? onDone() : form.reset(blank)))}
    >
      <InputField label={T.name} form={form} name="name" />
      <Field label={T.team} binding={form.field('team_id')}>
        <select {...inputOf(form.input('team_id'))}>
          <option value="">{T.wholeCompany}</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </select>
      </Field>
      <InputField label={robot ? T.webhookKeep : T.webhook} form={form} name="webhook" />
      <fieldset className="admin-checks" aria-label={T.events}>
        <span>{T.events}</span>
        {ROBOT_EVENT_KEYS.map((event) => (
          <label key={event}>
            <input
              type="checkbox"
              checked={values.events.includes(event)}
              onChange={(e) =>
                set('events')(e.target.checked ? [...values.events, event] : values.events.filter((x) => x !== event))
              }
            />
            {ROBOT_EVENTS[event]}
          </label>
        ))}
      </fieldset>
      {form.field('events').error ? (
        <span role="alert" className="admin-field__error">
          {form.field('events').error}
        </span>
      ) : null}
      <label className="admin-checks">
        <input type="checkbox" checked={values.is_active} onChange={(e) => set('is_active')(e.target.checked)} />
        {T.active}
      </label>
      <FormButtons submit={robot ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
