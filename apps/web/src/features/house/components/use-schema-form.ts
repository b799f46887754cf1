import { useState } from 'react';
import type { z } from 'zod';
import { showToast } from '../../../lib/toast.ts';
import { fieldErrors, firstError } from './form-errors.ts';

/**
 * A form's values and field messages, checked with the same zod schema the server uses. `validate`
 * shows the first message as a toast and each field's under it; what was typed is never cleared by a
 * refusal, so a failed submit keeps it.
 */
export function useSchemaForm<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  /** The parsed input, or null after showing why not. `input` defaults to the values as typed. */
  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.infer<S> | null {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      showToast({ content: firstError(parsed.error) });
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  return { values, setValues, errors, set, validate };
}
