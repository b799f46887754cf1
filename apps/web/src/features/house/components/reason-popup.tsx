import { Button, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { houseTexts as t } from '../texts.ts';

export type ReasonPopupProps = {
  visible: boolean;
  title: string;
  actions: { label: string; color: 'primary' | 'danger'; onPress: (reason: string) => Promise<boolean> }[];
  onClose: () => void;
};

/** A bottom sheet asking for a reason before a decision; what was typed stays if the decision fails. */
export function ReasonPopup({ visible, title, actions, onClose }: ReasonPopupProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ padding: 16, borderTopLeftRadius: 8, borderTopRightRadius: 8 }}>
      {/* antd-mobile's TextArea gives aria-* to its wrapper and only `id` to the <textarea>: a label names it. */}
      <h3>
        <label htmlFor="decision-reason">{title}</label>
      </h3>
      <TextArea id="decision-reason" placeholder={t.reasonPlaceholder} value={reason} onChange={setReason} maxLength={200} rows={3} />
      <div className="house-actions">
        {actions.map((action) => (
          <Button
            key={action.label}
            color={action.color}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void action.onPress(reason).then((done) => {
                setBusy(false);
                if (done) {
                  setReason('');
                  onClose();
                }
              });
            }}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </Popup>
  );
}
