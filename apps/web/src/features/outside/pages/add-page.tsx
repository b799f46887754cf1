import { updateOutsideClientRequestSchema, type ReferralDetail } from '@crm/domain/api/outside';
import { DuplicateHint } from '../../../components/duplicate-hint.tsx';
import { fenToYuan } from '@crm/domain/money';
import { Input, List, TextArea } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { OptionField } from '../../../components/option-field.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useIdempotentSubmit } from '../../../lib/use-idempotent-submit.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useProducts } from '../api/partners.ts';
import { useReferral, useSaveReferral } from '../api/referrals.ts';
import { outsideTexts as T } from '../texts.ts';
import { dayOf } from '../../../components/referral-row.tsx';
import { FormAction } from '../../../components/form-action.tsx';

type ReferralValues = {
  name: string;
  phone: string;
  id_number: string;
  amount: string;
  product_id: string;
  remarks: string;
};

const EMPTY: ReferralValues = { name: '', phone: '', id_number: '', amount: '', product_id: '', remarks: '' };

const valuesOf = (referral: ReferralDetail): ReferralValues => ({
  name: referral.name,
  phone: referral.phone,
  id_number: referral.id_number,
  amount: fenToYuan(referral.amount_fen),
  product_id: referral.product_id ? String(referral.product_id) : '',
  remarks: referral.remarks,
});

/** The referral form: checked with the server's schema; a refusal keeps what was typed and says why. */
function ReferralForm({ id, initial }: { id: number | null; initial: ReferralValues }) {
  const navigate = useNavigate();
  const save = useSaveReferral();
  const products = useProducts();
  const form = useSchemaForm({ schema: updateOutsideClientRequestSchema, initial, idPrefix: 'referral' });
  const { values } = form;
  const idempotent = useIdempotentSubmit();

  const submit = async () => {
    if (!form.validate()) return;
    const sent = values;
    await idempotent.run(async (key) => {
      const saved = await save.mutateAsync({ fields: sent, id, key });
      showToast({
        content: `${id ? T.edited : T.saved}，${T.protectedUntil(dayOf(saved.protected_until))}`,
        icon: 'success',
      });
      void navigate(`/outside/detail/${saved.id}`, { replace: true });
    }, form.refuse);
  };

  const text = (field: keyof ReferralValues, label: string, placeholder: string, mode: 'text' | 'tel' | 'decimal') => (
    <FormField field={form.field(field)} label={label} required>
      <Input {...form.input(field)} placeholder={placeholder} inputMode={mode} clearable />
    </FormField>
  );

  return (
    <PlainForm className="referral-form" onSubmit={submit}>
      <List mode="card">
        {text('name', T.clientName, T.clientNamePlaceholder, 'text')}
        {text('phone', T.phone, T.clientPhonePlaceholder, 'tel')}
        {text('id_number', T.idNumber, T.idNumberPlaceholder, 'text')}
        {id === null ? <DuplicateHint phone={values.phone} idNumber={values.id_number} /> : null}
        {text('amount', T.amount, T.amountPlaceholder, 'decimal')}
        <FormField field={form.field('product_id')} label={T.product}>
          <OptionField
            id={form.field('product_id').id}
            value={values.product_id}
            options={(products.data ?? []).map((product) => ({ value: product.id, label: product.name }))}
            onChange={form.set('product_id')}
          />
        </FormField>
        <FormField field={form.field('remarks')} label={T.remarks}>
          <TextArea {...form.input('remarks')} placeholder={T.remarksPlaceholder} maxLength={500} autoSize />
        </FormField>
      </List>
      <FormAction type="submit" color="primary" size="large" loading={save.isPending}>
        {id ? T.saveEdit : T.submit}
      </FormAction>
      <NetworkRetry failure={idempotent.failure} />
    </PlainForm>
  );
}

/** /outside/add (a new referral) and /outside/add?id= (correcting one still protected). */
export function OutsideAddPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const editId = Number.isInteger(id) && id > 0 ? id : null;
  const referral = useReferral(editId ?? 0);
  if (editId === null) {
    return (
      <div className="page">
        <ReferralForm id={null} initial={EMPTY} />
      </div>
    );
  }
  if (!referral.isSuccess) return <QueryFallback query={referral} />;
  return (
    <div className="page">
      <ReferralForm id={editId} initial={valuesOf(referral.data)} />
    </div>
  );
}
