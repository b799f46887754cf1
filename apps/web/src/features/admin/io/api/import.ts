import type { ImportKind } from '@crm/domain/api/adminio';
import { commit, preview } from '@crm/domain/endpoints/adminio';
import { useMutation } from '@tanstack/react-query';
import { send, sendAnswer } from '../../../../lib/send.ts';

/** The import preview: the file checked row by row; nothing is written yet (decision 059). */
export async function previewImport(input: { kind: ImportKind; file: Blob }) {
  return send(preview, { kind: input.kind, file: input.file });
}

/** The import commit: the good rows of the previewed file, the rest listed; once per upload. */
export async function commitImport(importId: string) {
  const answer = await sendAnswer(commit, { import_id: importId });
  return { ...answer.data, msg: answer.msg };
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
export const useCommitImport = () => useMutation({ mutationFn: commitImport });
