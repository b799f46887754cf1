import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { timestamptz, corpRef } from './columns.ts';

/*
 * The back office's XLSX import and export (modules/adminio, decision 059). Only modules/adminio imports
 * this file.
 */

/**
 * An uploaded XLSX of staff or clients, parsed and checked (the preview). Its id is random and the key of
 * the commit: committing writes every row in one transaction and records the outcome here, so a second
 * commit of the same upload answers that outcome and imports nothing again.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    corpId: companyRef(),
    /** 32 random hex characters. */
    id: text().notNull(),
    kind: text({ enum: ['staff', 'clients'] }).notNull(),
    createdBy: staffRef(),
    fileName: text().notNull().default(''),
    /** The cells of every data row as read (strings), with the row's number in the sheet. */
    rows: jsonb().$type<{ row: number; cells: string[] }[]>().notNull(),
    rowCount: integer().notNull(),
    errorCount: integer().notNull(),
    status: text({ enum: ['previewed', 'committed'] })
      .notNull()
      .default('previewed'),
    /** How many records the commit made. */
    imported: integer(),
    createdAt: timestamptz().notNull(),
    committedAt: timestamptz(),
  },
  (t) => [
    corpRef('data_imports_created_by_fk', t.corpId, t.createdBy, () => staff),
    primaryKey({ columns: [t.corpId, t.id] }),
    index().on(t.corpId, t.createdAt),
  ],
);

/**
 * An export of case lists or brokerage orders to XLSX, written in the background with its progress here
 * (the page polls rows_done / rows_total); the file lives in the storage adapter under `storage_key`, and
 * only its requester downloads it, through a signed link.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    corpId: companyRef(),
    /** 32 random hex characters. */
    id: text().notNull(),
    kind: text({ enum: ['cases', 'brokerage'] }).notNull(),
    requestedBy: staffRef(),
    filter: jsonb().notNull(),
    status: text({ enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    rowsDone: integer().notNull().default(0),
    rowsTotal: integer().notNull().default(0),
    storageKey: text(),
    error: text(),
    createdAt: timestamptz().notNull(),
    /** Moved at every page written: a running export not moved for two minutes died with its process. */
    updatedAt: timestamptz().notNull(),
  },
  (t) => [
    corpRef('data_exports_requested_by_fk', t.corpId, t.requestedBy, () => staff),
    primaryKey({ columns: [t.corpId, t.id] }),
    index().on(t.corpId, t.requestedBy, t.createdAt),
  ],
);
