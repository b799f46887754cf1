import {
  esignAddedSchema,
  esignEvidenceSchema,
  esignListSchema,
  esignOrderSchema,
  esignSignerDocumentSchema,
  esignSignerStartSchema,
  esignVerifySchema,
} from '@crm/domain/api/esign';
import { uploadImgResponseSchema } from '@crm/domain/api/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { apiRead, cursorPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { keysWithArgs } from '../../../lib/arg-keys.ts';

export const esignKeys = keysWithArgs('esign', ['list', 'signer'], { order: 0, evidence: 0 });

export const useEsignList = () =>
  usePagedList({
    queryKey: esignKeys.list,
    fetchPage: cursorPages('POST', '/api/esign/list', { limit: 20 }, esignListSchema),
  });

export const useEsignOrder = (id: number) =>
  useQuery({
    queryKey: esignKeys.order(id),
    queryFn: ({ signal }) => apiRead('POST', '/api/esign/order', { id }, esignOrderSchema, signal),
  });

export const useEsignEvidence = (id: number) =>
  useQuery({
    queryKey: esignKeys.evidence(id),
    queryFn: ({ signal }) => apiRead('POST', '/api/esign/evidence', { id }, esignEvidenceSchema, signal),
  });

/** add, resend, cancel, open: each changes the order and the list. */
export function useEsignAction<I extends Record<string, string | number>>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const response = await apiPost<unknown>(path, input);
      const added = esignAddedSchema.safeParse(response.data);
      return {
        msg: response.msg,
        link: added.success ? added.data.link : null,
        id: added.success ? added.data.id : null,
      };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: esignKeys.all }),
  });
}

/** A call answering a PDF (or, refused, the envelope): saved as a download. */
export async function downloadPdf(path: string, fields: Record<string, string | number>) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  if (!(response.headers.get('content-type') ?? '').includes('application/pdf')) {
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(body?.msg ?? NETWORK_ERROR_MESSAGE, body?.code ?? -1, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'esign.pdf';
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A JSON call (the signature and a PDF to verify are larger than a form field may be). */
async function postJson<T>(path: string, payload: object, schema: z.ZodType<T>): Promise<{ data: T; msg: string }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const body = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: unknown } | null;
  if (!body || body.code !== 0)
    throw new ApiError(body?.msg ?? NETWORK_ERROR_MESSAGE, body?.code ?? -1, response.status);
  return { data: schema.parse(body.data), msg: body.msg ?? '' };
}

export const verifyPdf = (base64: string) => postJson('/api/esign/verify', { pdf: base64 }, esignVerifySchema);

// ---- the signer ----

export const signerStart = async (token: string) =>
  esignSignerStartSchema.parse((await apiPost<unknown>('/api/esign/signer/start', { token })).data);
export const signerCode = async (token: string) =>
  z
    .object({ verifyCode: z.string().optional() })
    .parse((await apiPost<unknown>('/api/esign/signer/code', { token })).data);
export const signerLogin = (fields: { token: string; code: string; id_number: string }) =>
  apiPost<null>('/api/esign/signer/login', fields);
export const signerDocument = async () =>
  esignSignerDocumentSchema.parse((await apiPost<unknown>('/api/esign/signer/document', {})).data);
export const signerPage = (page: number) => apiPost<null>('/api/esign/signer/page', { page });
export const signerSign = (signature: string) =>
  postJson('/api/esign/signer/sign', { signature, consent: true }, z.object({ sealed_sha256: z.string() }));

/**
 * POST /api/ysb/uploadImg (kind bankCard): the number the OCR read on a photo of the card, for the open-card
 * form to fill in (the person can still correct it). A refusal (not a card, unreadable) raises its ApiError.
 */
export async function recognizeBankCard(file: Blob): Promise<string | null> {
  const { data } = await apiPost<unknown>('/api/ysb/uploadImg', { kind: 'bankCard', file });
  return uploadImgResponseSchema.parse(data).ocr?.number || null;
}
