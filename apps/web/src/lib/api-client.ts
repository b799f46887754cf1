/**
 * The one fetch wrapper (STYLE.md): same-origin cookies, multipart bodies, the `{code, msg, data}` envelope,
 * typed errors. Unlike the spec's client it surfaces network failures, and a 401 anywhere sends the person
 * back to the login page.
 */
import type { Endpoint } from '@crm/domain/endpoints';
import type { EndpointRef } from '@crm/domain/endpoint-refs';
import type { z } from 'zod';
import { clearHouseChannel, clearOutsideUser, clearStoredUser } from './storage.ts';
import type { SendInput } from './send.ts';
import { ADMIN_LOGIN } from './wechat.ts';

export const NETWORK_ERROR_MESSAGE = '网络异常，请检查网络后重试';
export const TIMEOUT_ERROR_MESSAGE = '请求超时，请检查网络后重试';

/** How long a call may take before the person is told (issue 9: a weak network says so within 10 s). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Why a call failed: the server answered (`server`: a refusal or a fault, its message shown as is), or it was
 * never reached (`network`: no connection; `timeout`: no answer within REQUEST_TIMEOUT_MS). Only the last two
 * are worth the same request again, unchanged.
 */
export type ApiErrorKind = 'server' | 'network' | 'timeout';

export class ApiError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  readonly kind: ApiErrorKind;
  /** The request field a refusal is about (the envelope's `field`), shown under that field by the form hook. */
  readonly field: string | undefined;

  constructor(message: string, code: number, httpStatus: number, kind: ApiErrorKind = 'server', field?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.kind = kind;
    this.field = field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server was not reached, or did not answer in time: a retry of the same request may go through. */
export function isNetworkFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind !== 'server';
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

/**
 * The sections whose people have a login of their own (a partner's /outside, a channel agent's /houseloan):
 * a 401 there goes to that login, never the staff one. Pages that need no session stay put.
 */
const OWN_LOGINS: ReadonlyArray<{ section: string; login: string; open: RegExp; forget: () => void }> = [
  {
    section: '/outside',
    login: '/outside/login',
    open: /^\/outside\/(login|register)$/,
    forget: clearOutsideUser,
  },
  {
    section: '/houseloan',
    login: '/houseloan/login',
    open: /^\/houseloan\/(login|bestList|bestDetail\/[^/]+)$/,
    forget: clearHouseChannel,
  },
];

function handleUnauthorized(): void {
  const { location } = globalThis;
  const path = location?.pathname.replace(/\/+$/, '') ?? '';
  const own = OWN_LOGINS.find(({ section }) => path === section || path.startsWith(`${section}/`));
  if (location && own) {
    own.forget();
    if (!own.open.test(path)) location.assign(own.login);
    return;
  }
  clearStoredUser();
  if (!location || LOGIN_PATHS.has(location.pathname)) return;
  // The back office is used from a desktop browser: its sign-in is the one login page a desktop may open.
  location.assign(path === '/admin' || path.startsWith('/admin/') ? ADMIN_LOGIN : '/login');
}

export type ApiSuccess<T> = { code: 0; msg: string; data: T };

type RequestOptions = {
  method: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: FormFields;
  /** A JSON body instead (the back office's calls carry arrays, booleans and numbers). */
  json?: unknown;
  signal?: AbortSignal;
  /** A call that carries megabytes or seals a document may take longer than REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Sent as the Idempotency-Key header: the create calls make one record however often it is retried. */
  idempotencyKey?: string;
};

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown; field?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/**
 * Sends one call and answers the whole envelope on code 0 (callers that toast the server's msg need it).
 * Anything else throws ApiError: the server's msg on a refusal, NETWORK_ERROR_MESSAGE when no envelope came
 * or the server was not reached, TIMEOUT_ERROR_MESSAGE after REQUEST_TIMEOUT_MS without an answer.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<ApiSuccess<T>> {
  const url = options.query ? `${path}${toQueryString(options.query)}` : path;
  // The caller's signal (a query cancelled) and our own clock, in one controller.
  const controller = new AbortController();
  const { signal } = options;
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    return await send<T>(url, options, controller.signal, () => isTimedOut);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** One fetch and the reading of its envelope, both under the signal (a stalled body times out too). */
async function send<T>(
  url: string,
  options: RequestOptions,
  signal: AbortSignal,
  isTimedOut: () => boolean,
): Promise<ApiSuccess<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
      },
      body:
        options.json !== undefined ? JSON.stringify(options.json) : options.body ? toFormData(options.body) : undefined,
      signal,
    });
  } catch (error) {
    if (isTimedOut()) throw new ApiError(TIMEOUT_ERROR_MESSAGE, -1, 0, 'timeout');
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, -1, 0, 'network');
  }

  if (response.status === 401) handleUnauthorized();

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isTimedOut()) throw new ApiError(TIMEOUT_ERROR_MESSAGE, -1, response.status, 'timeout');
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, response.status === 401 ? 401 : -1, response.status);
  }
  if (!isEnvelope(body)) throw new ApiError(NETWORK_ERROR_MESSAGE, -1, response.status);

  const msg = typeof body.msg === 'string' ? body.msg : '';
  if (body.code !== 0 || !response.ok) {
    const field = typeof body.field === 'string' ? body.field : undefined;
    throw new ApiError(msg || NETWORK_ERROR_MESSAGE, body.code, response.status, 'server', field);
  }
  return { code: 0, msg, data: body.data as T };
}

export function apiGet<T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal): Promise<ApiSuccess<T>> {
  return apiRequest<T>(path, { method: 'GET', query, signal });
}

export function apiPost<T>(path: string, body: FormFields = {}, signal?: AbortSignal): Promise<ApiSuccess<T>> {
  return apiRequest<T>(path, { method: 'POST', body, signal });
}

/** A POST with a JSON body (the back office, decision 057). */
export function apiPostJson<T>(path: string, json: unknown): Promise<ApiSuccess<T>> {
  return apiRequest<T>(path, { method: 'POST', json });
}

/** A create call (addClient, addAppeal, mortgageUser, addHouseClient, addHouseChannel) with its form fill's key. */
export function apiCreate<T>(path: string, body: FormFields, idempotencyKey: string): Promise<ApiSuccess<T>> {
  return apiRequest<T>(path, { method: 'POST', body, idempotencyKey });
}

/**
 * A call through an EndpointRef, for the pages whose budget has no room for zod (the staff login, decision 061):
 * the path is the contract's and the input and the answer are typed from it, but the answer is not parsed; the
 * server's own response schema shaped it. Here rather than in send.ts, so the login route loads no more chunks.
 */
export function sendRef<E extends Endpoint>(
  ref: EndpointRef<E>,
  input: SendInput<E>,
  { method = 'POST', signal }: { method?: 'GET' | 'POST'; signal?: AbortSignal } = {},
): Promise<ApiSuccess<z.output<E['response']>>> {
  // The login's fields are plain values, which travel as they are.
  const fields = input as FormFields;
  return apiRequest(ref.path, {
    method,
    signal,
    ...(method === 'GET' ? { query: fields as RequestOptions['query'] } : { body: fields }),
  });
}
