import type { z } from 'zod';
import {
  COMPANY_GRANTS,
  type adminCompanyAddSchema,
  type adminCompanyUpdateSchema,
  type adminNoticeAddSchema,
  type adminNoticeUpdateSchema,
  type adminSettingsSchema,
  type adminStaffAddSchema,
  type adminStaffUpdateSchema,
} from '@crm/domain/api/admin';
import { GRANT } from '@crm/domain/roles';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { mayActor, requireActor, type Actor } from '../access/index.ts';
import type { AdminRepository } from './admin.repository.ts';
import { ADMIN_TEXTS as T } from './admin.texts.ts';

type Tx = Parameters<Parameters<AdminRepository['transaction']>[0]>[0];
type Page = { cursor: number | null; limit: number };

const toStaff = (row: NonNullable<Awaited<ReturnType<AdminRepository['staff']>>>) => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  team_id: row.teamId,
  team_name: row.teamName,
  jobs: row.jobs,
  is_leader: row.isLeader,
  is_active: row.isActive,
  wxwork_id: row.wxworkId,
  grants: row.grants,
});
const toNotice = (row: {
  id: number;
  text: string;
  status: 'info' | 'warning' | 'error';
  startsAt: Date;
  endsAt: Date | null;
}) => ({
  id: row.id,
  text: row.text,
  status: row.status,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt?.toISOString() ?? null,
});
const page = <R extends { id: number }, T>(rows: R[], limit: number, map: (row: R) => T) => {
  const shown = rows.slice(0, limit);
  return { list: shown.map(map), next_cursor: rows.length > limit ? (shown.at(-1)?.id ?? null) : null };
};

/**
 * The back office (decision 057): every call asks the caller's company-admin grant first (the platform's
 * for companies), works inside the caller's company only, and writes its audit row in the change's own
 * transaction: who, when, the record before and after.
 */
export function createAdminService({ repo, now }: { repo: AdminRepository; now: Clock }) {
  const audit = (
    tx: Tx,
    me: Actor,
    action: string,
    entity: string,
    entityId: number | null,
    before: unknown,
    after: unknown,
    corpId = me.corpId,
  ) =>
    repo.audit(tx, {
      corpId,
      actorId: me.id,
      action,
      entity,
      entityId,
      before: before ?? null,
      after: after ?? null,
      at: now(),
    });

  async function requireTeam(corpId: number, teamId: number | null | undefined, tx: Tx) {
    if (teamId === null || teamId === undefined) return;
    if (!(await repo.team(corpId, teamId, tx))) throw new RefusedError(T.teamNotFound);
  }

  /** A unique phone in the company is the database's rule: its refusal becomes the person's message. */
  async function phoneUnique<X>(run: () => Promise<X>): Promise<X> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new RefusedError(T.phoneTaken, { cause: error });
      throw error;
    }
  }

  return {
    async whoami(me: Actor & { corpName: string }) {
      return {
        corp_id: me.corpId,
        corp_name: me.corpName,
        company_admin: mayActor(me, 'admin.company'),
        platform_admin: mayActor(me, 'admin.platform'),
      };
    },

    async listStaff(me: Actor, request: Page & { q?: string }) {
      requireActor(me, 'admin.company');
      const rows = await repo.listStaff(me.corpId, request, request.q || undefined);
      return page(rows, request.limit, toStaff);
    },

    async addStaff(me: Actor, form: z.output<typeof adminStaffAddSchema>) {
      requireActor(me, 'admin.company');
      return phoneUnique(() =>
        repo.transaction(async (tx) => {
          await requireTeam(me.corpId, form.team_id, tx);
          const id = await repo.insertStaff(tx, {
            corpId: me.corpId,
            name: form.name,
            phone: form.phone,
            teamId: form.team_id,
            jobs: form.jobs,
            isLeader: form.is_leader,
            sex: form.sex,
            createdAt: now(),
          });
          const after = await repo.staff(me.corpId, id, tx);
          if (!after) throw new NotFoundError(T.staffNotFound);
          await audit(tx, me, 'staff.add', 'staff', id, null, toStaff(after));
          return toStaff(after);
        }),
      );
    },

    async updateStaff(me: Actor, form: z.output<typeof adminStaffUpdateSchema>) {
      requireActor(me, 'admin.company');
      const { id, grants, ...fields } = form;
      if (id === me.id && (fields.is_active === false || (grants && !grants.includes(GRANT.COMPANY_ADMIN))))
        throw new RefusedError(T.notOwnAdmin);
      return repo.transaction(async (tx) => {
        if (!(await repo.lockStaff(tx, me.corpId, id))) throw new NotFoundError(T.staffNotFound);
        const before = await repo.staff(me.corpId, id, tx);
        await requireTeam(me.corpId, fields.team_id, tx);
        const values = {
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.team_id !== undefined ? { teamId: fields.team_id } : {}),
          ...(fields.jobs !== undefined ? { jobs: fields.jobs } : {}),
          ...(fields.is_leader !== undefined ? { isLeader: fields.is_leader } : {}),
          ...(fields.is_active !== undefined ? { isActive: fields.is_active } : {}),
        };
        if (Object.keys(values).length === 0 && grants === undefined) throw new RefusedError(T.nothingToChange);
        if (Object.keys(values).length > 0) await repo.updateStaff(tx, me.corpId, id, values);
        if (grants !== undefined) await repo.setGrants(tx, me.corpId, id, COMPANY_GRANTS, grants);
        const after = await repo.staff(me.corpId, id, tx);
        await audit(tx, me, 'staff.update', 'staff', id, before && toStaff(before), after && toStaff(after));
        return toStaff(after!);
      });
    },

    async listTeams(me: Actor) {
      requireActor(me, 'admin.company');
      return repo.listTeams(me.corpId);
    },
    async addTeam(me: Actor, name: string) {
      requireActor(me, 'admin.company');
      return repo.transaction(async (tx) => {
        const team = await repo.insertTeam(tx, me.corpId, name);
        await audit(tx, me, 'team.add', 'team', team.id, null, team);
        return { ...team, members: 0 };
      });
    },
    async updateTeam(me: Actor, id: number, name: string) {
      requireActor(me, 'admin.company');
      return repo.transaction(async (tx) => {
        const before = await repo.team(me.corpId, id, tx);
        if (!before) throw new NotFoundError(T.teamNotFound);
        await repo.updateTeam(tx, me.corpId, id, name);
        await audit(tx, me, 'team.update', 'team', id, before, { id, name });
        return { id, name };
      });
    },

    async listNotices(me: Actor) {
      requireActor(me, 'admin.company');
      return (await repo.listNotices(me.corpId)).map(toNotice);
    },
    async addNotice(me: Actor, form: z.output<typeof adminNoticeAddSchema>) {
      requireActor(me, 'admin.company');
      const startsAt = new Date(form.starts_at);
      const endsAt = form.ends_at === null ? null : new Date(form.ends_at);
      if (endsAt && endsAt <= startsAt) throw new RefusedError(T.noticeEndsBeforeStart);
      return repo.transaction(async (tx) => {
        const row = await repo.insertNotice(tx, {
          corpId: me.corpId,
          text: form.text,
          status: form.status,
          startsAt,
          endsAt,
        });
        await audit(tx, me, 'notice.add', 'notice', row.id, null, toNotice(row));
        return toNotice(row);
      });
    },
    async updateNotice(me: Actor, form: z.output<typeof adminNoticeUpdateSchema>) {
      requireActor(me, 'admin.company');
      return repo.transaction(async (tx) => {
        const before = await repo.notice(me.corpId, form.id, tx);
        if (!before) throw new NotFoundError(T.noticeNotFound);
        const startsAt = form.starts_at === undefined ? before.startsAt : new Date(form.starts_at);
        const endsAt =
          form.ends_at === undefined ? before.endsAt : form.ends_at === null ? null : new Date(form.ends_at);
        if (endsAt && endsAt <= startsAt) throw new RefusedError(T.noticeEndsBeforeStart);
        const after = await repo.updateNotice(tx, me.corpId, form.id, {
          ...(form.text !== undefined ? { text: form.text } : {}),
          ...(form.status !== undefined ? { status: form.status } : {}),
          startsAt,
          endsAt,
        });
        await audit(tx, me, 'notice.update', 'notice', form.id, toNotice(before), after && toNotice(after));
        return toNotice(after!);
      });
    },

    async settings(me: Actor) {
      requireActor(me, 'admin.company');
      const company = await repo.company(me.corpId);
      if (!company) throw new NotFoundError(T.companyNotFound);
      return {
        referral_protection_days: company.referralProtectionDays,
        over_limit_rate_bp: company.overLimitRateBp,
        over_limit_amount_fen: company.overLimitAmountFen,
      };
    },
    async updateSettings(me: Actor, form: z.output<typeof adminSettingsSchema>) {
      requireActor(me, 'admin.company');
      return repo.transaction(async (tx) => {
        const company = await repo.company(me.corpId, tx);
        if (!company) throw new NotFoundError(T.companyNotFound);
        const before = {
          referral_protection_days: company.referralProtectionDays,
          over_limit_rate_bp: company.overLimitRateBp,
          over_limit_amount_fen: company.overLimitAmountFen,
        };
        await repo.updateCompany(tx, me.corpId, {
          referralProtectionDays: form.referral_protection_days,
          overLimitRateBp: form.over_limit_rate_bp,
          overLimitAmountFen: form.over_limit_amount_fen,
        });
        await audit(tx, me, 'settings.update', 'company', me.corpId, before, form);
        return form;
      });
    },

    async listAudit(me: Actor, request: Page) {
      requireActor(me, 'admin.company');
      const rows = await repo.listAudit(me.corpId, request);
      return page(rows, request.limit, (row) => ({
        id: row.id,
        actor_id: row.actorId,
        actor_name: row.actorName,
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        before: row.before,
        after: row.after,
        at: row.at.toISOString(),
      }));
    },

    async listCompanies(me: Actor) {
      requireActor(me, 'admin.platform');
      return (await repo.listCompanies()).map((row) => ({
        id: row.id,
        name: row.name,
        is_active: row.isActive,
        staff: row.staff,
      }));
    },
    /** A new company with its first admin, who then adds everyone else in the back office. */
    async addCompany(me: Actor, form: z.output<typeof adminCompanyAddSchema>) {
      requireActor(me, 'admin.platform');
      return repo.transaction(async (tx) => {
        const corpId = await repo.insertCompany(tx, form.name);
        const adminId = await repo.insertStaff(tx, {
          corpId,
          name: form.admin_name,
          phone: form.admin_phone,
          createdAt: now(),
        });
        await repo.setGrants(tx, corpId, adminId, [], [GRANT.COMPANY_ADMIN]);
        const after = {
          id: corpId,
          name: form.name,
          admin: { id: adminId, name: form.admin_name, phone: form.admin_phone },
        };
        // Written in both books: the operator's company and the new one.
        await audit(tx, me, 'company.add', 'company', corpId, null, after);
        await audit(tx, me, 'company.add', 'company', corpId, null, after, corpId);
        return { id: corpId, name: form.name, is_active: true, staff: 1 };
      });
    },
    async updateCompany(me: Actor, form: z.output<typeof adminCompanyUpdateSchema>) {
      requireActor(me, 'admin.platform');
      const after = await repo.transaction(async (tx) => {
        const before = await repo.company(form.id, tx);
        if (!before) throw new NotFoundError(T.companyNotFound);
        if (form.id === me.corpId && form.is_active === false) throw new RefusedError(T.notOwnAdmin);
        const values = {
          ...(form.name !== undefined ? { name: form.name } : {}),
          ...(form.is_active !== undefined ? { isActive: form.is_active } : {}),
        };
        if (Object.keys(values).length === 0) throw new RefusedError(T.nothingToChange);
        await repo.updateCompany(tx, form.id, values);
        const after = { id: form.id, name: values.name ?? before.name, is_active: values.isActive ?? before.isActive };
        const prior = { id: before.id, name: before.name, is_active: before.isActive };
        await audit(tx, me, 'company.update', 'company', form.id, prior, after);
        if (form.id !== me.corpId) await audit(tx, me, 'company.update', 'company', form.id, prior, after, form.id);
        return after;
      });
      const counted = (await repo.listCompanies()).find((row) => row.id === form.id);
      return { ...after, staff: counted?.staff ?? 0 };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
