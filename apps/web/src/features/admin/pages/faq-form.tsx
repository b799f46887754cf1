import * as E from '@crm/domain/endpoints/admin';
import { adminFaqSaveSchema } from '@crm/domain/api/admin';
import { useSearchParams } from 'react-router';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useFaqEntry } from '../api/admin.ts';
import { FormButtons, FormPanel, InputField, inputOf, LoadedEdit, submitChecked } from '../components/admin-form.tsx';
import { Field } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.faqForm;
const A = adminTexts;
type FaqValues = { title: string; type: string; category: string; keywords: string; body: string };
type Entry = FaqValues & { id: number; key: string };
const EMPTY: FaqValues = { title: '', type: '', category: '', keywords: '', body: '' };

/** The query parameter the unanswered list's 新建问答 hands the question in, as the new entry's title. */
export const NEW_ENTRY_TITLE = 'title';

/**
 * One FAQ entry's form (decision 057): the fields of its Markdown file's front matter and its body. The
 * server writes them as that file and imports it as an upload is; a refusal leaves what was typed in place.
 */
export function FaqForm({ entry, onDone }: { entry?: Entry; onDone?: () => void }) {
  const write = useAdminWrite(E.faqSave);
  const [params] = useSearchParams();
  const initial: FaqValues = entry
    ? { title: entry.title, type: entry.type, category: entry.category, keywords: entry.keywords, body: entry.body }
    : { ...EMPTY, title: params.get(NEW_ENTRY_TITLE) ?? '' };
  const form = useSchemaForm<FaqValues, unknown>({
    schema: adminFaqSaveSchema,
    initial,
    toInput: (v) => ({ id: entry?.id ?? null, ...v }),
    idPrefix: entry ? 'admin-faq-edit' : 'admin-faq-add',
  });
  const title = entry ? T.editTitle(entry.key) : T.addTitle;
  return (
    <FormPanel
      title={title}
      hint={T.hint}
      onSubmit={submitChecked(form, write, () => (onDone ? onDone() : form.reset(EMPTY)))}
    >
      <InputField label={T.title} form={form} name="title" />
      <InputField label={T.type} form={form} name="type" />
      <InputField label={T.category} form={form} name="category" />
      <InputField label={T.keywords} form={form} name="keywords" />
      <Field label={T.body} binding={form.field('body')}>
        <textarea rows={8} {...inputOf(form.input('body'))} />
      </Field>
      <FormButtons submit={A.save} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}

/** The edit form of the entry `id`, once its body has loaded. */
export function FaqEditForm({ id, onDone }: { id: number; onDone: () => void }) {
  const entry = useFaqEntry(id);
  return <LoadedEdit query={entry}>{(data) => <FaqForm key={id} entry={data} onDone={onDone} />}</LoadedEdit>;
}
