import { importCommitSchema, importPreviewSchema, type ImportKind } from '@crm/domain/api/adminio';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api-client.ts';

/** POST /api/admin/import/preview: the file checked row by row; nothing is written yet (decision 059). */
export async function previewImport(input: { kind: ImportKind; file: Blob }) {
  const { data } = await apiPost<unknown>('/api/admin/import/preview', { kind: input.kind, file: input.file });
  return importPreviewSchema.parse(data);
}

/** POST /api/admin/import/commit: the good rows of the previewed file, the rest listed; once per upload. */
export async function commitImport(importId: string) {
  const answer = await apiPost<unknown>('/api/admin/import/commit', { import_id: importId });
  return { ...importCommitSchema.parse(answer.data), msg: answer.msg };
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
export const useCommitImport = () => useMutation({ mutationFn: commitImport });
