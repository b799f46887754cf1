import * as F from '@crm/domain/endpoints/faq-authoring';
import { formatDateTime } from '@crm/domain/datetime';
import { faqSynonymSaveSchema } from '@crm/domain/api/faq-authoring';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite } from '../api/admin.ts';
import { useFaqSynonyms } from '../api/faq-authoring.ts';
import { FormButtons, FormPanel, InputField, PlainButton } from '../components/admin-form.tsx';
import { EditableTable } from '../components/table-rows.tsx';
import { AdminShell, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.synonyms;
const A = adminTexts;
type Group = { id: number; words: string[]; updated_at: string };
type GroupValues = { words: string };

/** How a group reads in the list and the delete's question. */
const joined = (words: readonly string[]) => words.join('、');

/**
 * /admin/faq-synonyms: the company's own synonym groups on top of the built-in ones (issue 46, decision 069),
 * added, edited and deleted; the copilot's next question reads them.
 */
export function AdminFaqSynonymsPage() {
  const groups = useFaqSynonyms();
  const remove = useAdminWrite(F.faqSynonymDelete);
  return (
    <AdminShell title={A.nav['faq-synonyms']}>
      <p className="admin-hint">{T.hint}</p>
      <EditableTable
        columns={(edit) => [
          [T.group, (group) => joined(group.words)],
          [T.updatedAt, (group) => formatDateTime(group.updated_at)],
          [
            A.actions,
            (group) => (
              <>
                <PlainButton onClick={() => edit(group)}>{A.edit}</PlainButton>
                <PlainButton
                  onClick={async () => {
                    if (await askToConfirm(T.confirmRemove(joined(group.words)), A.removeTexts))
                      remove.mutate({ id: group.id });
                  }}
                >
                  {A.remove}
                </PlainButton>
              </>
            ),
          ],
        ]}
        Form={SynonymForm}
        {...queryRows({ ...groups, data: groups.data?.list })}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

function SynonymForm({ row: group, onDone }: { row?: Group; onDone?: () => void }) {
  const write = useAdminWrite(F.faqSynonymSave);
  const initial: GroupValues = { words: group ? group.words.join(' ') : '' };
  const form = useSchemaForm<GroupValues, { words: string[] }>({
    schema: faqSynonymSaveSchema,
    initial,
    toInput: (v) => ({ id: group?.id ?? null, words: v.words }),
    idPrefix: group ? 'admin-synonym-edit' : 'admin-synonym-add',
  });
  const submit = () => {
    const checked = form.validate();
    // The schema's words are the typed text split and normalised; sent back as text, as the contract takes them.
    if (checked)
      write.mutate(
        { id: group?.id ?? null, words: checked.words.join(' ') },
        {
          onSuccess: () => (onDone ? onDone() : form.reset({ words: '' })),
          onError: form.showRefusalAtField,
        },
      );
  };
  return (
    <FormPanel title={group ? T.editTitle : T.addTitle} onSubmit={submit}>
      <InputField label={T.words} form={form} name="words" />
      <FormButtons submit={group ? A.save : A.add} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}
