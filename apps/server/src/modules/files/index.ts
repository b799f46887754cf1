import { and, eq, inArray, isNull } from 'drizzle-orm';
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

/**
 * Retention erased these owners' personal data (decision 071): their images are no longer served, and the
 * files sweep (`sweepErased`) removes the stored objects. In the erasure's transaction. Answers how many.
 */
export async function eraseOwnerFiles(
  tx: Tx,
  corpId: number,
  owner: { kind: 'case' | 'house_client'; ids: number[] },
  at: Date,
): Promise<number> {
  if (owner.ids.length === 0) return 0;
  const column = owner.kind === 'case' ? files.clientId : files.houseClientId;
  const erased = await tx
    .update(files)
    .set({ erasedAt: at })
    .where(and(eq(files.corpId, corpId), inArray(column, owner.ids), isNull(files.erasedAt)))
    .returning({ id: files.id });
  return erased.length;
}
