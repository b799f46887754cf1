import type { z } from 'zod';

/** The first message of each field, for showing under the field; `_` holds the form-level one. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? '';
}
