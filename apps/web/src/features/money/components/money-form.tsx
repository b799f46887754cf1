import { formatDay } from '@crm/domain/datetime';
import { moneyFormSchema } from '@crm/domain/api/money';
import { addMoney as addMoneyEndpoint } from '@crm/domain/endpoints/money';
import { CARD_METHODS, REPAYMENT_METHODS } from '@crm/domain/money';
import { Button, DatePicker, Dialog, Input, List, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { CameraButton } from '../../../components/camera-button.tsx';
import { ChoiceField } from '../../../components/choice-field.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { useDraftedSubmit } from '../../../lib/form-draft.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useAddMoney } from '../api/add-money.ts';
import { recognizeCard } from '../api/upload-img.ts';
import { moneyTexts as T } from '../texts.ts';
import { compressImage } from './compress-image.ts';
import { ImageUploader } from './image-uploader.tsx';
import { errorMessage } from './page-states.tsx';
import { useImageUploads } from './use-image-uploads.ts';
import { choiceBinding } from '../../../lib/choice-binding.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';

const toDay = (date: Date) => formatDay(date);
const isCardMethod = (method: number | null) => method !== null && CARD_METHODS.includes(method);
type MoneyValues = { amount: string; paid_on: string; method: number | null; card_no: string; note: string };

const emptyMoney = (): MoneyValues => ({ amount: '', paid_on: toDay(new Date()), method: null, card_no: '', note: '' });

/**
 * Records one repayment. Validated with the server's own schema before sending; the idempotency key is
 * made when the form opens, so a double tap or a retry after a dropped answer records once. A refused
 * submit keeps everything typed. What was typed (not the photos) is kept on the phone with the key until it
 * is sent (decision 058): a closed window or a reload brings it back, and the server answers the first record
 * if that submit had reached it.
 */
export function MoneyForm({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const form = useSchemaForm({
    schema: moneyFormSchema,
    initial: emptyMoney,
    // A card number only counts for the card methods.
    toInput: (values) => ({
      ...values,
      method: values.method ?? undefined,
      card_no: isCardMethod(values.method) ? values.card_no : '',
    }),
    idPrefix: 'money',
    ids: { card_no: 'money-card-no' },
  });
  const { amount, paid_on: paidOn, method, note } = form.values;
  const [error, setError] = useState<string | null>(null);
  const [isPickingDate, setIsPickingDate] = useState(false);
  const uploads = useImageUploads(clientId);
  const add = useAddMoney(clientId);
  const usesCard = isCardMethod(method);
  const idempotent = useDraftedSubmit(`money-add:${clientId}`, form.values, (saved) =>
    form.reset({ ...emptyMoney(), ...saved }),
  );

  const scan = async (file: File) => {
    try {
      const reading = await recognizeCard('bankCard', await compressImage(file));
      const use = await Dialog.confirm({
        title: T.scanResultTitle,
        'aria-label': T.scanResultTitle,
        content: (
          <div>
            <p style={{ fontSize: 20, letterSpacing: 1, margin: '8px 0' }}>{reading.number}</p>
            <p>{T.scanConfidence(Math.round(reading.confidence * 100))}</p>
            {reading.valid ? null : <p style={{ color: 'var(--adm-color-danger)' }}>{T.scanUnchecked}</p>}
          </div>
        ),
        confirmText: T.scanUse,
        cancelText: T.cancel,
      });
      if (use) form.set('card_no')(reading.number);
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  const submit = async () => {
    const checked = form.validate();
    if (!checked) return;
    if (uploads.isBusy) return void showToast({ content: T.imagesBusy });
    if (uploads.hasFailed) return void showToast({ content: T.imagesFailed });
    setError(null);
    // 重试 after a network failure sends these again, under the same key.
    const sent = {
      id: clientId,
      amount,
      paid_on: paidOn,
      method: checked.method,
      card_no: checked.card_no,
      note,
      imgs: uploads.imageIds,
    };
    await idempotent.run(
      async (key) => {
        await add.mutateAsync({ ...sent, key });
        showToast({ icon: 'success', content: T.saved });
        onDone();
      },
      (failure) => {
        setError(errorMessage(failure));
        // Under the field the server names too (issue 39), beside the message above the button.
        form.showRefusalAtField(failure);
        showErrorToast(failure);
      },
      {
        // The key travels in the body on this call (decision 023) as well as in the header.
        write: (key) => ({
          path: addMoneyEndpoint.path,
          fields: { ...sent, imgs: sent.imgs.join(','), key },
          label: T.queuedLabel(amount),
        }),
        onQueued: () => {
          showToast({ content: T.queued });
          onDone();
        },
      },
    );
  };

  return (
    <PlainForm className="money-form" onSubmit={submit}>
      <div className="money-form__title">{T.addMoney}</div>
      <List>
        <FormField field={form.field('amount')} label={T.amountLabel}>
          <Input inputMode="decimal" placeholder={T.amountPlaceholder} {...form.input('amount')} maxLength={16} />
        </FormField>
        <FormField field={form.field('paid_on')} label={T.dateLabel}>
          <button
            type="button"
            id={form.field('paid_on').id}
            className="money-picker-value"
            onClick={() => setIsPickingDate(true)}
          >
            {paidOn}
          </button>
          <DatePicker
            visible={isPickingDate}
            max={new Date()}
            min={new Date(2015, 0, 1)}
            value={new Date(`${paidOn}T00:00:00`)}
            onClose={() => setIsPickingDate(false)}
            onConfirm={(value) => form.set('paid_on')(toDay(value))}
            confirmText={T.confirm}
            cancelText={T.cancel}
          />
        </FormField>
        <ChoiceField {...choiceBinding(form, 'method')} label={T.methodLabel} options={REPAYMENT_METHODS} columns={2} />
        {usesCard ? (
          <FormField field={form.field('card_no')} label={T.cardLabel}>
            <div className="money-field__row">
              <Input inputMode="numeric" placeholder={T.cardPlaceholder} {...form.input('card_no')} maxLength={23} />
              <CameraButton size="small" loadingText={T.scanning} inputLabel={T.scanCard} onFile={scan}>
                {T.scanCard}
              </CameraButton>
            </div>
          </FormField>
        ) : null}
        <FormField field={form.field('note')} label={T.noteLabel}>
          <TextArea placeholder={T.notePlaceholder} {...form.input('note')} maxLength={200} rows={2} />
        </FormField>
      </List>
      <div className="money-field">
        <span className="money-field__label">{T.imagesLabel}</span>
        <ImageUploader uploads={uploads} label={T.imagesLabel} />
      </div>
      {error ? (
        <p className="money-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button block color="primary" type="submit" loading={add.isPending} loadingText={T.submitting}>
        {T.submit}
      </Button>
      <NetworkRetry failure={idempotent.failure} />
    </PlainForm>
  );
}
