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
        label={A.nav.audit}
        {...pagedRows(list)}
        emptyText={T.empty}
        headers={[T.at, T.actor, T.action, T.entity, T.before, T.after]}
        cells={(row) => (
          <>
            <td>{new Date(row.at).toLocaleString('zh-CN')}</td>
            <td>{row.actor_name}</td>
            <td>{row.action}</td>
            <td>
              {row.entity}
              {row.entity_id === null ? '' : ` #${row.entity_id}`}
            </td>
            <td>
              <pre>{json(row.before)}</pre>
            </td>
            <td>
              <pre>{json(row.after)}</pre>
            </td>
          </>
        )}
      />
    </AdminShell>
  );
}
