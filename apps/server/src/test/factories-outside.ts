import type { Db } from '../db/client.ts';
import { outsideChannels, outsidePartners, outsideReferrals } from '../db/schema/outside.ts';
import { insertRow } from './factories.ts';

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
      phone: `137${String(10_000_000 + n * 7717).slice(-8)}`,
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
      phone: `136${String(10_000_000 + n * 6007).slice(-8)}`,
      idNumber: '',
      amountFen: 5_000_000,
      ...values,
    },
    'referral',
  );
}

export const createOutsideChannel = (db: Db, partner: { corpId: number; id: number }, name = '门店') =>
  insertRow(db, outsideChannels, { corpId: partner.corpId, partnerId: partner.id, name }, 'outside channel');
