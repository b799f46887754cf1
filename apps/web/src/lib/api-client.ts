/**
 * The one fetch wrapper (STYLE.md): same-origin cookies, multipart bodies, the `{code, msg, data}` envelope,
 * typed errors. Unlike the spec's client it surfaces network failures, and a 401 anywhere sends the person
 * back to the login page.
 */
import { clearStoredUser } from './storage.ts';

export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';

export class ApiError extends Error {
  readonly code: number;
  readonly httpStatus: number;

  constructor(message: string, code: number, httpStatus: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A form value as callers pass it; null becomes the string 'null' as the spec's client sent it. */
export type FormValue = string | number | boolean | null | undefined | Blob;
export type FormFields = Record<string, FormValue | FormValue[]>;

function appendValue(form: FormData, key: string, value: FormValue): void {
  if (value === undefined) return;
  if (value instanceof Blob) form.append(key, value);
  else form.append(key, value === null ? 'null' : String(value));
}

export function toFormData(fields: FormFields): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) appendValue(form, key, item);
    else appendValue(form, key, value);
  }
  return form;
}

export function toQueryString(query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.append(key, value === null ? 'null' : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where a 401 sends the browser; the login pages themselves stay put. */
const LOGIN_PATHS = new Set(['/', '/login']);

function handleUnauthorized(): void {
  clearStoredUser();
  const { location } = globalThis;
  if (location && !LOGIN_PATHS.has(location.pathname)) location.assign('/login');
}

export type ApiSuccess<T> = { code: 0; msg: string; data: T };

type RequestOptions = {
  method: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: FormFields;
  signal?: AbortSignal;
};

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/**
 * Sends one call and answers the whole envelope on code 0 (callers that toast the server's msg need it).
 * Anything else throws ApiError: the server's msg on a refusal, NETWORK_ERROR_MESSAGE when no envelope came.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<ApiSuccess<T>> {
  const url = options.query ? `${path}${toQueryString(options.query)}` : path;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: options.body ? toFormData(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, -1, 0);
  }

  if (response.status === 401) handleUnauthorized();

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, response.status === 401 ? 401 : -1, response.status);
  }
  if (!isEnvelope(body)) throw new ApiError(NETWORK_ERROR_MESSAGE, -1, response.status);

  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (body.code !== 0 || !response.ok) {
    throw new ApiError(msg || NETWORK_ERROR_MESSAGE, body.code, response.status);
  }
  return { code: 0, msg, data: body.data as T };
}

export function apiGet<T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal): Promise<ApiSuccess<T>> {
  return apiRequest<T>(path, { method: 'GET', query, signal });
}

export function apiPost<T>(path: string, body: FormFields = {}, signal?: AbortSignal): Promise<ApiSuccess<T>> {
  return apiRequest<T>(path, { method: 'POST', body, signal });
}
