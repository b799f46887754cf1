import { followUpFormSchema } from '@crm/domain/api/cases';
import { Button, DatePicker, Form, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
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
  const [note, setNote] = useState('');
  const [nextAt, setNextAt] = useState<Date>(tomorrowAtTen);
  const [error, setError] = useState<string | undefined>(undefined);

  const pickTime = async () => {
    const picked = await DatePicker.prompt({ precision: 'minute', defaultValue: nextAt, min: new Date(), confirmText: casesTexts.confirm, cancelText: casesTexts.cancel });
    if (picked) setNextAt(picked);
  };

  const submit = async () => {
    const input = { client_id: String(clientId), note, next_contact_at: nextAt.toISOString() };
    const parsed = followUpFormSchema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      setError(message);
      showToast({ content: message, icon: 'fail' });
      return;
    }
    try {
      showToast({ content: await add.mutateAsync(input), icon: 'success' });
      void navigate(`/business/pendingDetail/${clientId}`, { replace: true });
    } catch (failure) {
      showToast({ content: failure instanceof Error ? failure.message : String(failure), icon: 'fail' });
    }
  };

  return (
    <div className="page">
      <Form layout="vertical" mode="card">
        <Form.Item label={T.note} required description={error ? <span className="field-error" role="alert">{error}</span> : undefined}>
          <TextArea id="follow-up-note" value={note} onChange={(value) => { setNote(value); setError(undefined); }} placeholder={T.notePlaceholder} maxLength={500} rows={4} />
        </Form.Item>
        <Form.Item label={T.nextContactPick} required onClick={() => void pickTime()} arrowIcon>
          {nextAt.toLocaleString('zh-CN', { dateStyle: 'medium', timeStyle: 'short' })}
        </Form.Item>
      </Form>
      <div className="form-actions">
        <Button block color="primary" size="large" loading={add.isPending} onClick={() => void submit()}>
          {casesTexts.save}
        </Button>
      </div>
    </div>
  );
}
