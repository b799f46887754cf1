import { useState, type ComponentProps, type ComponentType, type InputHTMLAttributes, type ReactNode } from 'react';
import { PlainForm } from '../../../components/plain-form.tsx';
import type { useAdminWrite } from '../api/admin.ts';
import { adminTexts as T } from '../texts.ts';
import type { FieldBinding } from '../../../lib/use-schema-form.ts';
import { DataTable, Field, LoadState, type Column } from './admin-shell.tsx';

/** A back-office form in its panel: the title is its heading and the region's name; a hint may stand above. */
export function FormPanel({
  title,
  hint,
  onSubmit,
  children,
}: {
  title: string;
  hint?: string;
  onSubmit: () => unknown;
  children: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-label={title}>
      <h2>{title}</h2>
      {hint ? <p className="admin-hint">{hint}</p> : null}
      <PlainForm className="admin-form" onSubmit={onSubmit}>
        {children}
      </PlainForm>
    </section>
  );
}

/** A button of a row or a form that is not its submit (edit, disable, remove, cancel). */
export function PlainButton({ onClick, children }: { onClick: () => unknown; children: ReactNode }) {
  return (
    <button type="button" className="admin-button admin-button--plain" onClick={() => void onClick()}>
      {children}
    </button>
  );
}

/** A form's submit, held while its write is under way, and, for an edit, the cancel that closes it. */
export function FormButtons({
  submit,
  pending,
  onCancel,
}: {
  submit: string;
  pending: boolean;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <>
      <button type="submit" className="admin-button" disabled={pending}>
        {submit}
      </button>
      {onCancel ? <PlainButton onClick={onCancel}>{T.cancel}</PlainButton> : null}
    </>
  );
}

/**
 * The submit of a schema form: what the form's schema passes goes to the write call; what it refuses is named
 * at its fields and nothing is sent.
 */
export const submitChecked =
  (
    form: { validate: () => unknown },
    write: Pick<ReturnType<typeof useAdminWrite>, 'mutate'>,
    onSuccess?: () => void,
  ) =>
  () => {
    const data = form.validate();
    if (data) write.mutate(data as Record<string, unknown>, { onSuccess });
  };

/** A form that adds a record: its panel, its fields and the add button; it empties itself once the add is done. */
export function AddPanel<V>({
  title,
  form,
  add,
  blank,
  children,
}: {
  title: string;
  form: { validate: () => unknown; reset: (values: V) => void };
  add: Pick<ReturnType<typeof useAdminWrite>, 'mutate' | 'isPending'>;
  blank: V;
  children: ReactNode;
}) {
  return (
    <FormPanel title={title} onSubmit={submitChecked(form, add, () => form.reset(blank))}>
      {children}
      <FormButtons submit={T.add} pending={add.isPending} />
    </FormPanel>
  );
}

/**
 * A record's edit form once the record has loaded: the load's states (LoadState) until then. A new form per
 * record comes from the caller's key.
 */
export function LoadedEdit<Data>({
  query,
  emptyText = '',
  children,
}: {
  query: { isPending: boolean; error: Error | null; data: Data | undefined; refetch: () => unknown };
  emptyText?: string;
  children: (data: Data) => ReactNode;
}) {
  return (
    <LoadState
      isPending={query.isPending}
      error={query.error}
      isEmpty={!query.data}
      emptyText={emptyText}
      onRetry={query.refetch}
    >
      {query.data ? children(query.data) : null}
    </LoadState>
  );
}

/** The options of a select, one per entry of a table of labels (key as the value). */
export function LabelOptions({ labels }: { labels: Readonly<Record<string, string>> }) {
  return (
    <>
      {Object.entries(labels).map(([key, label]) => (
        <option key={key} value={key}>
          {label}
        </option>
      ))}
    </>
  );
}

/** The form hook's text binding as a plain input's props. */
export function inputOf(binding: { id: string; value: string; onChange: (value: string) => void }) {
  return {
    id: binding.id,
    value: binding.value,
    onChange: (e: { target: { value: string } }) => binding.onChange(e.target.value),
  };
}

export type InputFieldProps<K extends string> = {
  label: string;
  form: {
    field: (key: string) => FieldBinding;
    input: (key: K) => { id: string; value: string; onChange: (value: string) => void };
  };
  name: K;
  /** The schema's key its message comes under, where the typed value's differs (yuan typed, fen sent). */
  schemaKey?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'type'>;

/** A labelled text input of the form hook's field `name`, with its message. */
export function InputField<K extends string>({
  label,
  form,
  name,
  schemaKey = name,
  ...attributes
}: InputFieldProps<K>) {
  return (
    <Field label={label} binding={form.field(schemaKey)}>
      <input {...attributes} {...inputOf(form.input(name))} />
    </Field>
  );
}

/** A labelled control of a form kept in plain state (no schema binding): the label names the control by its id. */
export function PlainField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A plain-state form's text (or datetime-local) input under its label. */
function TextInput({
  id,
  label,
  value,
  onChange,
  type,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'datetime-local' | undefined;
}) {
  return (
    <PlainField id={id} label={label}>
      <input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} />
    </PlainField>
  );
}

/** The keys of a form's values that hold any text (not a fixed set of words, nor a flag or a list). */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string;
type FlagKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/**
 * The values of a form kept in plain state (its file's structure is checked by the server's own rules, not
 * a schema here): `set` changes one of them, `reset` all. `text`, `textArea` and `check` are a value's
 * control, its id the form's `prefix` and the key.
 */
export function usePlainValues<V extends Record<string, unknown>>(initial: V, prefix: string) {
  const [values, reset] = useState<V>(initial);
  const set = <K extends keyof V>(key: K, value: V[K]) => reset((old) => ({ ...old, [key]: value }));
  const text = (key: TextKey<V>, label: string, type?: 'datetime-local') => (
    <TextInput
      id={`${prefix}-${key}`}
      label={label}
      type={type}
      value={values[key] as string}
      onChange={(value) => set(key, value as V[TextKey<V>])}
    />
  );
  const textArea = (key: TextKey<V>, label: string) => (
    <PlainField id={`${prefix}-${key}`} label={label}>
      <textarea
        id={`${prefix}-${key}`}
        rows={2}
        value={values[key] as string}
        onChange={(e) => set(key, e.target.value as V[TextKey<V>])}
      />
    </PlainField>
  );
  const check = (key: FlagKey<V>, label: string) => (
    <label className="admin-checks">
      <input
        type="checkbox"
        checked={values[key] as boolean}
        onChange={(e) => set(key, e.target.checked as V[FlagKey<V>])}
      />
      {label}
    </label>
  );
  return { values, set, reset, text, textArea, check };
}

/** A number typed in a field; '' is absent. A bad number goes as it is, for the file's rules to name. */
export const numberOf = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim()));

/** The list with its item `i` patched. */
export const patchAt = <Item,>(list: readonly Item[], i: number, patch: Partial<Item>): Item[] =>
  list.map((item, at) => (at === i ? { ...item, ...patch } : item));

/** The list without its item `i`. */
export const removeAt = <Item,>(list: readonly Item[], i: number): Item[] => list.filter((_, at) => at !== i);

/** What an ItemList gives each item's boxes: its number (from 1), a patch of its values, a text box of one. */
export type ItemTools<Item> = {
  n: number;
  patch: (patch: Partial<Item>) => void;
  /** A box of the text `key`, named by its aria-label: an input, or a textarea of `rows` lines. */
  box: (key: TextKey<Item>, label: string, options?: { rows?: number; placeholder?: string | undefined }) => ReactNode;
};

/**
 * The repeated part of a file's form (an activity's prizes, a paper's questions): each item in its fieldset,
 * named `label(n)`, with its remove button, and after them the button that adds a `fresh(count)` one.
 */
export function ItemList<Item>({
  items,
  onChange,
  label,
  fresh,
  addText,
  children,
}: {
  items: readonly Item[];
  onChange: (items: Item[]) => void;
  label: (n: number) => string;
  fresh: (count: number) => Item;
  addText: string;
  children: (item: Item, tools: ItemTools<Item>) => ReactNode;
}) {
  const toolsOf = (item: Item, i: number): ItemTools<Item> => {
    const patch = (patch: Partial<Item>) => onChange(patchAt(items, i, patch));
    return {
      n: i + 1,
      patch,
      box: (key, boxLabel, { rows, placeholder } = {}) => {
        const props = {
          'aria-label': boxLabel,
          placeholder,
          value: item[key] as string,
          onChange: (e: { target: { value: string } }) => patch({ [key]: e.target.value } as Partial<Item>),
        };
        return rows ? <textarea rows={rows} {...props} /> : <input {...props} />;
      },
    };
  };
  return (
    <>
      {items.map((item, i) => (
        <fieldset key={i} className="admin-form" aria-label={label(i + 1)}>
          {children(item, toolsOf(item, i))}
          <PlainButton onClick={() => onChange(removeAt(items, i))}>{T.remove}</PlainButton>
        </fieldset>
      ))}
      <PlainButton onClick={() => onChange([...items, fresh(items.length)])}>{addText}</PlainButton>
    </>
  );
}

/** A row's disable (or enable) button: `onToggle` gets the state to go to. */
type Switchable = { id: number; is_active: boolean };

/** A row's 启用/停用: `update` is sent the row's id and the flipped state, and `with` (a ref's kind). */
export function ActiveToggle({
  row,
  update,
  with: extra,
}: {
  row: Switchable;
  update: Pick<ReturnType<typeof useAdminWrite>, 'mutate'>;
  with?: Record<string, unknown>;
}) {
  return (
    <PlainButton onClick={() => update.mutate({ ...extra, id: row.id, is_active: !row.is_active })}>
      {row.is_active ? T.disable : T.enable}
    </PlainButton>
  );
}

/** The 状态 column of a list whose rows are switched on and off. */
export const activeColumn: Column<Pick<Switchable, 'is_active'>> = [
  T.status,
  (row) => (row.is_active ? T.active : T.inactive),
];

type Named = { id: number; name: string };

/**
 * A row's name renamed in place: its cell is an input while it is edited, and its button edits, then saves
 * through `save`, which calls `done` once the write has succeeded.
 */
export function useRenameInPlace(save: (renamed: Named, done: () => void) => void) {
  const [editing, setEditing] = useState<Named | null>(null);
  return {
    nameCell: (row: Named, label: string) =>
      editing?.id === row.id ? (
        <input
          aria-label={label}
          value={editing.name}
          onChange={(e) => setEditing({ id: row.id, name: e.target.value })}
        />
      ) : (
        row.name
      ),
    button: (row: Named) =>
      editing?.id === row.id ? (
        <PlainButton onClick={() => save(editing, () => setEditing(null))}>{T.save}</PlainButton>
      ) : (
        <PlainButton onClick={() => setEditing({ id: row.id, name: row.name })}>{T.edit}</PlainButton>
      ),
  };
}

/** The record an edit form is open for, if any; `done` closes it. */
export function useEditing<Row>() {
  const [editing, edit] = useState<Row | null>(null);
  return { editing, edit, done: () => edit(null) };
}

type RowForm<Row> = ComponentType<{ row?: Row; onDone?: () => void }>;

/**
 * A list whose rows are added and edited through one form: the blank form above, the form of the row being
 * edited (keyed by it, so it starts from the row) below it, then the table, whose columns get `edit`.
 */
export function EditableTable<Row extends { id: number }>({
  Form,
  columns,
  ...table
}: Omit<ComponentProps<typeof DataTable<Row>>, 'columns'> & {
  Form: RowForm<Row>;
  columns: (edit: (row: Row) => void) => readonly Column<Row>[];
}) {
  const { editing, edit, done } = useEditing<Row>();
  return (
    <>
      <Form key="add" />
      {editing ? <Form key={editing.id} row={editing} onDone={done} /> : null}
      <DataTable {...table} columns={columns(edit)} />
    </>
  );
}
