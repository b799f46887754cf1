import { reassignRequestSchema } from '@crm/domain/api/ownership';
import { Button, List, TextArea } from 'antd-mobile';
import { ChoiceField } from '../../../components/choice-field.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useReassign, useReassignTargets } from '../api/reassign.ts';
import { casesTexts } from '../texts.ts';

const T = casesTexts.reassign;
// The sheet asks the colleague and the reason; the page hands the chosen cases.
const formSchema = reassignRequestSchema.pick({ to_id: true, reason: true });

export type ReassignSheetProps = {
  ids: readonly number[] | null;
  onClose: () => void;
  /** After a move: the cases that did not move stay chosen, with why. */
  onDone: (skipped: { id: number; reason: string }[]) => void;
};

/** The leader's (or the company admin's) bulk move (decision 066): to whom and why, asked before it is sent. */
export function ReassignSheet({ ids, onClose, onDone }: ReassignSheetProps) {
  return (
    <Sheet open={ids !== null} onClose={onClose} destroyOnClose bodyStyle={{ maxHeight: '80vh', overflowY: 'auto' }}>
      {ids ? <ReassignForm ids={ids} onClose={onClose} onDone={onDone} /> : null}
    </Sheet>
  );
}

function ReassignForm({ ids, onClose, onDone }: { ids: readonly number[] } & Omit<ReassignSheetProps, 'ids'>) {
  const targets = useReassignTargets();
  const move = useReassign();
  const form = useSchemaForm({
    schema: formSchema,
    initial: { to_id: null as number | null, reason: '' },
    toInput: ({ to_id, reason }) => ({ to_id: to_id ?? '', reason }),
    idPrefix: 'reassign',
  });
  if (!targets.isSuccess) return <QueryFallback query={targets} lines={4} />;
  const { across_teams: acrossTeams, list } = targets.data;
  const options = list.map((p) => ({ value: p.id, label: acrossTeams && p.team ? `${p.name}（${p.team}）` : p.name }));
  const submit = async () => {
    if (!form.validate()) return;
    const to = list.find((p) => p.id === form.values.to_id);
    if (!to || !(await askToConfirm(T.confirm(ids.length, to.name), { confirm: T.move, cancel: casesTexts.cancel })))
      return;
    try {
      const answer = await move.mutateAsync({ ids: [...ids], to_id: to.id, reason: form.values.reason.trim() });
      showToast({ content: T.moved(answer.moved, answer.skipped.length), icon: answer.moved > 0 ? 'success' : 'fail' });
      onDone(answer.skipped);
      onClose();
    } catch (error) {
      form.refuse(error);
    }
  };
  return (
    <>
      <List header={T.title(ids.length)}>
        {acrossTeams ? <List.Item description={T.acrossTeams}>{T.whoLabel}</List.Item> : null}
        <ChoiceField
          field={form.field('to_id')}
          label={T.to}
          options={options}
          value={form.values.to_id}
          onChange={(value) => form.set('to_id')(value)}
          columns={2}
          required
        />
        <FormField field={form.field('reason')} label={T.reason} required>
          <TextArea {...form.input('reason')} placeholder={T.reasonPlaceholder} maxLength={200} rows={3} />
        </FormField>
      </List>
      <div className="form-actions">
        <Button block color="primary" loading={move.isPending} onClick={() => void submit()}>
          {T.move}
        </Button>
        <Button block onClick={onClose}>
          {casesTexts.cancel}
        </Button>
      </div>
    </>
  );
}
