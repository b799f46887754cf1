import { useAudit } from '../api/admin.ts';
import { AdminShell, LoadMore, LoadState } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.audit;
const A = adminTexts;
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** /admin/audit: every change of the back office, newest first: who, when, the record before and after. */
export function AdminAuditPage() {
  const list = useAudit();
  return (
    <AdminShell title={A.nav.audit}>
      <LoadState
        isPending={list.isPending}
        error={list.error}
        isEmpty={list.items.length === 0}
        emptyText={T.empty}
        onRetry={list.refresh}
      >
        <table className="admin-table" aria-label={A.nav.audit}>
          <thead>
            <tr>
              <th>{T.at}</th>
              <th>{T.actor}</th>
              <th>{T.action}</th>
              <th>{T.entity}</th>
              <th>{T.before}</th>
              <th>{T.after}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((row) => (
              <tr key={row.id}>
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
              </tr>
            ))}
          </tbody>
        </table>
        <LoadMore hasMore={list.hasMore} loadMore={list.loadMore} />
      </LoadState>
    </AdminShell>
  );
}
