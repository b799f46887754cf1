import type { SubjectExport } from '@crm/domain/api/retention';
import * as E from '@crm/domain/endpoints/retention';
import { useMutation } from '@tanstack/react-query';
import { send, sendAnswer } from '../../../lib/send.ts';

/*
 * The data-subject request (decision 071): each call writes its audit line, so each is a mutation sent through
 * its endpoint contract, JSON-bodied like the back office's other calls.
 */

export const useFindSubject = () =>
  useMutation({ mutationFn: (who: string) => send(E.subjectFind, { who }, { json: true }) });

export const useExportSubject = () =>
  useMutation({ mutationFn: (who: string) => send(E.subjectExport, { who }, { json: true }) });

/** Erases; answers the server's message (how many went, how many are kept) with the counts. */
export const useEraseSubject = () =>
  useMutation({ mutationFn: (who: string) => sendAnswer(E.subjectErase, { who }, { json: true }) });

/** Saves the export as the JSON file the admin hands the person. */
export function saveExport(file: SubjectExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.file_name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
