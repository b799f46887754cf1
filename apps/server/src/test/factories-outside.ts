import type { Db } from '../db/client.ts';
import { outsideChannels, outsidePartners, outsideReferrals } from '../db/schema/outside.ts';
import { insertRow, uniquePhone } from './factories.ts';

let counter = 0;

/** The owner columns of a new row, and a name and phone numbered for it alone. */
function numbered<K extends string>(
  owner: { corpId: number; id: number },
  ownerColumn: K,
  name: string,
  phonePrefix: string,
  phoneSalt: number,
) {
  const n = ++counter;
  const owned = { [ownerColumn]: owner.id } as Record<K, number>;
  return { corpId: owner.corpId, ...owned, name: `${name}${n}`, phone: uniquePhone(phonePrefix, n, phoneSalt) };
}

/** An outside partner of a staff member's network, approved unless the test says otherwise. */
export async function createPartner(
  db: Db,
  network: { corpId: number; id: number },
  overrides: Partial<typeof outsidePartners.$inferInsert> = {},
) {
  return insertRow(
    db,
    outsidePartners,
    { ...numbered(network, 'staffId', '伙伴', '137', 7717), status: 1, ...overrides },
    'partner',
  );
}

/** A referral of a partner, protected until `protectedUntil`. */
export async function createReferral(
  db: Db,
  partner: { corpId: number; id: number },
  values: Partial<typeof outsideReferrals.$inferInsert> & { protectedUntil: Date },
) {
  const row = { ...numbered(partner, 'partnerId', '客户', '136', 6007), idNumber: '', amountFen: 5_000_000 };
  return insertRow(db, outsideReferrals, { ...row, ...values }, 'referral');
}

/**
 * The partners, or the referrals, holding this phone, read the way a test checks what landed: the columns are
 * sealed (decision 074), so the rows are opened and compared here, not in SQL.
 */
export async function partnersWith(db: Db, who: { phone: string; corpId?: number }) {
  const rows = await db.select().from(outsidePartners);
  return rows.filter((row) => row.phone === who.phone && (who.corpId === undefined || row.corpId === who.corpId));
}

export async function referralsWith(db: Db, who: { phone: string; corpId?: number }) {
  const rows = await db.select().from(outsideReferrals);
  return rows.filter((row) => row.phone === who.phone && (who.corpId === undefined || row.corpId === who.corpId));
}

export const createOutsideChannel = (db: Db, partner: { corpId: number; id: number }, name = '门店') =>
  insertRow(db, outsideChannels, { corpId: partner.corpId, partnerId: partner.id, name }, 'outside channel');
