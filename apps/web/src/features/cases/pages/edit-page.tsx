import type { CaseDetail } from '@crm/domain/api/cases';
import { fenToYuan } from '@crm/domain/money';
import { Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useClientDetailForEdit } from '../api/get-client-detail.ts';
import { useSaveClient } from '../api/save-client.ts';
import { CaseForm, type CaseFormValues } from '../components/case-form.tsx';
import { casesTexts } from '../texts.ts';

const s = (value: number | null) => (value === null ? '' : String(value));

function formOf(c: CaseDetail): CaseFormValues {
  return {
    name: c.name,
    phone: c.phone,
    id_number: c.id_number,
    bank_card: c.bank_card,
    amount: fenToYuan(c.amount_fen),
    term: String(c.term),
    purpose: s(c.purpose),
    product_id: s(c.product_id),
    bank_id: s(c.bank_id),
    channel_id: s(c.channel_id),
    source_id: s(c.source_id),
    city_id: s(c.city_id),
    sign_user_id: s(c.sign_user_id),
    region: s(c.region),
    marital: s(c.marital),
    education: s(c.education),
    occupation: s(c.occupation),
    employer_type: s(c.employer_type),
    income: c.income_fen === null ? '' : fenToYuan(c.income_fen),
    remarks: c.remarks,
    need_service: '',
  };
}

/**
 * /business/edit?id=: correct a case (POST updateClient); with &resubmit=1, a signing rejection corrected
 * and sent back to signing (POST updateClientReject).
 */
export function EditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const mode = params.get('resubmit') === '1' ? 'resubmit' : 'edit';
  const navigate = useNavigate();
  const detail = useClientDetailForEdit(id);
  const save = useSaveClient(mode, id);
  if (detail.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (detail.isError)
    return (
      <LoadError title={casesTexts.loadFailed} message={detail.error.message} onRetry={() => void detail.refetch()} />
    );
  return (
    <div className="page">
      {mode === 'resubmit' && detail.data.reject_note ? (
        <div className="section-title">{`${casesTexts.detail.rejectReason}：${detail.data.reject_note}`}</div>
      ) : null}
      <CaseForm
        initial={formOf(detail.data)}
        submitText={mode === 'resubmit' ? casesTexts.resubmit : casesTexts.save}
        isSubmitting={save.isPending}
        onSubmit={async (values) => {
          const { msg } = await save.mutateAsync({ fields: values });
          showToast({ content: msg, icon: 'success' });
          void navigate(`/business/detail/${id}`, { replace: true });
        }}
      />
    </div>
  );
}
