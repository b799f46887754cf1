import { CASE_STATUS, CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { REJECT_REASONS } from '@crm/domain/options';
import { updateClientStatusRequestSchema } from '@crm/domain/api/cases';
import { CASE_MESSAGES } from '@crm/domain/cases';
import { Button, List, Popup, TextArea } from 'antd-mobile';
import { ChoiceField } from '../../../components/choice-field.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.detail;
// The popup asks only the reason part of the server's request; the page adds the case and the status.
const moveReasonSchema = updateClientStatusRequestSchema.pick({ reason_code: true, reason: true });

/**
 * The server's rule of a move that needs a reason (cases.service updateClientStatus), checked here too so
 * an empty one keeps the sheet open with the message under its field rather than only a toast.
 */
const reasonSchemaOf = (needsReason: boolean, isRejection: boolean) =>
  moveReasonSchema.superRefine((value, ctx) => {
    if (!needsReason) return;
    if (isRejection && value.reason_code === null) {
      ctx.addIssue({ code: 'custom', path: ['reason_code'], message: CASE_MESSAGES.rejectReasonRequired });
    }
    if (!isRejection && value.reason.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: CASE_MESSAGES.reasonRequired });
    }
  });

export type StatusMovePopupProps = {
  move: { to: number; needs_reason: boolean } | null;
  isSubmitting: boolean;
  onClose: () => void;
  onConfirm: (reasonCode: number | undefined, reason: string) => void;
};

/** Confirms one status move; a rejection asks one of the 16 reasons, other reasoned moves a text. */
export function StatusMovePopup({ move, isSubmitting, onClose, onConfirm }: StatusMovePopupProps) {
  const isRejection = move?.to === CASE_STATUS.SIGNING_FAILED || move?.to === CASE_STATUS.REJECTED;
  const form = useSchemaForm({
    schema: reasonSchemaOf(move?.needs_reason === true, isRejection),
    initial: { reason_code: undefined as number | undefined, reason: '' },
    toInput: ({ reason_code, reason }) => ({ reason_code: reason_code ?? '', reason }),
    idPrefix: 'move',
  });
  const { reason_code: reasonCode, reason } = form.values;
  const confirm = () => {
    if (form.validate()) onConfirm(reasonCode, reason.trim());
  };
  const label = move && isCaseStatus(move.to) ? CASE_STATUS_LABELS[move.to] : '';
  return (
    <Popup
      visible={move !== null}
      onMaskClick={onClose}
      bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, maxHeight: '80vh', overflowY: 'auto' }}
    >
      <List header={T.moveTo(label)}>
        {isRejection ? (
          <ChoiceField
            field={form.field('reason_code')}
            label={T.rejectReasonPick}
            options={REJECT_REASONS}
            value={reasonCode}
            onChange={(code) => form.set('reason_code')(code ?? undefined)}
            columns={2}
            required
          />
        ) : null}
        <FormField
          field={form.field('reason')}
          label={T.reasonLabel}
          required={move?.needs_reason === true && !isRejection}
        >
          <TextArea {...form.input('reason')} placeholder={T.reasonPlaceholder} maxLength={200} autoSize />
        </FormField>
      </List>
      <div className="form-actions">
        <Button block color="primary" loading={isSubmitting} onClick={confirm}>
          {casesTexts.confirm}
        </Button>
        <Button block onClick={onClose}>
          {casesTexts.cancel}
        </Button>
      </div>
    </Popup>
  );
}
