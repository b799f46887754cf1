import { useState } from 'react';
import { isApiError } from './api-client.ts';
import { showToast } from './toast.ts';

/** A problem with one field (`path[0]`), or with the whole form (empty path): zod's issue shape. */
export type FormIssue = { readonly path: ReadonlyArray<PropertyKey>; readonly message: string };

/**
 * What the hook needs of a schema: zod's `safeParse`. Every zod schema of packages/domain fits, so forms
 * check with the very schema the server uses; the login screen passes a zod-free one of the same rules
 * (zod would cost its bundle ~20 KB).
 */
export type FormSchema<Out> = {
  safeParse(
    input: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: ReadonlyArray<FormIssue> } };
};

export type FormErrors = Partial<Record<string, string>>;

export type CheckResult<Out> =
  { ok: true; data: Out } | { ok: false; problems: ReadonlyArray<{ field: string; message: string }> };

/**
 * A FormSchema over a plain checker that names every bad field, first one first: the calculator's and the
 * login's rules (packages/domain and login-rules.ts) are kept free of zod for their bundles' sake.
 */
export function checkedBy<In, Out>(check: (input: In) => CheckResult<Out>): FormSchema<Out> {
  return {
    safeParse: (input) => {
      const result = check(input as In);
      return result.ok
        ? { success: true, data: result.data }
        : {
            success: false,
            error: { issues: result.problems.map(({ field, message }) => ({ path: [field], message })) },
          };
    },
  };
}

/** The first message of each field; `_` holds the form-level one. */
export function formErrorsOf(issues: ReadonlyArray<FormIssue>): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The ids that tie a field's label, control and message together (label htmlFor, aria-labelledby, -describedby). */
export type FieldBinding = { id: string; labelId: string; errorId: string; error: string | undefined };

export type UseSchemaFormOptions<V, Out> = {
  schema: FormSchema<Out>;
  initial: V | (() => V);
  /** The schema's input made from the values, when they differ (e.g. a picker's null sent as ''). */
  toInput?: (values: V) => unknown;
  /** Element ids are `${idPrefix}-${field}` unless `ids` names one. */
  idPrefix: string;
  ids?: Partial<Record<keyof V & string, string>>;
  /** Shows the first message as a toast on a refused submit (default true). */
  toastFirstError?: boolean;
};

type State<V> = { values: V; errors: FormErrors };

/**
 * The one form hook: values, per-field messages from the schema, and the ids that associate each label with
 * its control. A refused submit keeps what was typed and names every bad field; a field's message goes (or
 * changes) as soon as its value is fixed, without waiting for the next submit.
 */
export function useSchemaForm<V extends Record<string, unknown>, Out>({
  schema,
  initial,
  toInput = (values) => values,
  idPrefix,
  ids = {},
  toastFirstError = true,
}: UseSchemaFormOptions<V, Out>) {
  const [{ values, errors }, setState] = useState<State<V>>(() => ({
    values: typeof initial === 'function' ? initial() : initial,
    errors: {},
  }));

  const errorsOf = (values: V): FormErrors => {
    const parsed = schema.safeParse(toInput(values));
    return parsed.success ? {} : formErrorsOf(parsed.error.issues);
  };

  /**
   * Re-checks the fields that show a message: a changed one keeps the schema's new message or loses it; an
   * unchanged one too when its message was the schema's (a rule over two fields: a card number needed only
   * for a card payment goes once cash is chosen). A message from the server on an unchanged field stays.
   */
  const recheck = (previous: V, next: V, changed: string[], current: FormErrors): FormErrors => {
    const shown = Object.keys(current).filter((key) => current[key] !== undefined);
    if (shown.length === 0) return current;
    const found = errorsOf(next);
    const before = shown.some((key) => !changed.includes(key)) ? errorsOf(previous) : {};
    const updated = { ...current };
    for (const key of shown) {
      if (changed.includes(key) || before[key] === current[key]) updated[key] = found[key];
    }
    return updated;
  };

  /** Sets some values (a field and what depends on it, e.g. a bank and its product). */
  const patch = (changes: Partial<V>) =>
    setState((current) => {
      const next = { ...current.values, ...changes };
      return { values: next, errors: recheck(current.values, next, Object.keys(changes), current.errors) };
    });

  const set =
    <K extends keyof V & string>(key: K) =>
    (value: V[K]) =>
      patch({ [key]: value } as unknown as Partial<V>);

  /**
   * The parsed values, or null after showing why not (the values stay as typed). `also` adds what the tap
   * itself decides (the button pressed: approve or reject) without waiting for a render.
   */
  const validate = (also: Partial<V> = {}): Out | null => {
    const parsed = schema.safeParse(toInput({ ...values, ...also }));
    if (!parsed.success) {
      setState((current) => ({ ...current, errors: formErrorsOf(parsed.error.issues) }));
      const first = parsed.error.issues[0]?.message;
      if (toastFirstError && first) showToast({ content: first, icon: 'fail' });
      return null;
    }
    setState((current) => ({ ...current, errors: {} }));
    return parsed.data;
  };

  /** A message from elsewhere (the server) under one field. */
  const setError = (key: keyof V & string, message: string | undefined) =>
    setState((current) => ({ ...current, errors: { ...current.errors, [key]: message } }));

  /**
   * A submit the server refused: its message as a toast, and under the field it names (the envelope's
   * `field`) when the form has that field, so the person sees which one to change (issue 39). Every form
   * hands its refusals here rather than only toasting them.
   */
  const refuse = (error: unknown) => {
    showRefusalAtField(error);
    showToast({ content: error instanceof Error ? error.message : String(error), icon: 'fail' });
  };

  /** The field part of `refuse`, for a write whose failure is toasted elsewhere (the back office's writes). */
  const showRefusalAtField = (error: unknown) => {
    const key = isApiError(error) ? error.field : undefined;
    if (key !== undefined && (key in values || key in ids)) setError(key, (error as Error).message);
  };

  /** The binding of a field: a key of the values, or of the schema's input when a value lives elsewhere (uploads). */
  const field = (key: (keyof V & string) | (string & {})): FieldBinding => {
    const id = ids[key as keyof V & string] ?? `${idPrefix}-${key}`;
    return { id, labelId: `${id}-label`, errorId: `${id}-error`, error: errors[key] };
  };

  /**
   * Props for a text control (antd-mobile Input or TextArea) of a string field: its id is the one the
   * label's htmlFor names. (antd-mobile puts aria-* on its wrapper, not the input, so the message is a
   * role="alert" under the field rather than aria-describedby.)
   */
  const input = <K extends keyof V & string>(key: K) => ({
    id: field(key).id,
    value: values[key] as V[K] & string,
    onChange: set(key) as (value: string) => void,
  });

  /** Starts over (e.g. after a sheet's form was saved). */
  const reset = (next: V) => setState({ values: next, errors: {} });

  return { values, errors, set, patch, validate, setError, refuse, showRefusalAtField, reset, field, input };
}

export type SchemaForm<V extends Record<string, unknown>, Out> = ReturnType<typeof useSchemaForm<V, Out>>;
