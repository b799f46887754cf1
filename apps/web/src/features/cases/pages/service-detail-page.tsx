import { serviceTransferRequestSchema } from '@crm/domain/api/cases';
import { Button, ErrorBlock, Form, Input, List, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { OptionField } from '../../../components/option-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useServiceRequest } from '../api/get-service.ts';
import { useServiceTransfer } from '../api/service-transfer.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { casesTexts } from '../texts.ts';

const T = casesTexts.service;

/** /business/service_detail/:id: one request for help, and its transfer to another salesperson. */
export function ServiceDetailPage() {
  const id = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const query = useServiceRequest(id);
  const transfer = useServiceTransfer();
  const [toStaff, setToStaff] = useState('');
  const [reason, setReason] = useState('');

  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (query.isError) return <ErrorBlock status="default" title={casesTexts.loadFailed} description={query.error.message} />;
  const item = query.data.list[0];
  if (!item) return <ErrorBlock status="empty" title={casesTexts.empty} description="" />;

  const submit = async () => {
    const input = { id: String(item.id), to_staff_id: toStaff, reason };
    const parsed = serviceTransferRequestSchema.safeParse(input);
    if (!parsed.success) {
      showToast({ content: parsed.error.issues[0]?.message ?? '', icon: 'fail' });
      return;
    }
    try {
      showToast({ content: await transfer.mutateAsync(input), icon: 'success' });
      void navigate('/business/service', { replace: true });
    } catch (error) {
      showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
    }
  };

  return (
    <div className="page">
      <List>
        <List.Item extra={<StatusTag status={item.client_status} />}>
          <Link to={`/business/detail/${item.client_id}`}>{item.client_name}</Link>
        </List.Item>
        <List.Item extra={item.phone}>{casesTexts.detail.fields.phone}</List.Item>
        <List.Item extra={item.owner_name}>{T.owner}</List.Item>
        <List.Item extra={T.statusLabels[item.status] ?? item.status}>{casesTexts.list.all}</List.Item>
        {item.transfer_reason ? <List.Item extra={item.transfer_reason}>{T.reason}</List.Item> : null}
      </List>
      {item.status === 'open' ? (
        <>
          <Form layout="horizontal" mode="card">
            <Form.Header>{T.transfer}</Form.Header>
            <Form.Item label={T.toStaff} required>
              <OptionField
                id="transfer-staff"
                value={toStaff}
                options={query.data.staff_options.filter((person) => person.id !== item.owner_id).map((person) => ({ value: person.id, label: person.name }))}
                onChange={setToStaff}
              />
            </Form.Item>
            <Form.Item label={T.reason} required>
              <Input id="transfer-reason" value={reason} onChange={setReason} placeholder={T.reasonPlaceholder} maxLength={200} />
            </Form.Item>
          </Form>
          <div className="form-actions">
            <Button block color="primary" loading={transfer.isPending} onClick={() => void submit()}>
              {T.transfer}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
