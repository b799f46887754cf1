import type { Db } from '../db/client.ts';
import { outsideChannels, outsidePartners, outsideReferrals } from '../db/schema/outside.ts';
import { insertRow, uniquePhone } from './factories.ts';

let counter = 0;

/** An outside partner of a staff member's network, approved unless the test says otherwise. */
export async function createPartner(
  db: Db,
  network: { corpId: number; id: number },
  overrides: Partial<typeof outsidePartners.$inferInsert> = {},
) {
  const n = ++counter;
  return insertRow(
    db,
    outsidePartners,
    {
      corpId: network.corpId,
      staffId: network.id,
      name: `伙伴${n}`,
      phone: uniquePhone('137', n, 7717),
      status: 1,
      ...overrides,
    },
    'partner',
  );
}

/** A referral of a partner, protected until `protectedUntil`. */
export async function createReferral(
  db: Db,
  partner: { corpId: number; id: number },
  values: Partial<typeof outsideReferrals.$inferInsert> & { protectedUntil: Date },
) {
  const n = ++counter;
  return insertRow(
    db,
    outsideReferrals,
    {
      corpId: partner.corpId,
      partnerId: partner.id,
      name: `客户${n}`,
      phone: uniquePhone('136', n, 6007),
      idNumber: '',
      amountFen: 5_000_000,
      ...values,
    },
    'referral',
  );
}

export const createOutsideChannel = (db: Db, partner: { corpId: number; id: number }, name = '门店') =>
  insertRow(db, outsideChannels, { corpId: partner.corpId, partnerId: partner.id, name }, 'outside channel');
