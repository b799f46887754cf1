import type { Endpoint } from '@crm/domain/endpoints';
import type { z } from 'zod';
import { apiRequest, type ApiSuccess, type FormFields, type FormValue } from './api-client.ts';

export interface SendOptions {
  /** GET sends the input as the query string; POST (the default) as a multipart body. */
  method?: 'GET' | 'POST';
  /** A JSON body instead of multipart (the back office's calls carry arrays and booleans). */
  json?: boolean;
  /** A create call's form-fill key (decision 046). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Longer than the usual REQUEST_TIMEOUT_MS, for a call that uploads megabytes or seals a document. */
  timeoutMs?: number;
}

/** The request an endpoint takes, as a caller hands it over (a form's strings or the parsed values). */
export type SendInput<E extends Endpoint> =
  // An optional request (`clientListRequestSchema.optional()`) takes the fields of the object it wraps.
  NonNullable<z.input<E['request']>> extends object
    ? { [K in keyof NonNullable<z.input<E['request']>>]?: NonNullable<z.input<E['request']>>[K] | string | null | Blob }
    : Record<string, never>;

const toField = (value: unknown): FormValue | FormValue[] =>
  Array.isArray(value)
    ? value.map((item) => toField(item) as FormValue)
    : value === undefined || value === null || value instanceof Blob
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (value as string | number | boolean);

/** A call's input as the form fields it travels as (an object or array as JSON, a file as itself). */
export function toFields(input: object): FormFields {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, toField(value)]));
}

/**
 * One call through its endpoint contract (issue 45): the path is the contract's, the input is typed from its
 * request schema, and the answer is parsed by its response schema (a drifted field fails here, not on a page).
 * Answers the whole envelope, for callers that show the server's message.
 */
export async function sendAnswer<E extends Endpoint>(
  endpoint: E,
  input: SendInput<E>,
  { method = 'POST', json = false, idempotencyKey, signal, timeoutMs }: SendOptions = {},
): Promise<ApiSuccess<z.output<E['response']>>> {
  const fields = input as object;
  const answer = await apiRequest(endpoint.path, {
    method,
    signal,
    timeoutMs,
    idempotencyKey,
    ...(method === 'GET'
      ? { query: toFields(fields) as Record<string, string | number | boolean | null | undefined> }
      : json
        ? { json: fields }
        : { body: toFields(fields) }),
  });
  return { ...answer, data: endpoint.response.parse(answer.data) as z.output<E['response']> };
}

/** The same call, answering its parsed data alone. */
export async function send<E extends Endpoint>(
  endpoint: E,
  input: SendInput<E>,
  options: SendOptions = {},
): Promise<z.output<E['response']>> {
  return (await sendAnswer(endpoint, input, options)).data;
}
