import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client.ts';

/**
 * Downloads a file a call answers (an XLSX, a PDF) with the session cookie, and saves it under the name the
 * server gave. A refusal answers the `{code, msg}` envelope instead of the file: it is thrown as an ApiError
 * with the server's Chinese message, and a network failure with the client's, so the page toasts either rather
 * than the browser opening the envelope as a page.
 */
export async function downloadFile(url: string, fallbackName: string, init: RequestInit = {}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, -1, 0, 'network');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(body?.msg ?? NETWORK_ERROR_MESSAGE, body?.code ?? -1, response.status);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
