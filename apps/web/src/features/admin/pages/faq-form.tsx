import { adminFaqSaveSchema } from '@crm/domain/api/admin';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useFaqEntry } from '../api/admin.ts';
import { Field, LoadState } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';
import { inputOf } from './teams-page.tsx';

const T = adminTexts.faqForm;
const A = adminTexts;
type FaqValues = { title: string; type: string; category: string; keywords: string; body: string };
type Entry = FaqValues & { id: number; key: string };
const EMPTY: FaqValues = { title: '', type: '', category: '', keywords: '', body: '' };

/**
 * One FAQ entry's form (decision 057): the fields of its Markdown file's front matter and its body. The
 * server writes them as that file and imports it as an upload is; a refusal leaves what was typed in place.
 */
export function FaqForm({ entry, onDone }: { entry?: Entry; onDone?: () => void }) {
  const write = useAdminWrite('/api/admin/faq/save');
  const initial: FaqValues = entry
    ? { title: entry.title, type: entry.type, category: entry.category, keywords: entry.keywords, body: entry.body }
    : EMPTY;
  const form = useSchemaForm<FaqValues, unknown>({
    schema: adminFaqSaveSchema,
    initial,
    toInput: (v) => ({ id: entry?.id ?? null, ...v }),
    idPrefix: entry ? 'admin-faq-edit' : 'admin-faq-add',
  });
  const title = entry ? T.editTitle(entry.key) : T.addTitle;
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      <p className="admin-hint">{T.hint}</p>
      <PlainForm
        className="admin-form"
        onSubmit={() => {
          const data = form.validate();
          if (data)
            write.mutate(data as Record<string, unknown>, {
              onSuccess: () => (onDone ? onDone() : form.reset(EMPTY)),
            });
        }}
      >
        <Field label={T.title} binding={form.field('title')}>
          <input {...inputOf(form.input('title'))} />
        </Field>
        <Field label={T.type} binding={form.field('type')}>
          <input {...inputOf(form.input('type'))} />
        </Field>
        <Field label={T.category} binding={form.field('category')}>
          <input {...inputOf(form.input('category'))} />
        </Field>
        <Field label={T.keywords} binding={form.field('keywords')}>
          <input {...inputOf(form.input('keywords'))} />
        </Field>
        <Field label={T.body} binding={form.field('body')}>
          <textarea rows={8} {...inputOf(form.input('body'))} />
        </Field>
        <button type="submit" className="admin-button" disabled={write.isPending}>
          {A.save}
        </button>
        {onDone ? (
          <button type="button" className="admin-button admin-button--plain" onClick={onDone}>
            {A.cancel}
          </button>
        ) : null}
      </PlainForm>
    </section>
  );
}

/** The edit form of the entry `id`, once its body has loaded. */
export function FaqEditForm({ id, onDone }: { id: number; onDone: () => void }) {
  const entry = useFaqEntry(id);
  return (
    <LoadState
      isPending={entry.isPending}
      error={entry.error}
      isEmpty={!entry.data}
      emptyText=""
      onRetry={entry.refetch}
    >
      {entry.data ? <FaqForm key={id} entry={entry.data} onDone={onDone} /> : null}
    </LoadState>
  );
}
