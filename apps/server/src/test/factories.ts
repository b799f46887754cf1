import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/files.ts';
import { companies, staff, staffGrants, teams, type StaffGrant } from '../db/schema/staff.ts';

let counter = 0;
const unique = () => ++counter;

export async function createCompany(db: Db, name = `公司${unique()}`) {
  const [row] = await db.insert(companies).values({ name }).returning();
  if (!row) throw new Error('company not created');
  return row;
}

export async function createTeam(db: Db, corpId: number, name = `团队${unique()}`) {
  const [row] = await db.insert(teams).values({ corpId, name }).returning();
  if (!row) throw new Error('team not created');
  return row;
}

/** A staff member with a phone no other test uses; override what the test is about. */
export async function createStaff(db: Db, corpId: number, overrides: Partial<typeof staff.$inferInsert> = {}) {
  const n = unique();
  const [row] = await db
    .insert(staff)
    .values({ corpId, name: `员工${n}`, phone: `139${String(10_000_000 + n * 7919).slice(-8)}`, ...overrides })
    .returning();
  if (!row) throw new Error('staff not created');
  return row;
}

/** Grants a staff member a named permission of their company (e.g. approving rejected signings). */
export async function grantStaff(
  db: Db,
  person: { corpId: number; id: number },
  permission: StaffGrant = 'sign.reject.approve',
) {
  await db.insert(staffGrants).values({ corpId: person.corpId, staffId: person.id, permission });
}

/** A stored image's row with no bytes behind it: for tests that only need an image id to point at. */
export async function createImageRow(
  db: Db,
  values: Pick<typeof files.$inferInsert, 'corpId' | 'ownerKind' | 'clientId' | 'houseClientId' | 'uploaderId'>,
) {
  const [row] = await db
    .insert(files)
    .values({
      storageKey: `t/${randomUUID()}.jpg`,
      thumbKey: `t/${randomUUID()}.jpg`,
      contentType: 'image/jpeg',
      bytes: 10,
      width: 1,
      height: 1,
      ...values,
    })
    .returning();
  if (!row) throw new Error('image row not created');
  return row;
}
