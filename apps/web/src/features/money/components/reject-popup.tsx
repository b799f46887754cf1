import { rejectProofRequestSchema } from '@crm/domain/api/money';
import { Button, List, Popup, TextArea } from 'antd-mobile';
import { FormField } from '../../../components/form-field.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRejectProof } from '../api/proof-mutations.ts';
import { moneyTexts as T } from '../texts.ts';

/** The reason a team leader or customer service gives when rejecting a proof. Kept if the call fails. */
export function RejectPopup({ proofId, onClose }: { proofId: number | null; onClose: () => void }) {
  const form = useSchemaForm({
    schema: rejectProofRequestSchema,
    initial: { reason: '' },
    toInput: ({ reason }) => ({ id: proofId ?? 0, reason }),
    idPrefix: 'proof-reject',
  });
  const reject = useRejectProof();
  const submit = async () => {
    if (proofId === null || !form.validate()) return;
    try {
      const result = await reject.mutateAsync({ id: proofId, reason: form.values.reason });
      showToast({ icon: 'success', content: T.statusRejected });
      form.reset({ reason: '' });
      onClose();
      return result;
    } catch (error) {
      showErrorToast(error);
      return undefined;
    }
  };
  return (
    <Popup
      visible={proofId !== null}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="money-form">
        <List header={T.rejectTitle}>
          <FormField field={form.field('reason')} label={T.rejectReasonLabel}>
            <TextArea placeholder={T.rejectPlaceholder} {...form.input('reason')} maxLength={200} showCount rows={3} />
          </FormField>
        </List>
        <Button block color="danger" loading={reject.isPending} onClick={() => void submit()}>
          {T.rejectProof}
        </Button>
      </div>
    </Popup>
  );
}
