import type { SchemaForm } from './use-schema-form.ts';

/** The keys of a form's values that hold a choice: a number, or null for none. */
type ChoiceKey<V> = { [K in keyof V]: V[K] extends number | null ? K : never }[keyof V] & string;

/**
 * The props that bind a ChoiceField (components/choice-field.tsx) to one key of a form, as the form's own
 * `input(key)` binds a text control: the field, its value and its setter.
 */
export const choiceBinding = <V extends Record<string, unknown>, Out>(form: SchemaForm<V, Out>, key: ChoiceKey<V>) => ({
  field: form.field(key),
  value: form.values[key] as number | null,
  onChange: form.set(key) as (value: number | null) => void,
});
