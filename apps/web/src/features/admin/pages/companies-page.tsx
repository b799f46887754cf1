import * as E from '@crm/domain/endpoints/admin';
import { adminCompanyAddSchema } from '@crm/domain/api/admin';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useCompanies } from '../api/admin.ts';
import { AddPanel, InputField } from '../components/admin-form.tsx';
import { ActiveToggle, activeColumn } from '../components/table-rows.tsx';
import { AdminShell, DataTable, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.companies;
const A = adminTexts;
const blank = { name: '', admin_name: '', admin_phone: '' };

/** /admin/companies: the operator's companies (platform.admin): opened with a first admin, closed. */
export function AdminCompaniesPage() {
  const companies = useCompanies();
  const add = useAdminWrite(E.companiesAdd);
  const update = useAdminWrite(E.companiesUpdate);
  const form = useSchemaForm({ schema: adminCompanyAddSchema, initial: blank, idPrefix: 'admin-company-add' });
  return (
    <AdminShell title={A.nav.companies} platform>
      <AddPanel title={T.addTitle} form={form} add={add} blank={blank}>
        <InputField label={T.name} form={form} name="name" />
        <InputField label={T.adminName} form={form} name="admin_name" />
        <InputField label={T.adminPhone} form={form} name="admin_phone" />
      </AddPanel>
      <DataTable
        columns={[
          [T.name, (company) => company.name],
          [T.staff, (company) => company.staff],
          activeColumn,
          [A.actions, (company) => <ActiveToggle row={company} update={update} />],
        ]}
        {...queryRows(companies)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}
