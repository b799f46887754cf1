import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, staff } from './staff.ts';
import { clients } from './cases.ts';

/*
 * Uploaded files (modules/files): every image any module stores, whoever attaches it. Only modules/files
 * imports this file.
 */

/**
 * An uploaded image, stored re-encoded (EXIF and anything appended stripped) with a thumbnail. The keys
 * are random, never derived from ids or names, and files are served only through the signed image route.
 * An image belongs to one case; it is "attached" once a proof or money record uses it.
 */
export const files = pgTable(
  'files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    uploaderId: integer()
      .notNull()
      .references(() => staff.id),
    storageKey: text().notNull(),
    thumbKey: text().notNull(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    attachedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.corpId, t.clientId),
    index().on(t.corpId, t.uploaderId, t.createdAt),
    // The sweep of images uploaded but never used (a form abandoned) walks this, company by company.
    index('files_unattached_idx').on(t.corpId, t.createdAt).where(sql`${t.attachedAt} is null`),
  ],
);
