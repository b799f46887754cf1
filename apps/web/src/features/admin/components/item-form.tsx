import { useState, type ReactNode } from 'react';
import { adminTexts as T } from '../texts.ts';
import { PlainButton } from './admin-form.tsx';

/*
 * The forms of the kinds kept as files (papers, activities): their values in plain state, checked by the
 * server against the file's own rules, and their repeated parts (questions, prizes) as item lists.
 */

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
          // The box has no label of its own on screen: its name shows until something is typed.
          placeholder: placeholder ?? boxLabel,
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
        <fieldset key={i} className="admin-form">
          <legend className="admin-item-legend">{label(i + 1)}</legend>
          {children(item, toolsOf(item, i))}
          <PlainButton onClick={() => onChange(removeAt(items, i))}>{T.remove}</PlainButton>
        </fieldset>
      ))}
      <PlainButton onClick={() => onChange([...items, fresh(items.length)])}>{addText}</PlainButton>
    </>
  );
}
