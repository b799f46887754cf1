import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { anyWhere } from '../../db/rows-where.ts';
import { companies, staff, staffGrants, teams, type StaffGrant } from '../../db/schema/staff.ts';
import { indexedInAnyCompany, sealerOf, sealRows, STAFF_PII } from '../../pii/fields.ts';

/** What the rest of the server knows of a logged-in staff member. */
export interface StaffIdentity {
  id: number;
  corpId: number;
  corpName: string;
  teamId: number | null;
  name: string;
  jobs: number[];
  isLeader: boolean;
  /** 1 male, 2 female, 0 unknown. */
  sex: number;
  /** What the company granted this person by name (staff_grants), e.g. approving rejected signings. */
  grants: StaffGrant[];
}

/** The columns of a StaffIdentity; also used by the session lookup, which joins them in one query. */
export const identityColumns = {
  id: staff.id,
  corpId: staff.corpId,
  corpName: companies.name,
  teamId: staff.teamId,
  name: staff.name,
  jobs: staff.jobs,
  isLeader: staff.isLeader,
  sex: staff.sex,
  // A correlated subquery, so the session lookup still answers in one round trip.
  grants: sql<
    StaffGrant[]
  >`coalesce((select array_agg(${staffGrants.permission} order by ${staffGrants.permission}) from ${staffGrants} where ${staffGrants.corpId} = ${staff.corpId} and ${staffGrants.staffId} = ${staff.id}), '{}')`.as(
    'grants',
  ),
};

export function createStaffRepository(db: Db) {
  const selectIdentity = (executor: Db | Tx = db) =>
    executor.select(identityColumns).from(staff).innerJoin(companies, eq(companies.id, staff.corpId));

  return {
    async listActiveCompanies() {
      return db
        .select({ label: companies.name, value: companies.id })
        .from(companies)
        .where(eq(companies.isActive, true))
        .orderBy(companies.id);
    },

    /** The login's lookup: the phone is sealed, so it is found through its blind index (decision 074). */
    async findByPhone(corpId: number, phone: string): Promise<StaffIdentity | undefined> {
      const bidx = (await sealerOf(db, corpId)).index('phone', phone) ?? '';
      const [row] = await selectIdentity()
        .where(
          and(
            eq(staff.corpId, corpId),
            eq(staff.phoneBidx, bidx),
            eq(staff.isActive, true),
            eq(companies.isActive, true),
          ),
        )
        .limit(1);
      return row;
    },

    async findByWxworkId(corpId: number, wxworkId: string): Promise<StaffIdentity | undefined> {
      const [row] = await selectIdentity()
        .where(
          and(
            eq(staff.corpId, corpId),
            eq(staff.wxworkId, wxworkId),
            eq(staff.isActive, true),
            eq(companies.isActive, true),
          ),
        )
        .limit(1);
      return row;
    },

    async findById(corpId: number, id: number): Promise<StaffIdentity | undefined> {
      const [row] = await selectIdentity()
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id), eq(staff.isActive, true)))
        .limit(1);
      return row;
    },

    /** Whether any company has an active staff member with this phone (SMS codes go to staff only). */
    phoneBelongsToStaff: async (phone: string): Promise<boolean> =>
      anyWhere(
        db,
        staff,
        and(await indexedInAnyCompany(db, staff.corpId, staff.phoneBidx, 'phone', phone), eq(staff.isActive, true)),
      ),

    /** The company of an active staff member with this phone (the first, should several have it), or null. */
    async companyOfStaffPhone(phone: string): Promise<number | null> {
      const [row] = await db
        .select({ corpId: staff.corpId })
        .from(staff)
        .where(
          and(await indexedInAnyCompany(db, staff.corpId, staff.phoneBidx, 'phone', phone), eq(staff.isActive, true)),
        )
        .orderBy(staff.corpId)
        .limit(1);
      return row?.corpId ?? null;
    },

    /**
     * Binds a WeCom userid to a staff member, taking it from whoever in the company held it before
     * (a member re-created in WeCom keeps the userid; the old binding is stale).
     */
    async bindWxworkId(tx: Tx, corpId: number, staffId: number, wxworkId: string) {
      await tx
        .update(staff)
        .set({ wxworkId: null })
        .where(and(eq(staff.corpId, corpId), eq(staff.wxworkId, wxworkId), ne(staff.id, staffId)));
      await tx
        .update(staff)
        .set({ wxworkId })
        .where(and(eq(staff.corpId, corpId), eq(staff.id, staffId)));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;

// ---- the back office's bulk calls (XLSX import, WeCom directory sync; decision 059) --------------------
// Each takes the executor (the database or the caller's transaction) and the company first.

type Executor = Db | Tx;

/** Everyone of the company (active or not) with what an import or a directory sync compares. */
export const staffDirectory = (ex: Executor, corpId: number) =>
  ex
    .select({
      id: staff.id,
      name: staff.name,
      phone: staff.phone,
      teamId: staff.teamId,
      isLeader: staff.isLeader,
      isActive: staff.isActive,
      wxworkId: staff.wxworkId,
    })
    .from(staff)
    .where(eq(staff.corpId, corpId))
    .orderBy(staff.id);

/** The company's teams by id and name. */
export const companyTeams = (ex: Executor, corpId: number) =>
  ex.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.corpId, corpId)).orderBy(teams.id);

export const insertTeam = (tx: Tx, corpId: number, name: string) =>
  tx
    .insert(teams)
    .values({ corpId, name })
    .returning({ id: teams.id, name: teams.name })
    .then((rows) => rows[0]!);

export type NewStaff = Pick<
  typeof staff.$inferInsert,
  'name' | 'phone' | 'teamId' | 'jobs' | 'isLeader' | 'sex' | 'wxworkId' | 'createdAt'
>;

/** New staff of one company in one statement (the import commits them in its own transaction). */
export async function insertStaffRows(tx: Tx, corpId: number, rows: NewStaff[]) {
  if (rows.length === 0) return [];
  const inserted: { id: number; phone: string }[] = [];
  // A thousand rows of eight columns stay far below PostgreSQL's 65,535 parameters per statement.
  for (let i = 0; i < rows.length; i += 1000)
    inserted.push(
      ...(await tx
        .insert(staff)
        .values(
          await sealRows(
            tx,
            STAFF_PII,
            rows.slice(i, i + 1000).map((row) => ({ ...row, corpId })),
          ),
        )
        .returning({ id: staff.id, phone: staff.phone })),
    );
  return inserted;
}

/** What a directory sync changes on one staff member. */
export const updateStaffRow = (
  tx: Tx,
  corpId: number,
  id: number,
  values: Partial<Pick<typeof staff.$inferInsert, 'name' | 'teamId' | 'isLeader' | 'isActive' | 'wxworkId'>>,
) =>
  tx
    .update(staff)
    .set(values)
    .where(and(eq(staff.corpId, corpId), eq(staff.id, id)));
