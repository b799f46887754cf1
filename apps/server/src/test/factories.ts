import { randomUUID } from 'node:crypto';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { getTableName } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { SEALED_TABLES, sealValues } from '../pii/fields.ts';
import { keyring } from '../pii/keyring.ts';
import { files } from '../db/schema/files.ts';
import { companies, staff, staffGrants, teams, type StaffGrant } from '../db/schema/staff.ts';

let counter = 0;
const unique = () => ++counter;

/** Inserts one row and answers it as stored; a test whose setup inserted nothing fails there, saying what. */
export async function insertRow<T extends PgTable>(
  db: Db,
  table: T,
  values: PgInsertValue<T>,
  what: string,
): Promise<T['$inferSelect']> {
  // A table with sealed personal columns gets them sealed under the row's company (decision 074).
  const spec = SEALED_TABLES.find((t) => t.table === getTableName(table));
  const stored = spec ? await sealValues(db, (values as { corpId: number }).corpId, spec, values) : values;
  // Drizzle cannot name the returned row of a generic table; it is the table's select row.
  const [row] = (await db.insert(table).values(stored).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(`${what} not created`);
  return row;
}

/** A company with its keys for personal values, as the back office makes one (decision 074). */
export async function createCompany(db: Db, name = `公司${unique()}`) {
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name }).returning();
    if (!company) throw new Error('company not created');
    await keyring.forCompany(tx, company.id);
    return company;
  });
}

export const createTeam = (db: Db, corpId: number, name = `团队${unique()}`) =>
  insertRow(db, teams, { corpId, name }, 'team');

/**
 * A mobile number no other row of its series uses: `prefix`, then eight digits from `n` (the series' own
 * counter) times its `step`, counted from `base`.
 */
export const uniquePhone = (prefix: string, n: number, step: number, base = 10_000_000) =>
  `${prefix}${String(base + n * step).slice(-8)}`;

/** A staff member with a phone no other test uses; override what the test is about. */
export async function createStaff(db: Db, corpId: number, overrides: Partial<typeof staff.$inferInsert> = {}) {
  const n = unique();
  const phone = uniquePhone('139', n, 7919);
  return insertRow(db, staff, { corpId, name: `员工${n}`, phone, ...overrides }, 'staff');
}

/** Grants a staff member a named permission of their company (e.g. approving rejected signings). */
export async function grantStaff(
  db: Db,
  person: { corpId: number; id: number },
  permission: StaffGrant = 'sign.reject.approve',
) {
  await db.insert(staffGrants).values({ corpId: person.corpId, staffId: person.id, permission });
}

/** A staff member holding a back-office grant: a company admin unless the test names another. */
export async function createAdmin(
  db: Db,
  corpId: number,
  overrides: Partial<typeof staff.$inferInsert> = {},
  permission: StaffGrant = 'company.admin',
) {
  const person = await createStaff(db, corpId, overrides);
  await grantStaff(db, person, permission);
  return person;
}

/** A stored image's row with no bytes behind it: for tests that only need an image id to point at. */
export async function createImageRow(
  db: Db,
  values: Pick<typeof files.$inferInsert, 'corpId' | 'ownerKind' | 'clientId' | 'houseClientId' | 'uploaderId'>,
) {
  return insertRow(
    db,
    files,
    {
      storageKey: `t/${randomUUID()}.jpg`,
      thumbKey: `t/${randomUUID()}.jpg`,
      contentType: 'image/jpeg',
      bytes: 10,
      width: 1,
      height: 1,
      ...values,
    },
    'image row',
  );
}
