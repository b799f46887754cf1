import * as E from '@crm/domain/endpoints/admin';
import {
  adminProductAddSchema,
  adminProductUpdateSchema,
  PRODUCT_FEE_TYPES,
  type AdminProduct,
} from '@crm/domain/api/admin';
import { FEE_KINDS, FEE_MODES } from '@crm/domain/calculator';
import { admissionRequirements, type ProductFee, type ProductRules } from '@crm/domain/matching';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { EMPLOYER_TYPES, LOAN_PURPOSES } from '@crm/domain/options';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useCities, useProducts, useRefs } from '../api/admin.ts';
import {
  FieldGroup,
  FormButtons,
  FormPanel,
  InputField,
  inputOf,
  PlainButton,
  submitChecked,
  type FieldSpec,
} from '../components/admin-form.tsx';
import { ChoicesField, CitiesField, type CityRow } from '../components/pick-fields.tsx';
import { ActiveToggle, activeColumn, EditableTable } from '../components/table-rows.tsx';
import { AdminShell, Field, pagedRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.products;
const A = adminTexts;

/**
 * The admission rules (decision 068): bounds typed one input each; cities, employer types and purposes picked
 * by name and kept as the codes the server stores, in the order they were chosen (a product saved unchanged
 * sends back exactly what it had).
 */
const RULE_FIELDS = {
  age_min: '',
  age_max: '',
  city_ids: [] as number[],
  income_min: '',
  social_security_months_min: '',
  housing_fund_months_min: '',
  employer_types: [] as number[],
  queries_3m_max: '',
  queries_6m_max: '',
  debt_ratio_max: '',
  purposes: [] as number[],
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
const toRules = (v: ProductValues) => ({
  age_min: bound(v.age_min),
  age_max: bound(v.age_max),
  city_ids: v.city_ids,
  income_min_fen: v.income_min.trim() === '' ? null : amount(v.income_min),
  social_security_months_min: bound(v.social_security_months_min),
  housing_fund_months_min: bound(v.housing_fund_months_min),
  employer_types: v.employer_types,
  queries_3m_max: bound(v.queries_3m_max),
  queries_6m_max: bound(v.queries_6m_max),
  debt_ratio_max: bound(v.debt_ratio_max),
  purposes: v.purposes,
});
const rulesOf = (rules: ProductRules): typeof RULE_FIELDS => {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    age_min: text(rules.age_min),
    age_max: text(rules.age_max),
    city_ids: [...rules.city_ids],
    income_min: rules.income_min_fen === null ? '' : fenToYuan(rules.income_min_fen),
    social_security_months_min: text(rules.social_security_months_min),
    housing_fund_months_min: text(rules.housing_fund_months_min),
    employer_types: [...rules.employer_types],
    queries_3m_max: text(rules.queries_3m_max),
    queries_6m_max: text(rules.queries_6m_max),
    debt_ratio_max: text(rules.debt_ratio_max),
    purposes: [...rules.purposes],
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
/**
 * A product's rules as the list shows them, in the matching's own words and with names, not codes:
 * `年龄 22 岁–55 岁；城市 上海市辖区、杭州市`. Amounts and terms have columns of their own.
 */
const rulesText = (rules: ProductRules, cities: readonly CityRow[] | undefined) => {
  // Until the city list has come, a city reads as loading rather than as its code.
  const cityName = (id: number) =>
    cities ? (cities.find((city) => city.id === id)?.name ?? T.unknownCity(id)) : T.citiesLoading;
  const said = admissionRequirements({ rules, minAmountFen: 0, maxAmountFen: 0, termsMonths: [] }, cityName);
  return said.length === 0 ? T.noRules : said.map((rule) => `${rule.label} ${rule.requirement}`).join('；');
};
type BoundKey = Exclude<keyof typeof RULE_FIELDS, 'city_ids' | 'employer_types' | 'purposes'>;
const count = (label: string, name: BoundKey): FieldSpec<BoundKey> => ({ label, name, inputMode: 'numeric' });
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
  const cities = useCities();
  const update = useAdminWrite(E.productsUpdate);
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
          [T.rules, (row) => rulesText(row.rules, cities.data)],
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
  const write = useAdminWrite(row ? E.productsUpdate : E.productsAdd);
  const banks = useRefs('bank', null);
  const cities = useCities();
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
      <FieldGroup
        form={form}
        fields={[
          count(T.ageMin, 'age_min'),
          count(T.ageMax, 'age_max'),
          { label: T.incomeMin, name: 'income_min', inputMode: 'decimal' },
          count(T.socialSecurityMin, 'social_security_months_min'),
          count(T.housingFundMin, 'housing_fund_months_min'),
          count(T.queries3mMax, 'queries_3m_max'),
          count(T.queries6mMax, 'queries_6m_max'),
          count(T.debtRatioMax, 'debt_ratio_max'),
        ]}
      />
      <CitiesField
        label={T.cities}
        binding={form.field('city_ids')}
        cities={cities}
        value={form.values.city_ids}
        onChange={form.set('city_ids')}
      />
      <ChoicesField
        label={T.employerTypes}
        binding={form.field('employer_types')}
        options={EMPLOYER_TYPES}
        value={form.values.employer_types}
        onChange={form.set('employer_types')}
      />
      <ChoicesField
        label={T.purposes}
        binding={form.field('purposes')}
        options={LOAN_PURPOSES}
        value={form.values.purposes}
        onChange={form.set('purposes')}
      />
      <FormButtons submit={row ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
