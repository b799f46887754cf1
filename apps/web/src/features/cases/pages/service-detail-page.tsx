import { serviceTransferRequestSchema } from '@crm/domain/api/cases';
import { ErrorBlock, Input, List, Skeleton } from 'antd-mobile';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { OptionField } from '../../../components/option-field.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useServiceRequest } from '../api/get-service.ts';
import { useServiceTransfer } from '../api/service-transfer.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { casesTexts } from '../texts.ts';
import { FormSubmit } from '../components/form-submit.tsx';

const T = casesTexts.service;

/** /business/service_detail/:id: one request for help, and its transfer to another salesperson. */
export function ServiceDetailPage() {
  const id = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const query = useServiceRequest(id);
  const transfer = useServiceTransfer();
  const form = useSchemaForm({
    schema: serviceTransferRequestSchema,
    initial: { to_staff_id: '', reason: '' },
    toInput: (values) => ({ id: String(id), ...values }),
    idPrefix: 'transfer',
    ids: { to_staff_id: 'transfer-staff' },
  });

  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (query.isError)
    return (
      <LoadError title={casesTexts.loadFailed} message={query.error.message} onRetry={() => void query.refetch()} />
    );
  const item = query.data.list[0];
  if (!item) return <ErrorBlock status="empty" title={casesTexts.empty} description="" />;

  const submit = async () => {
    if (!form.validate()) return;
    const input = { id: String(item.id), ...form.values };
    try {
      showToast({ content: await transfer.mutateAsync(input), icon: 'success' });
      void navigate('/business/service', { replace: true });
    } catch (error) {
      form.refuse(error);
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
        <List.Item extra={T.statusLabels[item.status] ?? item.status}>{T.status}</List.Item>
        {item.transfer_reason ? <List.Item extra={item.transfer_reason}>{T.reason}</List.Item> : null}
      </List>
      {item.status === 'open' ? (
        <>
          <List mode="card" header={T.transfer}>
            <FormField field={form.field('to_staff_id')} label={T.toStaff} required>
              <OptionField
                id={form.field('to_staff_id').id}
                value={form.values.to_staff_id}
                options={query.data.staff_options
                  .filter((person) => person.id !== item.owner_id)
                  .map((person) => ({ value: person.id, label: person.name }))}
                onChange={form.set('to_staff_id')}
              />
            </FormField>
            <FormField field={form.field('reason')} label={T.reason} required>
              <Input {...form.input('reason')} placeholder={T.reasonPlaceholder} maxLength={200} />
            </FormField>
          </List>
          <FormSubmit loading={transfer.isPending} onSubmit={submit}>
            {T.transfer}
          </FormSubmit>
        </>
      ) : null}
    </div>
  );
}
