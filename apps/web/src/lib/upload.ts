/**
 * Multipart upload with progress. fetch cannot report upload progress, so this one call goes through
 * XMLHttpRequest; it reads the same envelope and raises the same ApiError as api-client.
 */
import type { Endpoint } from '@crm/domain/endpoints';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, toFormData, type ApiSuccess, type FormFields } from './api-client.ts';
import { toFields, type SendInput } from './send.ts';
import { clearStoredUser } from './storage.ts';

export type UploadOptions = {
  /** 0 to 1, as the bytes leave the phone. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tests pass a fake; the browser's by default. */
  createRequest?: () => XMLHttpRequest;
};

export function uploadForm<T>(path: string, fields: FormFields, options: UploadOptions = {}): Promise<ApiSuccess<T>> {
  const { onProgress, signal, createRequest = () => new XMLHttpRequest() } = options;
  return new Promise((resolve, reject) => {
    const request = createRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, -1, 0));
    request.ontimeout = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, -1, 0));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    request.onload = () => {
      if (request.status === 401) {
        clearStoredUser();
        globalThis.location?.assign('/login');
      }
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        reject(new ApiError(NETWORK_ERROR_MESSAGE, -1, request.status));
        return;
      }
      const envelope = body as { code?: unknown; msg?: unknown; data?: unknown } | null;
      if (typeof envelope?.code !== 'number') {
        reject(new ApiError(NETWORK_ERROR_MESSAGE, -1, request.status));
        return;
      }
      const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
      if (envelope.code !== 0 || request.status >= 400) {
        reject(new ApiError(msg || NETWORK_ERROR_MESSAGE, envelope.code, request.status));
        return;
      }
      onProgress?.(1);
      resolve({ code: 0, msg, data: envelope.data as T });
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(toFormData(fields));
  });
}

/**
 * uploadForm through an endpoint contract (issue 45): the multipart input typed from the endpoint's request, the
 * answer parsed by its response schema, with the same upload progress.
 */
export async function sendUpload<E extends Endpoint>(
  endpoint: E,
  input: SendInput<E>,
  options: UploadOptions = {},
): Promise<z.output<E['response']>> {
  const { data } = await uploadForm<unknown>(endpoint.path, toFields(input), options);
  return endpoint.response.parse(data) as z.output<E['response']>;
}
