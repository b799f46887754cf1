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
      <h3>{title}</h3>
      <TextArea placeholder={t.reasonPlaceholder} value={reason} onChange={setReason} maxLength={200} rows={3} aria-label={t.reason} />
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
