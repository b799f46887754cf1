import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff } from './staff.ts';
import { clients } from './cases.ts';
import { houseBrokerageUsers, houseClients } from './house.ts';
import { esignOrders } from './esign.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * Uploaded files (modules/files): every image any module stores, whoever attaches it. Only modules/files
 * imports this file.
 */

/**
 * Who a file belongs to: a case (proofs, repayments), a home-loan client (its documents) or an e-sign
 * order (its PDFs and the signer's handwritten signature, decision 054).
 */
export const FILE_OWNER_KINDS = ['case', 'house_client', 'esign_order'] as const;
export type FileOwnerKind = (typeof FILE_OWNER_KINDS)[number];

/**
 * An uploaded image, stored re-encoded (EXIF and anything appended stripped) with a thumbnail. The keys
 * are random, never derived from ids or names, and files are served only through signed links. An image
 * belongs to one owner, named by `ownerKind` and the one owner column of that kind (a real foreign key
 * each, so an owner cannot vanish from under its files; e-sign evidence and exam images add a kind and a
 * column). It is "attached" once the owner's record (proof, repayment, house document) uses it; the sweep
 * removes what stays unattached.
 */
export const files = pgTable(
  'files',
  {
    id: identity(),
    corpId: companyRef(),
    ownerKind: text({ enum: FILE_OWNER_KINDS }).notNull(),
    clientId: integer(),
    houseClientId: integer(),
    esignOrderId: integer(),
    /**
     * Staff who uploaded it, or a channel agent of /houseloan (decision 052): exactly one; an e-sign
     * order's files (generated documents, a signer's signature) may have neither: its event log says who.
     */
    uploaderId: integer(),
    uploaderAgentId: integer(),
    storageKey: text().notNull(),
    thumbKey: text().notNull(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    attachedAt: timestamptz(),
    createdAt: timestamptzNow(),
    /**
     * When retention erased the owner's personal data (decision 071): the row stays for the records that
     * name it (repayment, proof, house document), the image is no longer served, and the files sweep removes
     * the stored objects, then blanks the keys ('' = objects gone).
     */
    erasedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('files_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('files_house_client_id_fk', t.corpId, t.houseClientId, () => houseClients),
    corpRef('files_esign_order_id_fk', t.corpId, t.esignOrderId, () => esignOrders),
    corpRef('files_uploader_id_fk', t.corpId, t.uploaderId, () => staff),
    corpRef('files_uploader_agent_id_fk', t.corpId, t.uploaderAgentId, () => houseBrokerageUsers),
    index().on(t.corpId, t.clientId),
    index().on(t.corpId, t.houseClientId),
    // Exactly the owner column of the file's kind is set.
    check(
      'files_one_owner',
      sql`(${t.ownerKind} = 'case' and ${t.clientId} is not null and ${t.houseClientId} is null and ${t.esignOrderId} is null) or (${t.ownerKind} = 'house_client' and ${t.houseClientId} is not null and ${t.clientId} is null and ${t.esignOrderId} is null) or (${t.ownerKind} = 'esign_order' and ${t.esignOrderId} is not null and ${t.clientId} is null and ${t.houseClientId} is null)`,
    ),
    index().on(t.corpId, t.uploaderId, t.createdAt),
    check(
      'files_one_uploader',
      sql`num_nonnulls(${t.uploaderId}, ${t.uploaderAgentId}) = 1 or (${t.ownerKind} = 'esign_order' and num_nonnulls(${t.uploaderId}, ${t.uploaderAgentId}) = 0)`,
    ),
    index().on(t.corpId, t.esignOrderId),
    // The sweep of images uploaded but never used (a form abandoned) walks this, company by company.
    index('files_unattached_idx')
      .on(t.corpId, t.createdAt)
      .where(sql`${t.attachedAt} is null`),
    // Erased files whose objects are still stored: what the files sweep removes next.
    index('files_erased_pending_idx')
      .on(t.corpId, t.id)
      .where(sql`${t.erasedAt} is not null and ${t.storageKey} <> ''`),
  ],
);
