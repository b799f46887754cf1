import type { CaseDetail } from '@crm/domain/api/cases';
import { fenToYuan } from '@crm/domain/money';
import { Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { numberTexts, pick } from '../../../lib/form-values.ts';
import { showToast } from '../../../lib/toast.ts';
import { useClientDetailForEdit } from '../api/get-client-detail.ts';
import { useSaveClient } from '../api/save-client.ts';
import { CaseForm, type CaseFormValues } from '../components/case-form.tsx';
import { casesTexts } from '../texts.ts';

function formOf(c: CaseDetail): CaseFormValues {
  return {
    ...pick(c, ['name', 'phone', 'id_number', 'bank_card', 'remarks']),
    ...numberTexts(c, [
      'term',
      'purpose',
      'product_id',
      'bank_id',
      'channel_id',
      'source_id',
      'city_id',
      'sign_user_id',
      'region',
      'marital',
      'education',
      'occupation',
      'employer_type',
    ]),
    amount: fenToYuan(c.amount_fen),
    income: c.income_fen === null ? '' : fenToYuan(c.income_fen),
    need_service: '',
    fees: c.fees.length > 0 ? JSON.stringify(c.fees) : '',
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
