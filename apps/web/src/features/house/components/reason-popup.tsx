import { updateHouseAuditRequestSchema } from '@crm/domain/api/house';
import { Button, List, Popup, TextArea } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { houseTexts as t } from '../texts.ts';

export type AuditDecision = 'approve' | 'reject';

export type ReasonPopupProps = {
  /** The audit decided on, or null when the sheet is closed. */
  auditId: number | null;
  title: string;
  actions: {
    label: string;
    color: 'primary' | 'danger';
    decision: AuditDecision;
    onPress: (reason: string) => Promise<boolean>;
  }[];
  onClose: () => void;
  /** What is being decided, shown above the reason (the over-limit sheet's client, amount, receivers). */
  summary?: ReactNode;
};

/**
 * A bottom sheet asking for a reason before a decision, checked with the server's schema (a rejection
 * needs one); what was typed stays if the decision fails.
 */
export function ReasonPopup({ auditId, title, actions, onClose, summary }: ReasonPopupProps) {
  const form = useSchemaForm({
    schema: updateHouseAuditRequestSchema,
    initial: { decision: 'approve' as AuditDecision, reason: '' },
    toInput: (values) => ({ id: auditId ?? 0, ...values }),
    idPrefix: 'audit',
  });
  const [busy, setBusy] = useState(false);
  return (
    <Popup
      visible={auditId !== null}
      onMaskClick={onClose}
      bodyStyle={{ padding: 16, borderTopLeftRadius: 8, borderTopRightRadius: 8 }}
    >
      {summary}
      <List header={title}>
        <FormField field={form.field('reason')} label={t.reason}>
          <TextArea placeholder={t.reasonPlaceholder} {...form.input('reason')} maxLength={200} rows={3} />
        </FormField>
      </List>
      <div className="house-actions">
        {actions.map((action) => (
          <Button
            key={action.label}
            color={action.color}
            loading={busy}
            onClick={() => {
              if (!form.validate({ decision: action.decision })) return;
              setBusy(true);
              void action.onPress(form.values.reason).then((done) => {
                setBusy(false);
                if (done) {
                  form.reset({ decision: 'approve', reason: '' });
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
