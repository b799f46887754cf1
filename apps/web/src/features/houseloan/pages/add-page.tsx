import { HOUSELOAN_TYPES, houseloanAddRequestSchema } from '@crm/domain/api/houseloan';
import { DuplicateHint } from '../../../components/duplicate-hint.tsx';
import { HOUSE_TERMS } from '@crm/domain/house';
import { Input, List, TextArea } from 'antd-mobile';
import { Link, useNavigate, useParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { OptionField } from '../../../components/option-field.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useIdempotentSubmit } from '../../../lib/use-idempotent-submit.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAddReferral, useBanks } from '../api/houseloan.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';
import { FormAction } from '../../../components/form-action.tsx';

const TERM_OPTIONS = HOUSE_TERMS.map((m) => ({ value: m, label: T.months(m) }));

/**
 * /houseloan/add/:type: the agent refers a client for a loan kind (1 mortgage, 2 card instalments), with the
 * staff form's rules (the server's schema checks here too). A refusal keeps what was typed; a submit that did
 * not reach the server waits for 重试 with the same key, so the client is referred once.
 */
export function HouseloanAddPage() {
  const navigate = useNavigate();
  const type = Number(useParams().type);
  const kind = HOUSELOAN_TYPES.find((t) => t.value === type);
  const banks = useBanks();
  const add = useAddReferral();
  const submit = useIdempotentSubmit();
  const form = useSchemaForm({
    schema: houseloanAddRequestSchema,
    // Every referral opens blank, the term too: a term filled in advance reads as the last referral's, and a
    // client sent with a term the agent never chose is a wrong referral (issue 39.10).
    initial: { name: '', phone: '', id_number: '', loan_amount: '', term_months: '', bank: '', remark: '' },
    toInput: (values) => ({ ...values, type }),
    idPrefix: 'houseloan-add',
  });
  const { values, field, input, set } = form;
  if (!kind)
    return (
      <div className="page">
        <p>{T.unknownType}</p>
        <Link to="/houseloan/home/0">{T.backHome}</Link>
      </div>
    );

  const send = async () => {
    if (!form.validate()) return;
    const fields = { ...values, type };
    await submit.run(async (key) => {
      const id = await add.mutateAsync({ fields, key });
      showToast({ content: T.consentHint, icon: 'success' });
      void navigate(`/houseloan/auth/${id}/${type}`, { replace: true });
    }, form.refuse);
  };

  return (
    <div className="page">
      <PlainForm className="houseloan-form" onSubmit={send}>
        <List header={T.addTitle(kind.label)}>
          <FormField field={field('name')} label={T.name} required>
            <Input placeholder={T.namePlaceholder} {...input('name')} maxLength={30} />
          </FormField>
          <FormField field={field('phone')} label={T.phone} required>
            <Input placeholder={T.phonePlaceholder} {...input('phone')} maxLength={11} type="tel" />
          </FormField>
          <FormField field={field('id_number')} label={T.idNumber}>
            <Input placeholder={T.idNumberPlaceholder} {...input('id_number')} maxLength={18} />
          </FormField>
          <DuplicateHint phone={values.phone} idNumber={values.id_number} />
          <FormField field={field('loan_amount')} label={T.loanAmount} required>
            <Input placeholder={T.loanAmountPlaceholder} {...input('loan_amount')} inputMode="decimal" />
          </FormField>
          <FormField field={field('term_months')} label={T.term} required>
            <OptionField
              id={field('term_months').id}
              value={values.term_months}
              options={TERM_OPTIONS}
              onChange={set('term_months')}
              placeholder={T.termPlaceholder}
            />
          </FormField>
          <FormField field={field('bank')} label={T.bank} required>
            <OptionField
              id={field('bank').id}
              value={values.bank}
              options={(banks.data ?? []).map((b) => ({ value: b.name, label: b.name }))}
              onChange={set('bank')}
              placeholder={T.bankPlaceholder}
            />
          </FormField>
          <FormField field={field('remark')} label={T.remark}>
            <TextArea placeholder={T.remarkPlaceholder} {...input('remark')} maxLength={200} autoSize />
          </FormField>
        </List>
        <FormAction type="submit" color="primary" size="large" loading={add.isPending}>
          {T.submit}
        </FormAction>
        <NetworkRetry failure={submit.failure} />
      </PlainForm>
    </div>
  );
}
