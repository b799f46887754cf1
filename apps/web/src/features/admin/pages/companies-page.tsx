import { adminCompanyAddSchema } from '@crm/domain/api/admin';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useCompanies } from '../api/admin.ts';
import { AdminShell, DataTable, Field } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { inputOf } from './teams-page.tsx';

const T = adminTexts.companies;
const A = adminTexts;
const blank = { name: '', admin_name: '', admin_phone: '' };

/** /admin/companies: the operator's companies (platform.admin): opened with a first admin, closed. */
export function AdminCompaniesPage() {
  const companies = useCompanies();
  const add = useAdminWrite('/api/admin/companies/add');
  const update = useAdminWrite('/api/admin/companies/update');
  const form = useSchemaForm({ schema: adminCompanyAddSchema, initial: blank, idPrefix: 'admin-company-add' });
  const list = companies.data ?? [];
  return (
    <AdminShell title={A.nav.companies} platform>
      <section className="admin-panel" aria-label={T.addTitle}>
        <h2>{T.addTitle}</h2>
        <PlainForm
          className="admin-form"
          onSubmit={() => {
            const data = form.validate();
            if (data) add.mutate(data, { onSuccess: () => form.reset(blank) });
          }}
        >
          <Field label={T.name} binding={form.field('name')}>
            <input {...inputOf(form.input('name'))} />
          </Field>
          <Field label={T.adminName} binding={form.field('admin_name')}>
            <input {...inputOf(form.input('admin_name'))} />
          </Field>
          <Field label={T.adminPhone} binding={form.field('admin_phone')}>
            <input {...inputOf(form.input('admin_phone'))} />
          </Field>
          <button type="submit" className="admin-button" disabled={add.isPending}>
            {A.add}
          </button>
        </PlainForm>
      </section>
      <DataTable
        label={A.nav.companies}
        rows={list}
        isPending={companies.isPending}
        error={companies.error}
        emptyText={T.empty}
        onRetry={companies.refetch}
        headers={[T.name, T.staff, T.status, A.actions]}
        cells={(company) => (
          <>
            <td>{company.name}</td>
            <td>{company.staff}</td>
            <td>{company.is_active ? A.active : A.inactive}</td>
            <td>
              <button
                type="button"
                className="admin-button admin-button--plain"
                onClick={() => update.mutate({ id: company.id, is_active: !company.is_active })}
              >
                {company.is_active ? A.disable : A.enable}
              </button>
            </td>
          </>
        )}
      />
    </AdminShell>
  );
}
