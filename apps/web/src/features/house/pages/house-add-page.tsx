import { HOUSE_PRODUCTS, HOUSE_TERMS, houseClientFormSchema } from '@crm/domain/house';
import { Button, Input, List, Picker, Radio, Space, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { useAddHouseClient } from '../api/add-house-client.ts';
import { useChannelList } from '../api/house-channels.ts';
import { Field } from '../components/field.tsx';
import { useSchemaForm } from '../components/use-schema-form.ts';
import { houseTexts as t } from '../texts.ts';
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

const EMPTY: Values = { name: '', phone: '', id_number: '', loan_amount: '', term_months: null, bank: '', product: 'mortgage', channel_id: null, referrer_id: '', remark: '' };

/** /business/houseAdd: take in a home-loan client, from a channel or not. Checked with the server's schema. */
export function HouseAddPage() {
  const navigate = useNavigate();
  // Opened from a channel's page (?channel=ID): the client comes from that channel.
  const [search] = useSearchParams();
  const { values, errors, set, validate } = useSchemaForm<Values>(() => ({ ...EMPTY, channel_id: Number(search.get('channel')) || null }));
  const [pickTerm, setPickTerm] = useState(false);
  const [pickChannel, setPickChannel] = useState(false);
  const channels = useChannelList({});
  const add = useAddHouseClient();

  const submit = async () => {
    const fields = { ...values, term_months: values.term_months ?? '', channel_id: values.channel_id ?? '', referrer_id: values.referrer_id };
    if (!validate(houseClientFormSchema, fields)) return;
    try {
      const id = await add.mutateAsync(fields);
      showToast({ content: t.saved, icon: 'success' });
      void navigate(`/business/houseDetail/0/${id}`, { replace: true });
    } catch (error) {
      // What was typed stays: the state is untouched.
      showToast({ content: error instanceof Error ? error.message : String(error) });
    }
  };

  const channelName = channels.items.find((c) => c.id === values.channel_id)?.name ?? t.channelNone;

  return (
    <div>
      <List header={t.addClient}>
        <Field label={t.name} error={errors.name}>
          <Input placeholder={t.namePlaceholder} value={values.name} onChange={set('name')} maxLength={30} />
        </Field>
        <Field label={t.phone} error={errors.phone}>
          <Input placeholder={t.phonePlaceholder} value={values.phone} onChange={set('phone')} maxLength={11} type="tel" />
        </Field>
        <Field label={t.idNumber} error={errors.id_number}>
          <Input placeholder={t.idNumberPlaceholder} value={values.id_number} onChange={set('id_number')} maxLength={18} />
        </Field>
        <Field label={t.loanAmount} error={errors.loan_amount}>
          <Input placeholder={t.loanAmountPlaceholder} value={values.loan_amount} onChange={set('loan_amount')} inputMode="decimal" />
        </Field>
        <Field label={t.term} error={errors.term_months} onClick={() => setPickTerm(true)}>
          <span id="house-term">{values.term_months ? t.months(values.term_months) : t.termPlaceholder}</span>
        </Field>
        <Field label={t.bank} error={errors.bank}>
          <Input placeholder={t.bankPlaceholder} value={values.bank} onChange={set('bank')} maxLength={50} />
        </Field>
        <Field label={t.product}>
          <Radio.Group value={values.product} onChange={(v) => set('product')(v as Values['product'])}>
            <Space>
              {HOUSE_PRODUCTS.map((p) => (
                <Radio key={p.value} value={p.value}>
                  {p.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Field>
        <Field label={t.channel} error={errors.channel_id} onClick={() => setPickChannel(true)}>
          <span id="house-channel">{channelName}</span>
        </Field>
        <Field label={t.referrer} error={errors.referrer_id}>
          <Input placeholder={t.referrerPlaceholder} value={values.referrer_id} onChange={set('referrer_id')} inputMode="numeric" />
        </Field>
        <Field label={t.remark} error={errors.remark}>
          <TextArea placeholder={t.remarkPlaceholder} value={values.remark} onChange={set('remark')} maxLength={200} autoSize />
        </Field>
      </List>
      <div className="house-actions">
        <Button color="primary" block loading={add.isPending} onClick={() => void submit()}>
          {t.submit}
        </Button>
      </div>
      <Picker
        visible={pickTerm}
        onClose={() => setPickTerm(false)}
        columns={[HOUSE_TERMS.map((m) => ({ label: t.months(m), value: m }))]}
        value={[values.term_months ?? 240]}
        onConfirm={(v) => set('term_months')(Number(v[0]))}
        confirmText={t.confirm}
        cancelText={t.cancel}
      />
      <Picker
        visible={pickChannel}
        onClose={() => setPickChannel(false)}
        columns={[[{ label: t.channelNone, value: 0 }, ...channels.items.map((c) => ({ label: c.name, value: c.id }))]]}
        value={[values.channel_id ?? 0]}
        onConfirm={(v) => set('channel_id')(Number(v[0]) || null)}
        confirmText={t.confirm}
        cancelText={t.cancel}
      />
    </div>
  );
}
