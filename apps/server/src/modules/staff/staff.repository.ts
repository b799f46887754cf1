import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies, staff, staffGrants, type StaffGrant } from '../../db/schema/staff.ts';

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

    async findByPhone(corpId: number, phone: string): Promise<StaffIdentity | undefined> {
      const [row] = await selectIdentity()
        .where(
          and(eq(staff.corpId, corpId), eq(staff.phone, phone), eq(staff.isActive, true), eq(companies.isActive, true)),
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
    async phoneBelongsToStaff(phone: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(staff)
        .where(and(eq(staff.phone, phone), eq(staff.isActive, true)))
        .limit(1);
      return row !== undefined;
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
