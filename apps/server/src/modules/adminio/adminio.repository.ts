import { and, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { primaryReads, type Reads } from '../../db/replicas.ts';
import { dataExports, dataImports } from '../../db/schema/adminio.ts';

/** The back office's imports and exports (decision 059); the records they read and write are other modules'. */
export function createAdminioRepository(db: Db, reads: Reads = primaryReads(db)) {
  return {
    /** The database, for the owners' exported reads outside a transaction. */
    db,
    /**
     * What an export's pages are read from: a read replica that has replayed every write committed before the
     * export started, else the primary (decision 077).
     */
    exportSource: () => reads.caughtUp(),
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    insertImport: (values: typeof dataImports.$inferInsert) => db.insert(dataImports).values(values),
    /** The import, locked for the commit: two commits of one upload run one after the other. */
    lockImport: (tx: Tx, corpId: number, id: string) =>
      tx
        .select()
        .from(dataImports)
        .where(and(eq(dataImports.corpId, corpId), eq(dataImports.id, id)))
        .for('update')
        .limit(1)
        .then((rows) => rows[0]),
    findImport: (corpId: number, id: string) =>
      db
        .select()
        .from(dataImports)
        .where(and(eq(dataImports.corpId, corpId), eq(dataImports.id, id)))
        .limit(1)
        .then((rows) => rows[0]),
    markCommitted: (tx: Tx, corpId: number, id: string, imported: number, at: Date) =>
      tx
        .update(dataImports)
        .set({ status: 'committed', imported, committedAt: at, errorCount: 0 })
        .where(and(eq(dataImports.corpId, corpId), eq(dataImports.id, id))),

    insertExport: (tx: Tx, values: typeof dataExports.$inferInsert) => tx.insert(dataExports).values(values),
    findExport: (corpId: number, id: string) =>
      db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.corpId, corpId), eq(dataExports.id, id)))
        .limit(1)
        .then((rows) => rows[0]),
    updateExport: (
      corpId: number,
      id: string,
      values: Partial<
        Pick<typeof dataExports.$inferInsert, 'rowsDone' | 'status' | 'storageKey' | 'error' | 'updatedAt'>
      >,
    ) =>
      db
        .update(dataExports)
        .set(values)
        .where(and(eq(dataExports.corpId, corpId), eq(dataExports.id, id))),

    /** Exports and uploads older than `before`, across companies (the hourly sweep). */
    oldExports: (before: Date) =>
      db
        .select({ corpId: dataExports.corpId, id: dataExports.id, storageKey: dataExports.storageKey })
        .from(dataExports)
        .where(lt(dataExports.createdAt, before))
        .limit(500),
    deleteExport: (corpId: number, id: string) =>
      db.delete(dataExports).where(and(eq(dataExports.corpId, corpId), eq(dataExports.id, id))),
    deleteImportsBefore: (before: Date) => db.delete(dataImports).where(lt(dataImports.createdAt, before)),
  };
}

export type AdminioRepository = ReturnType<typeof createAdminioRepository>;
export type ExportRow = typeof dataExports.$inferSelect;
