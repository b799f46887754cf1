import { CONTACT_WAY_KINDS } from '@crm/domain/api/contactways';
import { Link } from 'react-router';
import { useContactWayStats } from '../api/contact-ways.ts';
import { AdminShell, DataTable } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.contactWayStats;
const A = adminTexts;

const rate = (n: { customers: number; cases: number }) =>
  n.customers === 0 ? '—' : `${Math.round((n.cases / n.customers) * 100)}%`;

/** /admin/contact-ways-stats: customers and cases by source (渠道活码, decision 083). */
export function AdminContactWayStatsPage() {
  const stats = useContactWayStats();
  const data = stats.data;
  const byKind = data
    ? [
        ...data.by_kind.map((row) => ({ id: row.kind, label: CONTACT_WAY_KINDS[row.kind], ...row })),
        { id: 'total', label: T.total, ...data.total },
      ]
    : undefined;
  const byCode = data?.list.map((row) => ({
    ...row,
    id: row.id ?? 0,
    label: row.kind ? `${CONTACT_WAY_KINDS[row.kind]} · ${row.name}` : row.name,
  }));
  const query = { isPending: stats.isPending, error: stats.error, onRetry: stats.refetch };
  return (
    <AdminShell title={A.nav['contact-ways-stats']}>
      <p className="admin-hint">
        {T.hint} <Link to="/admin/contact-ways">{T.back}</Link>
      </p>
      <h2>{T.byKind}</h2>
      <DataTable
        rows={byKind ?? []}
        {...query}
        emptyText={T.empty}
        columns={[
          [T.kind, (row) => row.label],
          [T.customers, (row) => row.customers],
          [T.cases, (row) => row.cases],
          [T.rate, (row) => rate(row)],
        ]}
      />
      <h2>{T.byCode}</h2>
      <DataTable
        rows={byCode ?? []}
        {...query}
        emptyText={T.empty}
        columns={[
          [A.name, (row) => row.label],
          [A.status, (row) => (row.is_active ? A.active : A.inactive)],
          [T.customers, (row) => row.customers],
          [T.cases, (row) => row.cases],
          [T.rate, (row) => rate(row)],
        ]}
      />
    </AdminShell>
  );
}
