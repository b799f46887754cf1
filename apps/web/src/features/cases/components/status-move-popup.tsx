import { CASE_STATUS, CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { REJECT_REASONS } from '@crm/domain/options';
import { Button, Form, Popup, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { casesTexts } from '../texts.ts';

const T = casesTexts.detail;

export type StatusMovePopupProps = {
  move: { to: number; needs_reason: boolean } | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (reasonCode: number | undefined, reason: string) => void;
};

/** Confirms one status move; a rejection asks one of the 16 reasons, other reasoned moves a text. */
export function StatusMovePopup({ move, isSubmitting, onClose, onConfirm }: StatusMovePopupProps) {
  const [reasonCode, setReasonCode] = useState<number | undefined>(undefined);
  const [reason, setReason] = useState('');
  const isRejection = move?.to === CASE_STATUS.SIGNING_FAILED || move?.to === CASE_STATUS.REJECTED;
  const label = move && isCaseStatus(move.to) ? CASE_STATUS_LABELS[move.to] : '';
  return (
    <Popup visible={move !== null} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, maxHeight: '80vh', overflowY: 'auto' }}>
      <Form layout="vertical">
        <Form.Header>{T.moveTo(label)}</Form.Header>
        {isRejection ? (
          <Form.Item label={T.rejectReasonPick} required>
            <Selector
              columns={2}
              options={REJECT_REASONS.map((option) => ({ label: option.label, value: option.value }))}
              value={reasonCode ? [reasonCode] : []}
              onChange={(values) => setReasonCode(values[0])}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={T.reasonLabel} required={move?.needs_reason && !isRejection}>
          <TextArea id="move-reason" value={reason} onChange={setReason} placeholder={T.reasonPlaceholder} maxLength={200} autoSize />
        </Form.Item>
      </Form>
      <div className="form-actions">
        <Button block color="primary" loading={isSubmitting} onClick={() => onConfirm(reasonCode, reason.trim())}>
          {casesTexts.confirm}
        </Button>
        <Button block onClick={onClose}>
          {casesTexts.cancel}
        </Button>
      </div>
    </Popup>
  );
}
