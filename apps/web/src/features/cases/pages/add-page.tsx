import type { ReferralDetail } from '@crm/domain/api/outside';
import { addClient } from '@crm/domain/endpoints/cases';
import { fenToYuan } from '@crm/domain/money';
import { NoticeBar, Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useReferral } from '../api/get-referral.ts';
import { useSaveClient } from '../api/save-client.ts';
import { CaseForm, emptyCaseForm, type CaseFormValues } from '../components/case-form.tsx';
import { casesTexts } from '../texts.ts';

/** The case form filled from a partner's referral: who the client is, the amount and the product. */
const formOfReferral = (referral: ReferralDetail): CaseFormValues => ({
  ...emptyCaseForm(),
  name: referral.name,
  phone: referral.phone,
  id_number: referral.id_number,
  amount: fenToYuan(referral.amount_fen),
  product_id: referral.product_id === null ? '' : String(referral.product_id),
});

/** The case form filled from a matched product (匹配产品 → 用此产品报单, decision 068), or null without one. */
function formOfMatch(params: URLSearchParams): CaseFormValues | null {
  const productId = params.get('product_id');
  if (!productId) return null;
  const field = (name: string) => params.get(name) ?? '';
  return {
    ...emptyCaseForm(),
    product_id: productId,
    bank_id: field('bank_id'),
    amount: field('amount'),
    term: field('term'),
    purpose: field('purpose'),
    fees: field('fees'),
  };
}

const nonEmpty = (values: CaseFormValues): CaseFormValues =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

function referralIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('referral'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /business/add: a new case (POST addClient); on success the case's detail page. With ?referral={id} (转为报单
 * on /business/houseYsb) the form starts from the partner's referral and the case names it (outside_client_id);
 * with ?product_id=… (用此产品报单 on /business/match) from the matched product, its loan and its fees; with both
 * (matching from a referral) the client from the referral and the loan from the match.
 */
export function AddPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const referralId = referralIdOf(params);
  const referral = useReferral(referralId);
  const save = useSaveClient('add');
  const matched = formOfMatch(params);
  const fieldsOf = (values: CaseFormValues) =>
    referralId === null ? values : { ...values, outside_client_id: String(referralId) };
  // From a referral's matching (匹配产品 → 用此产品报单): the client from the referral, the loan from the match.
  const initial = referral.data
    ? { ...formOfReferral(referral.data), ...(matched ? nonEmpty(matched) : {}) }
    : (matched ?? emptyCaseForm());

  if (referralId !== null && referral.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (referralId !== null && referral.isError)
    return <LoadError message={referral.error.message} onRetry={() => void referral.refetch()} />;

  return (
    <div className="page">
      {referral.data ? <NoticeBar content={casesTexts.fromReferral} color="info" /> : null}
      {matched ? (
        <NoticeBar wrap content={casesTexts.form.fromMatch(params.get('product_name') ?? '')} color="info" />
      ) : null}
      <CaseForm
        initial={initial}
        submitText={casesTexts.submit}
        // A draft would cover the matched product with what was typed before; a match starts a fresh form.
        draftName={referralId === null && matched === null ? 'case-add' : null}
        checkDuplicate={referralId === null}
        isSubmitting={save.isPending}
        offline={{
          write: (_key, values) => ({
            path: addClient.path,
            fields: fieldsOf(values),
            label: casesTexts.offlineCase.queuedLabel(values.name ?? ''),
          }),
          onQueued: () => {
            showToast({ content: casesTexts.offlineCase.queued });
            void navigate('/business/list', { replace: true });
          },
        }}
        onSubmit={async (values, key) => {
          const fields = fieldsOf(values);
          const { id, msg } = await save.mutateAsync({ fields, key });
          // The referral is converted now: the partner pages' (feature ysb) cached copies are stale.
          if (referralId !== null) void queryClient.invalidateQueries({ queryKey: ['ysb'] });
          showToast({ content: msg, icon: 'success' });
          void navigate(`/business/detail/${id}`, { replace: true });
        }}
      />
    </div>
  );
}
