import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
/*
 * The public surface of modules/files: what other modules may use of uploaded files. Money and house link
 * files to their records through the service (store, attach, links, read); the table stays this module's.
 */
export type { FileRow } from './files.repository.ts';
export { ownerOf, type FileLinks, type FileOwner, type FilesService } from './files.service.ts';
export { signDownload, verifyDownload } from './image-urls.ts';

/** A merge (decision 066): the merged case's images now belong to the kept one. */
export async function moveCaseFiles(tx: Tx, corpId: number, from: number, to: number): Promise<number> {
  const moved = await tx
    .update(files)
    .set({ clientId: to })
    .where(and(eq(files.corpId, corpId), eq(files.clientId, from)))
    .returning({ id: files.id });
  return moved.length;
}
