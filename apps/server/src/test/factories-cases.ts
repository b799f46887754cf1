import { isNull } from 'drizzle-orm';
import { idCheckChar } from '@crm/domain/idcard';
import type { Db } from '../db/client.ts';
import { CURRENT_CONSENT_VERSION } from '@crm/domain/consent';
import { banks, caseConsents, caseEvents, products } from '../db/schema/cases.ts';
import { clients } from '../db/schema/cases.ts';
import { sealClients } from '../pii/fields.ts';

let serial = 0;

/** A valid 18-digit ID number no other test uses (GB 11643 check character included). */
export function uniqueIdNumber(): string {
  serial += 1;
  const first17 = `310104198503${String(10 + (serial % 18))}${String(100 + (serial % 900))}`;
  // Vary the region part too, so numbers stay unique past 900 calls.
  const varied = `${String(310104 + Math.floor(serial / 900)).slice(0, 6)}${first17.slice(6)}`;
  return varied + idCheckChar(varied);
}

let phoneSerial = 0;
/** A mobile number no other form of this test file uses: one customer's phone is one holder's (decision 066). */
export function uniqueClientPhone(): string {
  phoneSerial += 1;
  return `139${String(12_345_678 + phoneSerial).padStart(8, '0')}`;
}

/** The fields of a case form as the web sends them; override what the test is about. */
export function caseForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: '测试客户',
    phone: uniqueClientPhone(),
    id_number: uniqueIdNumber(),
    amount: '50000',
    term: '36',
    ...overrides,
  };
}

/**
 * The client's consent in force for a case (decision 073), as if they had confirmed a link: what lets a case
 * move past intake and go to signing.
 */
export async function giveConsent(db: Db, c: { corpId: number; id: number; ownerId: number }) {
  await db.insert(caseConsents).values({
    corpId: c.corpId,
    clientId: c.id,
    textVersion: CURRENT_CONSENT_VERSION,
    method: 'sms',
    status: 'given',
    ip: '127.0.0.1',
    userAgent: 'test factory',
    recordedBy: c.ownerId,
    givenAt: new Date('2026-01-01T00:00:00Z'),
    createdAt: new Date('2026-01-01T00:00:00Z'),
  });
}

/**
 * A case straight in the database, with its creation event, for tests about what comes after intake: its
 * client has consented unless `consent: false` (the tests of the consent gate itself).
 */
export async function createCase(
  db: Db,
  owner: { id: number; corpId: number; teamId: number | null },
  overrides: Partial<typeof clients.$inferInsert> = {},
  { consent = true }: { consent?: boolean } = {},
) {
  const [row] = await db
    .insert(clients)
    .values(
      await sealClients(db, {
        corpId: owner.corpId,
        ownerId: owner.id,
        teamId: owner.teamId,
        name: '库中客户',
        phone: '13712345678',
        idNumber: uniqueIdNumber(),
        amountFen: 5_000_000,
        termMonths: 36,
        ...overrides,
      }),
    )
    .returning();
  if (!row) throw new Error('case not created');
  await db
    .insert(caseEvents)
    .values({ corpId: row.corpId, clientId: row.id, staffId: owner.id, kind: 'created', toStatus: 1 });
  if (consent) await giveConsent(db, row);
  return row;
}

/** A bank with one product of the given amount range and terms. */
export async function createBankAndProduct(
  db: Db,
  corpId: number,
  product: Partial<typeof products.$inferInsert> = {},
) {
  const [bank] = await db.insert(banks).values({ corpId, name: '测试银行' }).returning();
  if (!bank) throw new Error('bank not created');
  const [row] = await db
    .insert(products)
    .values({
      corpId,
      bankId: bank.id,
      name: '测试产品',
      minAmountFen: 1_000_000,
      maxAmountFen: 20_000_000,
      termsMonths: [12, 24, 36],
      ...product,
    })
    .returning();
  if (!row) throw new Error('product not created');
  return { bank, product: row };
}

/**
 * The live cases holding this phone or ID number, read the way a test checks what landed: the columns are
 * sealed (decision 074), so the rows are opened and compared here, not in SQL.
 */
export async function clientsWith(db: Db, who: { phone?: string; idNumber?: string; corpId?: number }) {
  const rows = await db.select().from(clients).where(isNull(clients.deletedAt));
  return rows.filter(
    (row) =>
      (who.corpId === undefined || row.corpId === who.corpId) &&
      (who.phone === undefined || row.phone === who.phone) &&
      (who.idNumber === undefined || row.idNumber === who.idNumber),
  );
}
