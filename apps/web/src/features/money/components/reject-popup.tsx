import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useRejectProof } from '../api/proof-mutations.ts';
import { moneyTexts as T } from '../texts.ts';
import { errorMessage } from './page-states.tsx';

/** The reason a team leader or customer service gives when rejecting a proof. Kept if the call fails. */
export function RejectPopup({ proofId, onClose }: { proofId: number | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reject = useRejectProof();
  const submit = async () => {
    if (proofId === null) return;
    try {
      const result = await reject.mutateAsync({ id: proofId, reason });
      Toast.show({ icon: 'success', content: T.statusRejected });
      setReason('');
      onClose();
      return result;
    } catch (error) {
      Toast.show({ content: errorMessage(error) });
      return undefined;
    }
  };
  return (
    <Popup visible={proofId !== null} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
      <div className="money-form">
        {/* antd-mobile's TextArea gives aria-* to its wrapper and only `id` to the <textarea>: a label names it. */}
        <label className="money-form__title" htmlFor="proof-reject-reason">
          {T.rejectTitle}
        </label>
        <TextArea id="proof-reject-reason" placeholder={T.rejectPlaceholder} value={reason} onChange={setReason} maxLength={200} showCount rows={3} />
        <Button block color="danger" loading={reject.isPending} onClick={() => void submit()}>
          {T.rejectProof}
        </Button>
      </div>
    </Popup>
  );
}
