import { and, asc, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/staff.ts';
import { files } from '../../db/schema/files.ts';

/** The transaction owners pass in (services may not import db/, so they name it through here). */
export type Transaction = Tx;
export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;
type StoredKeys = { storageKey: string; thumbKey: string };

/**
 * The only SQL over `files`. Every function takes the company first; the ones that write take the
 * executor (the caller's transaction, or the pool) so a file row commits or rolls back with its owner.
 */
export function createFilesRepository(db: Db) {
  const keys = { storageKey: files.storageKey, thumbKey: files.thumbKey };
  return {
    async insert(row: NewFile, executor: Db | Tx = db): Promise<FileRow> {
      const [inserted] = await executor.insert(files).values(row).returning();
      if (!inserted) throw new Error('file row not inserted');
      return inserted;
    },

    async find(corpId: number, fileIds: number[], executor: Db | Tx = db): Promise<FileRow[]> {
      if (fileIds.length === 0) return [];
      return executor
        .select()
        .from(files)
        .where(and(eq(files.corpId, corpId), inArray(files.id, fileIds)));
    },

    /** Marks fresh files as used; conditional on their still being unattached, so of two racers one wins. */
    async attach(tx: Tx, corpId: number, fileIds: number[], at: Date): Promise<number> {
      if (fileIds.length === 0) return 0;
      const rows = await tx
        .update(files)
        .set({ attachedAt: at })
        .where(and(eq(files.corpId, corpId), inArray(files.id, fileIds), isNull(files.attachedAt)))
        .returning({ id: files.id });
      return rows.length;
    },

    /** Deletes a file nothing uses yet; answers its keys, or nothing when it was attached meanwhile. */
    async deleteUnattached(corpId: number, fileId: number): Promise<StoredKeys | undefined> {
      const [row] = await db
        .delete(files)
        .where(and(eq(files.corpId, corpId), eq(files.id, fileId), isNull(files.attachedAt)))
        .returning(keys);
      return row;
    },

    /** Deletes the rows of files their owner gave up (in the owner's transaction); answers their keys. */
    delete: (tx: Tx, corpId: number, fileIds: number[]): Promise<StoredKeys[]> =>
      fileIds.length === 0
        ? Promise.resolve([])
        : tx
            .delete(files)
            .where(and(eq(files.corpId, corpId), inArray(files.id, fileIds)))
            .returning(keys),

    /** Up to `limit` erased files of a company whose objects are still stored (decision 071). */
    erasedPending: (corpId: number, limit: number) =>
      db
        .select({ id: files.id, ...keys })
        .from(files)
        .where(and(eq(files.corpId, corpId), isNotNull(files.erasedAt), ne(files.storageKey, '')))
        .orderBy(asc(files.id))
        .limit(limit),

    /** The objects of these erased files are gone: their keys are blanked so the sweep does not ask again. */
    async objectsRemoved(corpId: number, fileIds: number[]) {
      if (fileIds.length === 0) return;
      await db
        .update(files)
        .set({ storageKey: '', thumbKey: '' })
        .where(and(eq(files.corpId, corpId), inArray(files.id, fileIds), isNotNull(files.erasedAt)));
    },

    async companyIds(): Promise<number[]> {
      const rows = await db.select({ id: companies.id }).from(companies);
      return rows.map((row) => row.id);
    },

    /** Deletes up to `limit` files of a company never attached and older than `before`; answers their keys. */
    deleteStaleUnattached(corpId: number, before: Date, limit: number): Promise<StoredKeys[]> {
      const stale = db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.corpId, corpId), isNull(files.attachedAt), lt(files.createdAt, before)))
        .limit(limit);
      return db
        .delete(files)
        .where(and(eq(files.corpId, corpId), isNull(files.attachedAt), inArray(files.id, stale)))
        .returning(keys);
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
