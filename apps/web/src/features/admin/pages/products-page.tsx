import {
  adminProductAddSchema,
  adminProductUpdateSchema,
  PRODUCT_FEE_TYPES,
  type AdminProduct,
} from '@crm/domain/api/admin';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useProducts, useRefs } from '../api/admin.ts';
import { FormButtons, FormPanel, InputField, inputOf, PlainButton, submitChecked } from '../components/admin-form.tsx';
import { ActiveToggle, activeColumn, EditableTable } from '../components/table-rows.tsx';
import { AdminShell, Field, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.products;
const A = adminTexts;

const blank = { bank_id: '', name: '', min: '', max: '', terms: '', fee_type: '', rate_ppm: '' };
/** The form's values: text as typed (amounts in yuan), read into the request by toInput. */
type ProductValues = typeof blank;
const amount = (text: string) => yuanToFen(text) ?? text;
const toInput = (v: ProductValues) => ({
  bank_id: v.bank_id === '' ? null : Number(v.bank_id),
  name: v.name,
  min_amount_fen: amount(v.min),
  max_amount_fen: amount(v.max),
  terms_months: v.terms
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map((term) => (/^\d+$/.test(term) ? Number(term) : term)),
  fee_type: v.fee_type === '' ? null : Number(v.fee_type),
  rate_ppm: v.rate_ppm.trim() === '' ? null : Number(v.rate_ppm),
});
const valuesOf = (row: AdminProduct): ProductValues => ({
  bank_id: row.bank_id === null ? '' : String(row.bank_id),
  name: row.name,
  min: fenToYuan(row.min_amount_fen),
  max: fenToYuan(row.max_amount_fen),
  terms: row.terms_months.join(','),
  fee_type: row.fee_type === null ? '' : String(row.fee_type),
  rate_ppm: row.rate_ppm === null ? '' : String(row.rate_ppm),
});

/** /admin/products: the company's loan products: bank, amounts (yuan on screen, fen on the wire), terms, price. */
export function AdminProductsPage() {
  const list = useProducts();
  const update = useAdminWrite('/api/admin/products/update');
  return (
    <AdminShell title={A.nav.products}>
      <EditableTable
        columns={(edit) => [
          [T.name, (row) => row.name],
          [T.bank, (row) => row.bank_name || T.noBank],
          [T.minAmount, (row) => fenToYuan(row.min_amount_fen)],
          [T.maxAmount, (row) => fenToYuan(row.max_amount_fen)],
          [T.terms, (row) => row.terms_months.join(', ')],
          [T.feeType, (row) => (row.fee_type === null ? T.unpriced : T.feeTypes[row.fee_type])],
          [T.rate, (row) => row.rate_ppm ?? '—'],
          activeColumn,
          [
            A.actions,
            (row) => (
              <>
                <PlainButton onClick={() => edit(row)}>{A.edit}</PlainButton>
                <ActiveToggle row={row} update={update} />
              </>
            ),
          ],
        ]}
        Form={ProductForm}
        {...pagedRows(list)}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

function ProductForm({ row, onDone }: { row?: AdminProduct; onDone?: () => void }) {
  const write = useAdminWrite(row ? '/api/admin/products/update' : '/api/admin/products/add');
  const banks = useRefs('bank', null);
  const initial = row ? valuesOf(row) : blank;
  const form = useSchemaForm<ProductValues, unknown>({
    schema: row ? adminProductUpdateSchema : adminProductAddSchema,
    initial,
    toInput: (v) => (row ? { id: row.id, ...toInput(v) } : toInput(v)),
    idPrefix: row ? 'admin-product-edit' : 'admin-product-add',
    ids: {
      min: `${row ? 'admin-product-edit' : 'admin-product-add'}-min_amount_fen`,
      max: `${row ? 'admin-product-edit' : 'admin-product-add'}-max_amount_fen`,
      terms: `${row ? 'admin-product-edit' : 'admin-product-add'}-terms_months`,
    },
  });
  return (
    <FormPanel
      title={row ? T.editTitle(row.name) : T.addTitle}
      onSubmit={submitChecked(form, write, () => (onDone ? onDone() : form.reset(blank)))}
    >
      <Field label={T.bank} binding={form.field('bank_id')}>
        <select {...inputOf(form.input('bank_id'))}>
          <option value="">{T.noBank}</option>
          {banks.items.map((bank) => (
            <option key={bank.id} value={String(bank.id)}>
              {bank.name}
            </option>
          ))}
        </select>
      </Field>
      <InputField label={T.name} form={form} name="name" />
      <InputField label={T.minAmount} form={form} name="min" schemaKey="min_amount_fen" inputMode="decimal" />
      <InputField label={T.maxAmount} form={form} name="max" schemaKey="max_amount_fen" inputMode="decimal" />
      <InputField label={T.terms} form={form} name="terms" schemaKey="terms_months" />
      <Field label={T.feeType} binding={form.field('fee_type')}>
        <select {...inputOf(form.input('fee_type'))}>
          <option value="">{T.unpriced}</option>
          {PRODUCT_FEE_TYPES.map((type) => (
            <option key={type} value={String(type)}>
              {T.feeTypes[type]}
            </option>
          ))}
        </select>
      </Field>
      <InputField label={T.rate} form={form} name="rate_ppm" inputMode="numeric" />
      <FormButtons submit={row ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
