import { HOUSE_PRODUCTS, HOUSE_TERMS, houseClientFormSchema } from '@crm/domain/house';
import { DuplicateHint } from '../../../components/duplicate-hint.tsx';
import { Picker, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAddHouseClient } from '../api/add-house-client.ts';
import { ChannelField, useChannelParam } from '../components/channel-field.tsx';
import { houseDetailPath } from '../components/client-list.tsx';
import { ReferrerField } from '../components/referrer-field.tsx';
import { houseTexts as t } from '../texts.ts';
import { HouseAddForm, HouseInput, NameField, PhoneField, RemarkField } from '../components/house-form.tsx';
import '../components/house.css';

type Values = {
  name: string;
  phone: string;
  id_number: string;
  loan_amount: string;
  term_months: number | null;
  bank: string;
  product: 'mortgage' | 'card';
  channel_id: number | null;
  referrer_id: string;
  remark: string;
};

const EMPTY: Values = {
  name: '',
  phone: '',
  id_number: '',
  loan_amount: '',
  term_months: null,
  bank: '',
  product: 'mortgage',
  channel_id: null,
  referrer_id: '',
  remark: '',
};

// The term picker's null goes to the server (and its schema) as an empty field; a channel's null is sent as
// 'null', the server's "none", as by every form's channel row.
const toFields = (values: Values) => ({ ...values, term_months: values.term_months ?? '' });

/** /business/houseAdd: take in a home-loan client, from a channel or not. Checked with the server's schema. */
export function HouseAddPage() {
  const navigate = useNavigate();
  // Opened from a channel's page (?channel=ID): the client comes from that channel.
  const channelParam = useChannelParam();
  const form = useSchemaForm({
    schema: houseClientFormSchema,
    initial: (): Values => ({ ...EMPTY, channel_id: channelParam }),
    toInput: toFields,
    idPrefix: 'house',
    ids: { term_months: 'house-term', channel_id: 'house-channel' },
  });
  const { values, set, field } = form;
  const [pickTerm, setPickTerm] = useState(false);
  const add = useAddHouseClient();

  return (
    <div>
      <HouseAddForm
        title={t.addClient}
        form={form}
        send={(key) => add.mutateAsync({ fields: toFields(values), key })}
        pending={add.isPending}
        onSaved={(id) => void navigate(houseDetailPath(id), { replace: true })}
        block
        // A client being taken in survives a closed window or a reload (decision 058); not one from a channel's page.
        draft={
          channelParam === null
            ? { name: 'house-add', values, restore: (saved) => form.reset({ ...EMPTY, ...saved }) }
            : undefined
        }
      >
        <NameField form={form} />
        <PhoneField form={form} />
        <HouseInput form={form} name="id_number" text="idNumber" maxLength={18} />
        <DuplicateHint phone={values.phone} idNumber={values.id_number} />
        <HouseInput form={form} name="loan_amount" text="loanAmount" inputMode="decimal" />
        <FormField field={field('term_months')} label={t.term} onClick={() => setPickTerm(true)}>
          {/* Named by the row's label and its own text (贷款期限 240个月), so what a person sees is what a screen
              reader or a voice command names; the row's tap opens the sheet, Enter or Space does from the keyboard. */}
          <span
            id={field('term_months').id}
            role="button"
            tabIndex={0}
            aria-labelledby={`${field('term_months').labelId} ${field('term_months').id}`}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              setPickTerm(true);
            }}
          >
            {values.term_months ? t.months(values.term_months) : t.termPlaceholder}
          </span>
        </FormField>
        <HouseInput form={form} name="bank" text="bank" maxLength={50} />
        <FormField field={field('product')} label={t.product}>
          <div role="radiogroup" aria-labelledby={field('product').labelId}>
            <Radio.Group value={values.product} onChange={(v) => set('product')(v as Values['product'])}>
              <Space>
                {HOUSE_PRODUCTS.map((p) => (
                  <Radio key={p.value} value={p.value}>
                    {p.label}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </div>
        </FormField>
        <ChannelField form={form} />
        <ReferrerField form={form} />
        <RemarkField form={form} />
      </HouseAddForm>
      <Picker
        visible={pickTerm}
        onClose={() => setPickTerm(false)}
        columns={[HOUSE_TERMS.map((m) => ({ label: t.months(m), value: m }))]}
        value={[values.term_months ?? 240]}
        onConfirm={(v) => set('term_months')(Number(v[0]))}
        confirmText={t.confirm}
        cancelText={t.cancel}
      />
    </div>
  );
}
