import {
  adminProductAddSchema,
  adminProductUpdateSchema,
  PRODUCT_FEE_TYPES,
  type AdminProduct,
} from '@crm/domain/api/admin';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { useState } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useProducts, useRefs } from '../api/admin.ts';
import { AdminShell, DataTable, Field } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { inputOf } from './teams-page.tsx';

const T = adminTexts.products;
const A = adminTexts;

type ProductValues = {
  bank_id: string;
  name: string;
  min: string;
  max: string;
  terms: string;
  fee_type: string;
  rate_ppm: string;
};
const blank: ProductValues = { bank_id: '', name: '', min: '', max: '', terms: '', fee_type: '', rate_ppm: '' };
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
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  return (
    <AdminShell title={A.nav.products}>
      <ProductForm key="add" />
      {editing ? <ProductForm key={editing.id} row={editing} onDone={() => setEditing(null)} /> : null}
      <DataTable
        label={A.nav.products}
        rows={list.items}
        isPending={list.isPending}
        error={list.error}
        emptyText={T.empty}
        onRetry={list.refresh}
        headers={[T.name, T.bank, T.minAmount, T.maxAmount, T.terms, T.feeType, T.rate, T.status, A.actions]}
        cells={(row) => (
          <>
            <td>{row.name}</td>
            <td>{row.bank_name || T.noBank}</td>
            <td>{fenToYuan(row.min_amount_fen)}</td>
            <td>{fenToYuan(row.max_amount_fen)}</td>
            <td>{row.terms_months.join(', ')}</td>
            <td>{row.fee_type === null ? T.unpriced : T.feeTypes[row.fee_type]}</td>
            <td>{row.rate_ppm ?? '—'}</td>
            <td>{row.is_active ? A.active : A.inactive}</td>
            <td>
              <button type="button" className="admin-button admin-button--plain" onClick={() => setEditing(row)}>
                {A.edit}
              </button>
              <button
                type="button"
                className="admin-button admin-button--plain"
                onClick={() => update.mutate({ id: row.id, is_active: !row.is_active })}
              >
                {row.is_active ? A.disable : A.enable}
              </button>
            </td>
          </>
        )}
        hasMore={list.hasMore}
        loadMore={list.loadMore}
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
  const title = row ? T.editTitle(row.name) : T.addTitle;
  const { values, set } = form;
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      <PlainForm
        className="admin-form"
        onSubmit={() => {
          const data = form.validate();
          if (data)
            write.mutate(data as Record<string, unknown>, {
              onSuccess: () => (onDone ? onDone() : form.reset(blank)),
            });
        }}
      >
        <Field label={T.bank} binding={form.field('bank_id')}>
          <select id={form.field('bank_id').id} value={values.bank_id} onChange={(e) => set('bank_id')(e.target.value)}>
            <option value="">{T.noBank}</option>
            {banks.items.map((bank) => (
              <option key={bank.id} value={String(bank.id)}>
                {bank.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={T.name} binding={form.field('name')}>
          <input {...inputOf(form.input('name'))} />
        </Field>
        <Field label={T.minAmount} binding={form.field('min_amount_fen')}>
          <input inputMode="decimal" {...inputOf(form.input('min'))} />
        </Field>
        <Field label={T.maxAmount} binding={form.field('max_amount_fen')}>
          <input inputMode="decimal" {...inputOf(form.input('max'))} />
        </Field>
        <Field label={T.terms} binding={form.field('terms_months')}>
          <input {...inputOf(form.input('terms'))} />
        </Field>
        <Field label={T.feeType} binding={form.field('fee_type')}>
          <select
            id={form.field('fee_type').id}
            value={values.fee_type}
            onChange={(e) => set('fee_type')(e.target.value)}
          >
            <option value="">{T.unpriced}</option>
            {PRODUCT_FEE_TYPES.map((type) => (
              <option key={type} value={String(type)}>
                {T.feeTypes[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={T.rate} binding={form.field('rate_ppm')}>
          <input inputMode="numeric" {...inputOf(form.input('rate_ppm'))} />
        </Field>
        <button type="submit" className="admin-button" disabled={write.isPending}>
          {row ? A.save : A.add}
        </button>
        {onDone ? (
          <button type="button" className="admin-button admin-button--plain" onClick={onDone}>
            {A.cancel}
          </button>
        ) : null}
      </PlainForm>
    </section>
  );
}
