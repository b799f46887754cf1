import { addAppealRequestSchema, type AppealItem } from '@crm/domain/api/cases';
import { Button, Form, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useAddAppeal } from '../api/add-appeal.ts';
import { useAppeals } from '../api/get-appeals.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.appeal;
const COLORS = { open: 'warning', approved: 'success', refused: 'danger' } as const;

/** /business/appeal: my appeals and, with ?client_id=, a new one for that case (POST addAppeal, GET appeal). */
export function AppealPage() {
  const [params] = useSearchParams();
  const clientId = params.get('client_id') ?? '';
  const navigate = useNavigate();
  const list = useAppeals();
  const add = useAddAppeal();
  const [reason, setReason] = useState('');

  const submit = async () => {
    const input = { client_id: clientId, reason };
    const parsed = addAppealRequestSchema.safeParse(input);
    if (!parsed.success) {
      showToast({ content: parsed.error.issues[0]?.message ?? '', icon: 'fail' });
      return;
    }
    try {
      showToast({ content: await add.mutateAsync(input), icon: 'success' });
      setReason('');
      void navigate('/business/appeal', { replace: true });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };

  return (
    <div className="page">
      {clientId ? (
        <>
          <Form layout="vertical" mode="card">
            <Form.Header>{T.newTitle}</Form.Header>
            <Form.Item label={T.reason} required>
              <TextArea id="appeal-reason" value={reason} onChange={setReason} placeholder={T.reasonPlaceholder} maxLength={200} rows={3} />
            </Form.Item>
          </Form>
          <div className="form-actions">
            <Button block color="primary" loading={add.isPending} onClick={() => void submit()}>
              {casesTexts.submit}
            </Button>
          </div>
        </>
      ) : null}
      <div className="section-title">{T.mine}</div>
      <PagedList<AppealItem>
        list={list}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <Link className="case-row" to={`/business/detail/${item.client_id}`}>
            <div className="case-row__top">
              <span>{item.client_name}</span>
              <Tag color={COLORS[item.status]}>{T.statusLabels[item.status]}</Tag>
            </div>
            <div className="case-row__sub">{item.reason}</div>
            {item.decision_reason ? (
              <div className="case-row__sub">
                {T.decision}：{item.decision_reason}
              </div>
            ) : null}
          </Link>
        )}
      />
    </div>
  );
}
