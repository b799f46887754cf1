import { anyContains } from '../../db/rows-where.ts';
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp, lockInCorp } from '../../db/find-in-corp.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { companies, notices, staff, staffGrants, teams, type StaffGrant } from '../../db/schema/staff.ts';
import { keyring } from '../../pii/keyring.ts';
import { phoneSearch, sealerOf, sealValues, STAFF_PII } from '../../pii/fields.ts';

/** The back office's tables: the org kernel (companies, staff, teams, grants, notices) and the audit log. */
export function createAdminRepository(db: Db) {
  const staffColumns = {
    id: staff.id,
    name: staff.name,
    phone: staff.phone,
    teamId: staff.teamId,
    teamName: teams.name,
    jobs: staff.jobs,
    isLeader: staff.isLeader,
    isActive: staff.isActive,
    wxworkId: staff.wxworkId,
    sex: staff.sex,
    grants: sql<
      StaffGrant[]
    >`coalesce((select array_agg(${staffGrants.permission} order by ${staffGrants.permission}) from ${staffGrants} where ${staffGrants.corpId} = ${staff.corpId} and ${staffGrants.staffId} = ${staff.id}), '{}')`,
  };
  const oneStaff = (ex: Db | Tx, corpId: number, id: number) =>
    ex
      .select(staffColumns)
      .from(staff)
      .leftJoin(teams, eq(teams.id, staff.teamId))
      .where(and(eq(staff.corpId, corpId), eq(staff.id, id)))
      .limit(1)
      .then((rows) => rows[0]);

  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),
    /** A read through another module's function that takes the executor. */
    read: <T>(run: (ex: Db) => Promise<T>) => run(db),

    company: (corpId: number, ex: Db | Tx = db) =>
      ex
        .select()
        .from(companies)
        .where(eq(companies.id, corpId))
        .limit(1)
        .then((rows) => rows[0]),

    /** The search matches the name, or the sealed phone by all 11 digits or the last four (decision 074). */
    async listStaff(corpId: number, page: KeysetPage, q: string | undefined) {
      const byPhone = q
        ? phoneSearch(await sealerOf(db, corpId), q, { bidx: staff.phoneBidx, last4: staff.phoneLast4Bidx })
        : undefined;
      const search = q ? or(anyContains(q, staff.name), byPhone) : undefined;
      return keyset(page, staff.id, (limit, before) =>
        db
          .select(staffColumns)
          .from(staff)
          .leftJoin(teams, eq(teams.id, staff.teamId))
          .where(and(eq(staff.corpId, corpId), before, search))
          .orderBy(desc(staff.id))
          .limit(limit),
      );
    },
    staff: (corpId: number, id: number, ex: Db | Tx = db) => oneStaff(ex, corpId, id),
    lockStaff: (tx: Tx, corpId: number, id: number) => lockInCorp(tx, staff, { id: staff.id }, corpId, id),
    insertStaff: async (tx: Tx, values: typeof staff.$inferInsert) =>
      tx
        .insert(staff)
        .values(await sealValues(tx, values.corpId, STAFF_PII, values))
        .returning({ id: staff.id })
        .then((rows) => rows[0]!.id),
    updateStaff: async (tx: Tx, corpId: number, id: number, values: Partial<typeof staff.$inferInsert>) =>
      tx
        .update(staff)
        .set(await sealValues(tx, corpId, STAFF_PII, values))
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id))),
    /** Replaces the person's grants among `managed` (the ones a company admin gives) with `grants`. */
    async setGrants(tx: Tx, corpId: number, staffId: number, managed: readonly StaffGrant[], grants: StaffGrant[]) {
      await tx
        .delete(staffGrants)
        .where(
          and(
            eq(staffGrants.corpId, corpId),
            eq(staffGrants.staffId, staffId),
            inArray(staffGrants.permission, [...managed]),
          ),
        );
      if (grants.length > 0)
        await tx
          .insert(staffGrants)
          .values(grants.map((permission) => ({ corpId, staffId, permission })))
          .onConflictDoNothing();
    },

    listTeams: (corpId: number) =>
      db
        .select({
          id: teams.id,
          name: teams.name,
          members: sql<number>`(select count(*)::int from ${staff} where ${staff.teamId} = ${teams.id} and ${staff.isActive})`,
        })
        .from(teams)
        .where(eq(teams.corpId, corpId))
        .orderBy(teams.id),
    team: (corpId: number, id: number, ex: Db | Tx = db) =>
      findInCorp(ex, teams, { id: teams.id, name: teams.name }, corpId, id),
    insertTeam: (tx: Tx, corpId: number, name: string) =>
      tx
        .insert(teams)
        .values({ corpId, name })
        .returning({ id: teams.id, name: teams.name })
        .then((rows) => rows[0]!),
    updateTeam: (tx: Tx, corpId: number, id: number, name: string) =>
      tx
        .update(teams)
        .set({ name })
        .where(and(eq(teams.corpId, corpId), eq(teams.id, id))),

    listNotices: (corpId: number) =>
      db.select().from(notices).where(eq(notices.corpId, corpId)).orderBy(desc(notices.startsAt), desc(notices.id)),
    notice: (corpId: number, id: number, ex: Db | Tx = db) =>
      findInCorp(ex, notices, getTableColumns(notices), corpId, id),
    insertNotice: (tx: Tx, values: typeof notices.$inferInsert) =>
      tx
        .insert(notices)
        .values(values)
        .returning()
        .then((rows) => rows[0]!),
    updateNotice: (tx: Tx, corpId: number, id: number, values: Partial<typeof notices.$inferInsert>) =>
      tx
        .update(notices)
        .set(values)
        .where(and(eq(notices.corpId, corpId), eq(notices.id, id)))
        .returning()
        .then((rows) => rows[0]),

    updateCompany: (tx: Tx, id: number, values: Partial<typeof companies.$inferInsert>) =>
      tx.update(companies).set(values).where(eq(companies.id, id)),
    listCompanies: () =>
      db
        .select({
          id: companies.id,
          name: companies.name,
          isActive: companies.isActive,
          staff: sql<number>`(select count(*)::int from ${staff} where ${staff.corpId} = ${companies.id})`,
        })
        .from(companies)
        .orderBy(companies.id),
    async insertCompany(tx: Tx, name: string) {
      const [row] = await tx.insert(companies).values({ name }).returning({ id: companies.id });
      // The company's keys for personal values are made with it (decision 074), not inside its first case's
      // transaction, where every other writer of the company would wait for them.
      await keyring.forCompany(tx, row!.id);
      return row!.id;
    },
    companyCount: () => db.select({ n: count() }).from(companies),

    audit: (tx: Tx, entry: typeof auditLog.$inferInsert) => tx.insert(auditLog).values(entry),
    listAudit: (corpId: number, page: KeysetPage) =>
      keyset(page, auditLog.id, (limit, before) =>
        db
          .select({
            id: auditLog.id,
            actorId: auditLog.actorId,
            actorName: staff.name,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            before: auditLog.before,
            after: auditLog.after,
            at: auditLog.at,
          })
          .from(auditLog)
          .innerJoin(staff, eq(staff.id, auditLog.actorId))
          .where(and(eq(auditLog.corpId, corpId), before))
          .orderBy(desc(auditLog.id))
          .limit(limit),
      ),
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
