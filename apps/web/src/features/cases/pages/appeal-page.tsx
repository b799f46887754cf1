import { addAppealRequestSchema, type AppealItem } from '@crm/domain/api/cases';
import { List, Tag, TextArea } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useIdempotentSubmit } from '../../../lib/use-idempotent-submit.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAddAppeal } from '../api/add-appeal.ts';
import { useAppeals } from '../api/get-appeals.ts';
import { casesTexts } from '../texts.ts';
import { FormSubmit } from '../components/form-submit.tsx';

const T = casesTexts.appeal;
const COLORS = { open: 'warning', approved: 'success', refused: 'danger' } as const;

/** /business/appeal: my appeals and, with ?client_id=, a new one for that case (POST addAppeal, GET appeal). */
export function AppealPage() {
  const [params] = useSearchParams();
  const clientId = params.get('client_id') ?? '';
  const navigate = useNavigate();
  const list = useAppeals();
  const add = useAddAppeal();
  const form = useSchemaForm({
    schema: addAppealRequestSchema,
    initial: { reason: '' },
    toInput: ({ reason }) => ({ client_id: clientId, reason }),
    idPrefix: 'appeal',
  });

  const idempotent = useIdempotentSubmit();
  const submit = async () => {
    if (!form.validate()) return;
    const fields = { client_id: clientId, reason: form.values.reason };
    await idempotent.run(async (key) => {
      showToast({ content: await add.mutateAsync({ fields, key }), icon: 'success' });
      form.reset({ reason: '' });
      void navigate('/business/appeal', { replace: true });
    }, form.refuse);
  };

  return (
    <div className="page">
      {clientId ? (
        <>
          <List mode="card" header={T.newTitle}>
            <FormField field={form.field('reason')} label={T.reason} required>
              <TextArea {...form.input('reason')} placeholder={T.reasonPlaceholder} maxLength={200} rows={3} />
            </FormField>
          </List>
          <FormSubmit loading={add.isPending} onSubmit={submit}>
            {casesTexts.submit}
          </FormSubmit>
          <NetworkRetry failure={idempotent.failure} />
        </>
      ) : null}
      <div className="section-title">{T.mine}</div>
      <PagedList<AppealItem>
        list={list}
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
