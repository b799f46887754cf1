import { caseFormErrors, CASE_FORM_FIELDS } from '@crm/domain/cases';
import { parseIdNumber } from '@crm/domain/idcard';
import { EDUCATIONS, EMPLOYER_TYPES, LOAN_PURPOSES, LOAN_TERMS, MARITAL_STATUSES, OCCUPATIONS, REGIONS } from '@crm/domain/options';
import { Button, Checkbox, Form, Input, TextArea } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { OptionField, type OptionFieldOption } from '../../../components/option-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useBanks, useChannels, useProducts, useSignUsers, useSources } from '../api/get-reference.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.form;
export type CaseFormValues = Record<string, string>;

export const emptyCaseForm = (): CaseFormValues => Object.fromEntries(CASE_FORM_FIELDS.map((field) => [field, '']));

export type CaseFormProps = {
  initial: CaseFormValues;
  submitText: string;
  isSubmitting: boolean;
  /** Resolves when saved; throws with the server's message otherwise (the typed values stay). */
  onSubmit: (values: CaseFormValues) => Promise<void>;
};

const named = (rows: { id: number; name: string }[] | undefined): OptionFieldOption[] => (rows ?? []).map((row) => ({ value: row.id, label: row.name }));
const TERM_OPTIONS = LOAN_TERMS.map((term) => ({ value: term, label: casesTexts.months(term) }));

/**
 * The case form of new case, edit and resubmit. It checks with the same zod schema the server uses
 * (packages/domain/src/cases) and keeps what was typed when the server says no.
 */
export function CaseForm({ initial, submitText, isSubmitting, onSubmit }: CaseFormProps) {
  const [values, setValues] = useState<CaseFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const banks = useBanks();
  const products = useProducts(values.bank_id ? Number(values.bank_id) : null);
  const channels = useChannels();
  const sources = useSources();
  const signUsers = useSignUsers();

  const set = (field: string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value, ...(field === 'bank_id' ? { product_id: '' } : {}) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const found = caseFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showToast({ content: Object.values(found)[0] ?? T.fixErrors, icon: 'fail' });
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };

  const item = (field: string, label: string, control: ReactNode, required = false) => (
    <Form.Item
      key={field}
      label={label}
      required={required}
      description={errors[field] ? <span className="field-error" role="alert">{errors[field]}</span> : undefined}
    >
      {control}
    </Form.Item>
  );
  const text = (field: string, label: string, placeholder: string, required = false, mode: 'text' | 'numeric' | 'decimal' | 'tel' = 'text') =>
    item(field, label, <Input id={`case-${field}`} value={values[field] ?? ''} onChange={set(field)} placeholder={placeholder} inputMode={mode} clearable />, required);
  const pick = (field: string, label: string, options: readonly OptionFieldOption[], required = false) =>
    item(field, label, <OptionField id={`case-${field}`} value={values[field] ?? ''} options={options} onChange={set(field)} />, required);

  const facts = parseIdNumber(values.id_number ?? '');

  return (
    <Form layout="horizontal" mode="card">
      <Form.Header>{T.client}</Form.Header>
      {text('name', T.name, T.placeholders.name, true)}
      {text('phone', T.phone, T.placeholders.phone, true, 'tel')}
      {text('id_number', T.idNumber, T.placeholders.idNumber, true)}
      {facts ? <div className="section-title">{T.birthSex(facts.birthDate, facts.sex === 1 ? T.male : T.female)}</div> : null}
      {text('bank_card', T.bankCard, T.placeholders.bankCard, false, 'numeric')}
      <Form.Header>{T.loan}</Form.Header>
      {text('amount', T.amount, T.placeholders.amount, true, 'decimal')}
      {pick('term', T.term, TERM_OPTIONS, true)}
      {pick('purpose', T.purpose, LOAN_PURPOSES)}
      {pick('bank_id', T.bank, named(banks.data))}
      {pick('product_id', T.product, named(products.data))}
      {pick('channel_id', T.channel, named(channels.data))}
      {pick('source_id', T.source, named(sources.data))}
      {pick('sign_user_id', T.signUser, named(signUsers.data))}
      <Form.Header>{T.profile}</Form.Header>
      {pick('region', T.region, REGIONS)}
      {pick('marital', T.marital, MARITAL_STATUSES)}
      {pick('education', T.education, EDUCATIONS)}
      {pick('occupation', T.occupation, OCCUPATIONS)}
      {pick('employer_type', T.employerType, EMPLOYER_TYPES)}
      {text('income', T.income, T.placeholders.income, false, 'decimal')}
      {item('remarks', T.remarks, <TextArea id="case-remarks" value={values.remarks ?? ''} onChange={set('remarks')} placeholder={T.placeholders.remarks} maxLength={500} autoSize />)}
      {item(
        'need_service',
        T.needService,
        <Checkbox checked={values.need_service === '1'} onChange={(checked) => set('need_service')(checked ? '1' : '')}>
          {T.needService}
        </Checkbox>,
      )}
      <div className="form-actions">
        <Button block color="primary" size="large" loading={isSubmitting} onClick={() => void submit()}>
          {submitText}
        </Button>
      </div>
    </Form>
  );
}
