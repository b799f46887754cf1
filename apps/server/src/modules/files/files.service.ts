import type { FileStorage } from '../../adapters/storage/index.ts';
import { newStorageKeys } from '../../adapters/storage/index.ts';
import { cleanImage } from '../../images/image-processing.ts';
import type { FileRow, FilesRepository, Transaction as Tx } from './files.repository.ts';
import { signImageUrl, verifyImageSignature, type ImageVariant } from './image-urls.ts';

/*
 * The one files module: every uploaded image of every module (case proofs and repayments, home-loan
 * documents; e-sign evidence and exam images next) is cleaned, stored, linked, served and swept here.
 * Owners keep only the file id in their own tables and decide who may see it; this module never asks.
 */

/** Who a file belongs to: exactly one owner, of one kind. */
export type FileOwner =
  | { kind: 'case'; clientId: number }
  | { kind: 'house_client'; houseClientId: number }
  | { kind: 'esign_order'; esignOrderId: number };

export interface FileLinks {
  id: number;
  url: string;
  thumb_url: string;
}

export interface FilesServiceDeps {
  repo: FilesRepository;
  storage: FileStorage;
  /** Signs the short-lived image links. */
  secret: string;
  now: () => Date;
  log?: (message: string, error: unknown) => void;
}

/** An uploaded file nobody attached within a day is an abandoned form's. */
export const UNATTACHED_MAX_AGE_MS = 24 * 3600_000;
const SWEEP_BATCH = 200;

const ownerColumns = (owner: FileOwner) =>
  owner.kind === 'case'
    ? { ownerKind: owner.kind, clientId: owner.clientId }
    : owner.kind === 'house_client'
      ? { ownerKind: owner.kind, houseClientId: owner.houseClientId }
      : { ownerKind: owner.kind, esignOrderId: owner.esignOrderId };

/** What `storeDocument` accepts, recognised by content (the magic bytes), never by a name or a header. */
const DOCUMENT_TYPES = [
  { contentType: 'application/pdf', magic: Buffer.from('%PDF-') },
  { contentType: 'image/png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
] as const;
/** A generated or sealed contract, a signature image: far below this. */
export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;

/** The owner a file row names. */
export function ownerOf(file: FileRow): FileOwner {
  if (file.ownerKind === 'case' && file.clientId !== null) return { kind: 'case', clientId: file.clientId };
  if (file.ownerKind === 'house_client' && file.houseClientId !== null)
    return { kind: 'house_client', houseClientId: file.houseClientId };
  if (file.ownerKind === 'esign_order' && file.esignOrderId !== null)
    return { kind: 'esign_order', esignOrderId: file.esignOrderId };
  throw new Error(`file ${file.id} has no owner of kind ${file.ownerKind}`);
}

export function createFilesService({ repo, storage, secret, now, log = () => undefined }: FilesServiceDeps) {
  /** Removes stored objects after a failed or undone write; a failure here is logged, never thrown over the first. */
  async function removeObjects(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log(`could not remove stored object ${key}`, error);
      }
    }
  }

  return {
    removeObjects,

    /**
     * Cleans (content-sniffed, re-encoded, EXIF gone), thumbnails and stores one image, then inserts its row,
     * unattached. Compensation: if writing the objects or inserting the row throws, the objects already
     * written are deleted, so storage never keeps bytes no row names. The row commits on its own, not in
     * the owner's transaction: the owner attaches it in its own (attach), and a row whose owner's write
     * failed stays unattached, so the sweep removes it with its objects. Nothing is ever orphaned.
     */
    async store(input: {
      corpId: number;
      /** Staff who uploaded it; null with `uploaderAgentId` for a channel agent of /houseloan. */
      uploaderId: number | null;
      uploaderAgentId?: number;
      owner: FileOwner;
      bytes: Buffer;
    }): Promise<FileRow> {
      const clean = await cleanImage(input.bytes);
      const { key, thumbKey } = newStorageKeys(input.corpId);
      const written: string[] = [];
      try {
        await storage.put(key, clean.image, clean.contentType);
        written.push(key);
        await storage.put(thumbKey, clean.thumb, 'image/jpeg');
        written.push(thumbKey);
        return await repo.insert({
          corpId: input.corpId,
          ...ownerColumns(input.owner),
          uploaderId: input.uploaderId,
          uploaderAgentId: input.uploaderAgentId ?? null,
          storageKey: key,
          thumbKey,
          contentType: clean.contentType,
          bytes: clean.image.length,
          width: clean.width,
          height: clean.height,
          createdAt: now(),
        });
      } catch (error) {
        await removeObjects(written);
        throw error;
      }
    },

    /**
     * Stores a document byte for byte (a PDF, a PNG signature: evidence is never re-encoded, its hash must
     * hold), checked by content and size, unattached like an image; the same compensation as `store`.
     * The one object doubles as its "thumbnail". No uploader for an e-sign order's files (the order's
     * event log says who).
     */
    async storeDocument(input: {
      corpId: number;
      uploaderId: number | null;
      owner: FileOwner;
      bytes: Buffer;
      /** Inserts the row, attached, in the owner's transaction (the owner removes the object if it rolls back). */
      tx?: Tx;
    }): Promise<FileRow> {
      const type = DOCUMENT_TYPES.find(({ magic }) => input.bytes.subarray(0, magic.length).equals(magic));
      if (!type || input.bytes.length > DOCUMENT_MAX_BYTES) throw new Error('not a storable document');
      const { key } = newStorageKeys(input.corpId);
      let written = false;
      try {
        await storage.put(key, input.bytes, type.contentType);
        written = true;
        return await repo.insert(
          {
            corpId: input.corpId,
            ...ownerColumns(input.owner),
            uploaderId: input.uploaderId,
            uploaderAgentId: null,
            storageKey: key,
            thumbKey: key,
            contentType: type.contentType,
            bytes: input.bytes.length,
            width: 0,
            height: 0,
            createdAt: now(),
            attachedAt: input.tx ? now() : null,
          },
          input.tx,
        );
      } catch (error) {
        if (written) await removeObjects([key]);
        throw error;
      }
    },

    find: (corpId: number, fileIds: number[]) => repo.find(corpId, fileIds),
    async findOne(corpId: number, fileId: number): Promise<FileRow | undefined> {
      const [row] = await repo.find(corpId, [fileId]);
      return row;
    },

    /** Marks fresh files as used by their owner's record, in its transaction; answers how many it took. */
    attach: (tx: Tx, corpId: number, fileIds: number[], at: Date) => repo.attach(tx, corpId, fileIds, at),

    /**
     * Deletes the rows of files their owner gave up, in the owner's transaction; answers the stored keys,
     * which the caller hands to removeObjects once that transaction has committed.
     */
    async forget(tx: Tx, corpId: number, fileIds: number[]): Promise<string[]> {
      const removed = await repo.delete(tx, corpId, fileIds);
      return removed.flatMap((file) => [file.storageKey, file.thumbKey]);
    },

    /** Deletes a file not yet attached (an upload grid's ×); false when it was attached meanwhile. */
    async deleteUnattached(corpId: number, fileId: number): Promise<boolean> {
      const removed = await repo.deleteUnattached(corpId, fileId);
      if (!removed) return false;
      await removeObjects([removed.storageKey, removed.thumbKey]);
      return true;
    },

    /** Short-lived signed links of one file for one viewer (full size and thumbnail). */
    links(fileId: number, viewerId: number): FileLinks {
      const at = now().getTime();
      return {
        id: fileId,
        url: signImageUrl(secret, fileId, 'full', viewerId, at),
        thumb_url: signImageUrl(secret, fileId, 'thumb', viewerId, at),
      };
    },

    verifyLink: (input: { fileId: number; variant: ImageVariant; expires: number; sig: string; staffId: number }) =>
      verifyImageSignature(secret, input, now().getTime()),

    /** The bytes of one file in one size, or null when storage lost them. */
    async read(file: FileRow, variant: ImageVariant): Promise<{ body: Buffer; contentType: string } | null> {
      if (file.erasedAt) return null;
      const body = await storage.get(variant === 'thumb' ? file.thumbKey : file.storageKey);
      return body ? { body, contentType: variant === 'thumb' ? 'image/jpeg' : file.contentType } : null;
    },

    /**
     * Removes files uploaded but never attached (a form abandoned) once older than `maxAgeMs`, rows and
     * objects, in batches per company, whatever module owns them. Answers how many went.
     */
    async sweepUnattached(maxAgeMs = UNATTACHED_MAX_AGE_MS): Promise<number> {
      const before = new Date(now().getTime() - maxAgeMs);
      let removed = 0;
      for (const corpId of await repo.companyIds()) {
        for (;;) {
          const batch = await repo.deleteStaleUnattached(corpId, before, SWEEP_BATCH);
          await removeObjects(batch.flatMap((file) => [file.storageKey, file.thumbKey]));
          removed += batch.length;
          if (batch.length < SWEEP_BATCH) break;
        }
      }
      return removed;
    },

    /**
     * Removes the stored objects of files whose owner's personal data retention erased (decision 071), in
     * batches; the rows stay (repayments and documents name them), their keys blanked. Run after every
     * erasure and by the hourly sweep, so a crash between the erasure's commit and the removal loses nothing.
     */
    async sweepErased(): Promise<number> {
      let removed = 0;
      for (const corpId of await repo.companyIds()) {
        for (;;) {
          const batch = await repo.erasedPending(corpId, SWEEP_BATCH);
          await removeObjects(batch.flatMap((file) => [file.storageKey, file.thumbKey]));
          await repo.objectsRemoved(
            corpId,
            batch.map((file) => file.id),
          );
          removed += batch.length;
          if (batch.length < SWEEP_BATCH) break;
        }
      }
      return removed;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
