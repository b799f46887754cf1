import { formatDateTimeSeconds } from '@crm/domain/datetime';
import { useAudit } from '../api/admin.ts';
import { AdminShell, DataTable, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.audit;
const A = adminTexts;
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** /admin/audit: every change of the back office, newest first: who, when, the record before and after. */
export function AdminAuditPage() {
  const list = useAudit();
  return (
    <AdminShell title={A.nav.audit}>
      <DataTable
        columns={[
          [T.at, (row) => formatDateTimeSeconds(row.at)],
          [T.actor, (row) => row.actor_name],
          [T.action, (row) => row.action],
          [
            T.entity,
            (row) => (
              <>
                {row.entity}
                {row.entity_id === null ? '' : ` #${row.entity_id}`}
              </>
            ),
          ],
          [T.before, (row) => <pre>{json(row.before)}</pre>],
          [T.after, (row) => <pre>{json(row.after)}</pre>],
        ]}
        {...pagedRows(list)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}
