import { formatDateTime } from '@crm/domain/datetime';
import { mortgageUser } from '@crm/domain/endpoints/cases';
import { followUpFormSchema } from '@crm/domain/api/cases';
import { Button, DatePicker, List, TextArea } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useIdempotentSubmit } from '../../../lib/use-idempotent-submit.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAddFollowUp } from '../api/add-follow-up.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.pending;

/** Tomorrow at 10:00, the usual next call. */
function tomorrowAtTen(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(10, 0, 0, 0);
  return date;
}

/** /business/pendingAdd/:id: a follow-up note and the next contact time (POST mortgageUser). */
export function PendingAddPage() {
  const clientId = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const add = useAddFollowUp();
  const form = useSchemaForm({
    schema: followUpFormSchema,
    initial: () => ({ note: '', next_contact_at: tomorrowAtTen() }),
    toInput: ({ note, next_contact_at }) => ({
      client_id: String(clientId),
      note,
      next_contact_at: next_contact_at.toISOString(),
    }),
    idPrefix: 'follow-up',
  });
  const nextAt = form.values.next_contact_at;

  const pickTime = async () => {
    const picked = await DatePicker.prompt({
      precision: 'minute',
      defaultValue: nextAt,
      min: new Date(),
      confirmText: casesTexts.confirm,
      cancelText: casesTexts.cancel,
    });
    if (picked) form.set('next_contact_at')(picked);
  };

  const idempotent = useIdempotentSubmit();
  const submit = async () => {
    if (!form.validate()) return;
    const fields = { client_id: String(clientId), note: form.values.note, next_contact_at: nextAt.toISOString() };
    const leave = () => void navigate(`/business/pendingDetail/${clientId}`, { replace: true });
    await idempotent.run(
      async (key) => {
        showToast({ content: await add.mutateAsync({ fields, key }), icon: 'success' });
        leave();
      },
      form.refuse,
      {
        write: () => ({ path: mortgageUser.path, fields, label: T.queuedLabel(fields.note) }),
        onQueued: () => {
          showToast({ content: T.queued });
          leave();
        },
      },
    );
  };

  return (
    <div className="page">
      <List mode="card">
        <FormField field={form.field('note')} label={T.note} required>
          <TextArea {...form.input('note')} placeholder={T.notePlaceholder} maxLength={500} rows={4} />
        </FormField>
        <FormField
          field={form.field('next_contact_at')}
          label={T.nextContactPick}
          required
          onClick={() => void pickTime()}
        >
          <span
            id={form.field('next_contact_at').id}
            role="button"
            aria-labelledby={form.field('next_contact_at').labelId}
          >
            {formatDateTime(nextAt)}
          </span>
        </FormField>
      </List>
      <div className="form-actions">
        <Button block color="primary" size="large" loading={add.isPending} onClick={() => void submit()}>
          {casesTexts.save}
        </Button>
      </div>
      <NetworkRetry failure={idempotent.failure} />
    </div>
  );
}
