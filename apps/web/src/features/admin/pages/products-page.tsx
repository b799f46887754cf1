import {
  adminProductAddSchema,
  adminProductUpdateSchema,
  PRODUCT_FEE_TYPES,
  type AdminProduct,
} from '@crm/domain/api/admin';
import { FEE_KINDS, FEE_MODES } from '@crm/domain/calculator';
import type { ProductFee, ProductRules } from '@crm/domain/matching';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { EMPLOYER_TYPES, LOAN_PURPOSES, type Option } from '@crm/domain/options';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useProducts, useRefs } from '../api/admin.ts';
import { FormButtons, FormPanel, InputField, inputOf, PlainButton, submitChecked } from '../components/admin-form.tsx';
import { ActiveToggle, activeColumn, EditableTable } from '../components/table-rows.tsx';
import { AdminShell, Field, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.products;
const A = adminTexts;

/** The admission rules typed one input each (decision 068); lists as comma-separated codes. */
const RULE_FIELDS = {
  age_min: '',
  age_max: '',
  city_ids: '',
  income_min: '',
  social_security_months_min: '',
  housing_fund_months_min: '',
  employer_types: '',
  queries_3m_max: '',
  queries_6m_max: '',
  debt_ratio_max: '',
  purposes: '',
};
const blank = {
  bank_id: '',
  name: '',
  min: '',
  max: '',
  terms: '',
  fee_type: '',
  rate_ppm: '',
  fees: '',
  ...RULE_FIELDS,
};
/** The form's values: text as typed (amounts in yuan), read into the request by toInput. */
type ProductValues = typeof blank;
const amount = (text: string) => yuanToFen(text) ?? text;
/** A bound as typed: empty is no rule; what is not a whole number goes on for the schema to refuse. */
const bound = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : text);
const codes = (text: string) =>
  text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map((code) => (/^\d+$/.test(code) ? Number(code) : code));
const toRules = (v: ProductValues) => ({
  age_min: bound(v.age_min),
  age_max: bound(v.age_max),
  city_ids: codes(v.city_ids),
  income_min_fen: v.income_min.trim() === '' ? null : amount(v.income_min),
  social_security_months_min: bound(v.social_security_months_min),
  housing_fund_months_min: bound(v.housing_fund_months_min),
  employer_types: codes(v.employer_types),
  queries_3m_max: bound(v.queries_3m_max),
  queries_6m_max: bound(v.queries_6m_max),
  debt_ratio_max: bound(v.debt_ratio_max),
  purposes: codes(v.purposes),
});
const rulesOf = (rules: ProductRules): typeof RULE_FIELDS => {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    age_min: text(rules.age_min),
    age_max: text(rules.age_max),
    city_ids: rules.city_ids.join(','),
    income_min: rules.income_min_fen === null ? '' : fenToYuan(rules.income_min_fen),
    social_security_months_min: text(rules.social_security_months_min),
    housing_fund_months_min: text(rules.housing_fund_months_min),
    employer_types: rules.employer_types.join(','),
    queries_3m_max: text(rules.queries_3m_max),
    queries_6m_max: text(rules.queries_6m_max),
    debt_ratio_max: text(rules.debt_ratio_max),
    purposes: rules.purposes.join(','),
  };
};
/** One fee a line: `担保费 一次性 2 担保公司` (type, once or monthly, percent of the loan, payee). */
const feesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [kind = '', mode = '', percent = '', ...payee] = line.split(/\s+/);
      return {
        kind: FEE_KINDS.find((option) => option.label === kind)?.value ?? kind,
        mode: FEE_MODES.find((option) => option.label === mode)?.value ?? mode,
        rate_ppm: /^\d+(\.\d{1,4})?$/.test(percent) ? Math.round(Number(percent) * 10_000) : percent,
        payee: payee.join(' '),
      };
    });
const feeLine = (fee: ProductFee) =>
  [
    FEE_KINDS.find((option) => option.value === fee.kind)?.label ?? fee.kind,
    FEE_MODES.find((option) => option.value === fee.mode)?.label ?? fee.mode,
    String(fee.rate_ppm / 10_000),
    fee.payee,
  ].join(' ');
/** The codes of a list, with their names: 1 国有企业 · 5 机关事业单位. */
const optionHint = (options: readonly Option[]) =>
  options.map((option) => `${option.value} ${option.label}`).join(' · ');
const ruleCount = (rules: ProductRules) =>
  Object.values(rules).filter((value) => (Array.isArray(value) ? value.length > 0 : value !== null)).length;
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
  rules: toRules(v),
  fees: feesOf(v.fees),
});
const valuesOf = (row: AdminProduct): ProductValues => ({
  bank_id: row.bank_id === null ? '' : String(row.bank_id),
  name: row.name,
  min: fenToYuan(row.min_amount_fen),
  max: fenToYuan(row.max_amount_fen),
  terms: row.terms_months.join(','),
  fee_type: row.fee_type === null ? '' : String(row.fee_type),
  rate_ppm: row.rate_ppm === null ? '' : String(row.rate_ppm),
  fees: row.fees.map(feeLine).join('\n'),
  ...rulesOf(row.rules),
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
          [T.rules, (row) => T.rulesCount(ruleCount(row.rules))],
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
      <Field label={T.fees} binding={form.field('fees')}>
        <textarea rows={3} placeholder={T.feesPlaceholder} {...inputOf(form.input('fees'))} />
      </Field>
      <p className="admin-hint" id={form.field('rules').id}>
        {T.rulesTitle}
      </p>
      {/* A rule's refusal names the rule in its words (最低年龄不能高于最高年龄 …). */}
      {form.field('rules').error ? (
        <span role="alert" className="admin-field__error">
          {form.field('rules').error}
        </span>
      ) : null}
      <InputField label={T.ageMin} form={form} name="age_min" inputMode="numeric" />
      <InputField label={T.ageMax} form={form} name="age_max" inputMode="numeric" />
      <InputField label={T.cityIds} form={form} name="city_ids" />
      <InputField label={T.incomeMin} form={form} name="income_min" inputMode="decimal" />
      <InputField
        label={T.socialSecurityMin}
        form={form}
        name="social_security_months_min"

        inputMode="numeric"
      />
      <InputField
        label={T.housingFundMin}
        form={form}
        name="housing_fund_months_min"

        inputMode="numeric"
      />
      <InputField label={`${T.employerTypes}（${optionHint(EMPLOYER_TYPES)}）`} form={form} name="employer_types" />
      <InputField label={T.queries3mMax} form={form} name="queries_3m_max" inputMode="numeric" />
      <InputField label={T.queries6mMax} form={form} name="queries_6m_max" inputMode="numeric" />
      <InputField label={T.debtRatioMax} form={form} name="debt_ratio_max" inputMode="numeric" />
      <InputField label={`${T.purposes}（${optionHint(LOAN_PURPOSES)}）`} form={form} name="purposes" />
      <FormButtons submit={row ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
