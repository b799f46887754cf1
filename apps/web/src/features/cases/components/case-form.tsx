import { allInCost, isAboveCap, isAboveLimit, ppmToPercent, type FenFee, type LoanPrice } from '@crm/domain/calculator';
import { caseFormSchema, CASE_FORM_FIELDS } from '@crm/domain/cases';
import { loanAmountToFen } from '@crm/domain/money';
import { parseIdNumber } from '@crm/domain/idcard';
import {
  EDUCATIONS,
  EMPLOYER_TYPES,
  LOAN_PURPOSES,
  LOAN_TERMS,
  MARITAL_STATUSES,
  OCCUPATIONS,
  REGIONS,
} from '@crm/domain/options';
import { Button, Checkbox, List, TextArea } from 'antd-mobile';
import { DuplicateHint } from '../../../components/duplicate-hint.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import type { OptionFieldOption } from '../../../components/option-field.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useDraftedSubmit } from '../../../lib/form-draft.ts';
import type { OutboxWrite } from '../../../lib/outbox.ts';
import { useBanks, useChannels, useProducts, useSignUsers, useSources } from '../api/get-reference.ts';
import { useAllInCostCap } from '../api/product-match.ts';
import { casesTexts } from '../texts.ts';
import { FeesField } from './fees-field.tsx';
import { formRows } from './form-rows.tsx';

const T = casesTexts.form;

/** A product's price as the calculator takes it, or null while it has none. */
function priceOf(product: { fee_type: number | null; rate_ppm: number | null; repayment_method: number | null }) {
  const { fee_type: feeType, rate_ppm: ratePpm, repayment_method: method } = product;
  if ((feeType !== 1 && feeType !== 2 && feeType !== 3) || ratePpm === null) return null;
  if (feeType === 3) return method === 1 || method === 2 ? ({ feeType, ratePpm, method } satisfies LoanPrice) : null;
  return { feeType, ratePpm, method: null } satisfies LoanPrice;
}

/** The fees' modes and amounts as typed so far (a payee may still be missing), or null while an amount is unfinished. */
function typedFees(text: string): FenFee[] | null {
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const fees: FenFee[] = [];
    for (const fee of parsed as Array<{ mode?: unknown; amount_fen?: unknown }>) {
      const amountFen = fee.amount_fen;
      if ((fee.mode !== 'once' && fee.mode !== 'monthly') || typeof amountFen !== 'number' || amountFen < 0)
        return null;
      fees.push({ mode: fee.mode, amountFen });
    }
    return fees;
  } catch {
    return null;
  }
}

/**
 * The all-in cost line under the fees, as the values stand (decision 068): the server computes the same from
 * the same domain function and refuses the case above 36 %; above the company's warning line (`capPercent`,
 * once read) it warns. Nothing while the amount, term or a fee is unfinished.
 */
function CostLine({
  values,
  price,
  isPriced,
  capPercent,
}: {
  values: CaseFormValues;
  price: LoanPrice | null;
  isPriced: boolean;
  capPercent: number | null;
}) {
  const amountFen = loanAmountToFen(values.amount ?? '');
  const term = Number(values.term);
  const fees = typedFees(values.fees ?? '');
  if (amountFen === null || amountFen <= 0 || !Number.isInteger(term) || term < 1 || fees === null) return null;
  const { irrPpm } = allInCost({ amountFen, termMonths: term, price, fees });
  const above = isAboveLimit(irrPpm);
  const overCap = !above && capPercent !== null && isAboveCap(irrPpm, Math.round(capPercent * 100));
  const text = irrPpm === null ? T.fees.noCost : T.fees.cost(`${ppmToPercent(irrPpm).toFixed(2)}%`);
  return (
    <div className={above || overCap ? 'cost-line cost-line--over' : 'cost-line'} role="status">
      {text}
      {above && irrPpm !== null ? `，${T.fees.overLimit}` : ''}
      {overCap ? `，${T.fees.overCap(`${capPercent}%`)}` : ''}
      {!isPriced && values.product_id ? <div>{T.fees.unpriced}</div> : null}
    </div>
  );
}
export type CaseFormValues = Record<string, string>;

export const emptyCaseForm = (): CaseFormValues => Object.fromEntries(CASE_FORM_FIELDS.map((field) => [field, '']));

export type CaseFormProps = {
  initial: CaseFormValues;
  submitText: string;
  isSubmitting: boolean;
  /**
   * Resolves when saved; throws with the server's message otherwise (the typed values stay). `idempotencyKey`
   * names this fill of the form: a new case sends it, so 重试 after a network failure makes one case.
   */
  onSubmit: (values: CaseFormValues, idempotencyKey: string) => Promise<void>;
  /** Where the unsent values are kept as a draft on the phone; none when left out. */
  draftName?: string | null;
  /** A new case: say at once whose customer a typed phone or ID number is (decision 066). */
  checkDuplicate?: boolean;
  /** A new case written offline: what to keep for sending later, and what follows (decision 082). */
  offline?: { write: (key: string, values: CaseFormValues) => OutboxWrite; onQueued: () => void };
};

const named = (rows: { id: number; name: string }[] | undefined): OptionFieldOption[] =>
  (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
const TERM_OPTIONS = LOAN_TERMS.map((term) => ({ value: term, label: casesTexts.months(term) }));

/**
 * The case form of new case, edit and resubmit. It checks with the same zod schema the server uses
 * (packages/domain/src/cases) and keeps what was typed when the server says no.
 */
export function CaseForm({
  initial,
  submitText,
  isSubmitting,
  onSubmit,
  draftName = null,
  checkDuplicate = false,
  offline,
}: CaseFormProps) {
  const form = useSchemaForm({ schema: caseFormSchema, initial, idPrefix: 'case' });
  const { values } = form;
  const banks = useBanks();
  const products = useProducts(values.bank_id ? Number(values.bank_id) : null);
  const channels = useChannels();
  const sources = useSources();
  const signUsers = useSignUsers();
  const cap = useAllInCostCap();

  // The terms the chosen product takes (none named: any term): the wheel offers only those, as the server
  // refuses any other (该产品不支持所选期限).
  const termsOf = (productId: string): readonly number[] =>
    products.data?.find((product) => String(product.id) === productId)?.terms ?? [];
  const productTerms = termsOf(values.product_id ?? '');
  const termOptions =
    productTerms.length > 0 ? TERM_OPTIONS.filter((option) => productTerms.includes(option.value)) : TERM_OPTIONS;

  // Another bank has other products: the chosen one goes. Another product may not take the chosen term: it goes.
  const set = (field: string) => (value: string) => {
    if (field === 'bank_id') return form.patch({ bank_id: value, product_id: '' });
    if (field === 'product_id') {
      const terms = termsOf(value);
      const keepsTerm = !values.term || terms.length === 0 || terms.includes(Number(values.term));
      return form.patch(keepsTerm ? { product_id: value } : { product_id: value, term: '' });
    }
    form.patch({ [field]: value });
  };

  // An unsent new case survives a closed window or a reload, with its submit's key (decisions 046, 058).
  const idempotent = useDraftedSubmit(draftName, values, (saved) => form.reset({ ...initial, ...saved }));
  const submit = async () => {
    if (!form.validate()) return;
    // The values as typed (strings): the server parses them with the same schema. 重试 sends these again.
    const sent = values;
    await idempotent.run(
      (key) => onSubmit(sent, key),
      form.refuse,
      offline && { write: (key) => offline.write(key, sent), onQueued: offline.onQueued },
    );
  };

  const { item, text: textRow, pick } = formRows(form, values, set);
  const text = (
    field: string,
    label: string,
    placeholder: string,
    required = false,
    mode: 'text' | 'numeric' | 'decimal' | 'tel' = 'text',
  ) => textRow(field, label, { placeholder, required, mode });

  const facts = parseIdNumber(values.id_number ?? '');
  const chosen = products.data?.find((product) => String(product.id) === values.product_id);
  const price = chosen ? priceOf(chosen) : null;

  return (
    <PlainForm className="case-form" onSubmit={submit}>
      <List mode="card" header={T.client}>
        {text('name', T.name, T.placeholders.name, true)}
        {text('phone', T.phone, T.placeholders.phone, true, 'tel')}
        {text('id_number', T.idNumber, T.placeholders.idNumber, true)}
        {checkDuplicate ? <DuplicateHint phone={values.phone ?? ''} idNumber={values.id_number ?? ''} /> : null}
        {facts ? (
          <div className="section-title">{T.birthSex(facts.birthDate, facts.sex === 1 ? T.male : T.female)}</div>
        ) : null}
        {text('bank_card', T.bankCard, T.placeholders.bankCard, false, 'numeric')}
      </List>
      <List mode="card" header={T.loan}>
        {text('amount', T.amount, T.placeholders.amount, true, 'decimal')}
        {pick('term', T.term, termOptions, true)}
        {pick('purpose', T.purpose, LOAN_PURPOSES)}
        {pick('bank_id', T.bank, named(banks.data))}
        {pick('product_id', T.product, named(products.data))}
        {pick('channel_id', T.channel, named(channels.data))}
        {pick('source_id', T.source, named(sources.data))}
        {pick('sign_user_id', T.signUser, named(signUsers.data))}
      </List>
      <List mode="card" header={T.fees.header}>
        {item(
          'fees',
          T.fees.header,
          <FeesField id={form.field('fees').id} value={values.fees ?? ''} onChange={set('fees')} />,
        )}
        <List.Item>
          <CostLine
            values={values}
            price={price}
            isPriced={price !== null}
            capPercent={cap.data?.all_in_cost_cap ?? null}
          />
        </List.Item>
      </List>
      <List mode="card" header={T.profile}>
        {pick('region', T.region, REGIONS)}
        {pick('marital', T.marital, MARITAL_STATUSES)}
        {pick('education', T.education, EDUCATIONS)}
        {pick('occupation', T.occupation, OCCUPATIONS)}
        {pick('employer_type', T.employerType, EMPLOYER_TYPES)}
        {text('income', T.income, T.placeholders.income, false, 'decimal')}
        {item(
          'remarks',
          T.remarks,
          <TextArea
            id={form.field('remarks').id}
            value={values.remarks ?? ''}
            onChange={set('remarks')}
            placeholder={T.placeholders.remarks}
            maxLength={500}
            autoSize
          />,
        )}
        {item(
          'need_service',
          T.needService,
          <Checkbox
            id={form.field('need_service').id}
            checked={values.need_service === '1'}
            onChange={(checked) => set('need_service')(checked ? '1' : '')}
          >
            {T.needService}
          </Checkbox>,
        )}
      </List>
      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" loading={isSubmitting}>
          {submitText}
        </Button>
      </div>
      <NetworkRetry failure={idempotent.failure} />
    </PlainForm>
  );
}
