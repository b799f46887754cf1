import type { esignAddedSchema } from '@crm/domain/api/esign';
import type { Endpoint } from '@crm/domain/endpoints';
import * as E from '@crm/domain/endpoints/esign';
import { uploadImg } from '@crm/domain/endpoints/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_MESSAGE, type ApiSuccess } from '../../../lib/api-client.ts';
import { keysWithArgs } from '../../../lib/arg-keys.ts';
import { useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer, type SendInput } from '../../../lib/send.ts';

export const esignKeys = keysWithArgs('esign', ['list', 'signer'], { order: 0, evidence: 0 });

export const useEsignList = () => useEndpointList(esignKeys.list, E.list);

export const useEsignOrder = (id: number) =>
  useQuery({ queryKey: esignKeys.order(id), queryFn: ({ signal }) => send(E.order, { id }, { signal }) });

export const useEsignEvidence = (id: number) =>
  useQuery({ queryKey: esignKeys.evidence(id), queryFn: ({ signal }) => send(E.evidence, { id }, { signal }) });

/** What an order write answers: add and resend a fresh link, open and cancel their message alone. */
type EsignWritten = ApiSuccess<z.output<typeof esignAddedSchema> | null>;

/** add, resend, cancel, open: each changes the order and the list. */
function useEsignWrite<I>(write: (input: I) => Promise<EsignWritten>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      const { msg, data } = await write(input);
      return { msg, link: data?.link ?? null, id: data?.id ?? null };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: esignKeys.all }),
  });
}

export const useEsignAdd = () => useEsignWrite((input: { user_id: number }) => sendAnswer(E.add, input));
export const useEsignResend = () => useEsignWrite((input: { id: number }) => sendAnswer(E.resend, input));
export const useEsignCancel = () => useEsignWrite((input: { id: number }) => sendAnswer(E.cancel, input));
export const useEsignOpen = () =>
  useEsignWrite((input: { id: number; bank_card: string; bank_name: string }) => sendAnswer(E.open, input));

/** A call answering a PDF (or, refused, the envelope): saved as a download. */
async function downloadPdf<D extends typeof E.download | typeof E.signerDownload>(endpoint: D, input: SendInput<D>) {
  const response = await fetch(endpoint.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
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

/** POST /api/esign/download: an order's original, sealed file or completion certificate (staff). */
export const downloadOrderFile = (id: number, file: 'original' | 'sealed' | 'certificate') =>
  downloadPdf(E.download, { id, file });

/** POST /api/esign/signer/download: the signer's own sealed copy. */
export const downloadSignedCopy = () => downloadPdf(E.signerDownload, { file: 'sealed' });

/** POST /api/esign/signer/download: the order's signing certificate (签署证书), sealed and timestamped. */
export const downloadSigningCertificate = () => downloadPdf(E.signerDownload, { file: 'certificate' });

/**
 * A JSON call (the signature and a PDF to verify are larger than a form field may be). Sealing or checking a
 * document uploads up to megabytes and does real work, so it is given a minute, not the usual 10 s.
 */
const sendJson = <C extends Endpoint>(endpoint: C, input: SendInput<C>) =>
  send(endpoint, input, { json: true, timeoutMs: 60_000 });

export const verifyPdf = (base64: string) => sendJson(E.verify, { pdf: base64 });

/** POST /api/esign/public/verify (no login, multipart): what a PDF's own bytes say, and whether it was sealed here. */
export const publicVerify = (file: Blob) => send(E.publicVerify, { file }, { timeoutMs: 60_000 });

// ---- the signer ----

export const signerStart = (token: string) => send(E.signerStart, { token });
export const signerCode = (token: string) => send(E.signerCode, { token });
export const signerLogin = (fields: { token: string; code: string; id_number: string }) => send(E.signerLogin, fields);
export const signerDocument = () => send(E.signerDocument, {});
export const signerPage = (page: number) => send(E.signerPage, { page });
export const signerSign = (signature: string) => sendJson(E.signerSign, { signature, consent: true });

/**
 * POST /api/ysb/uploadImg (kind bankCard): the number the OCR read on a photo of the card, for the open-card
 * form to fill in (the person can still correct it). A refusal (not a card, unreadable) raises its ApiError.
 */
export async function recognizeBankCard(file: Blob): Promise<string | null> {
  const { ocr } = await send(uploadImg, { kind: 'bankCard', file });
  return ocr?.number || null;
}
