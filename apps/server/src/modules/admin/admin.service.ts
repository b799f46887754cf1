import type { z } from 'zod';
import { toPage } from '@crm/domain/api/page';
import { apiFields, sentFields } from '../api-fields.ts';
import {
  COMPANY_GRANTS,
  type adminCompanyAddSchema,
  type adminCompanyUpdateSchema,
  type adminFaqSaveSchema,
  type adminNoticeAddSchema,
  type adminProductAddSchema,
  type adminProductUpdateSchema,
  type adminRefAddSchema,
  type adminRefUpdateSchema,
  type adminNoticeUpdateSchema,
  type adminSettingsSchema,
  type adminStaffAddSchema,
  type adminTeamAddSchema,
  type adminTeamUpdateSchema,
  type adminStaffUpdateSchema,
} from '@crm/domain/api/admin';
import { GRANT } from '@crm/domain/roles';
import { maskPhone } from '@crm/domain/validation';
import { NO_RULES, productFeesSchema, productRulesSchema } from '@crm/domain/matching';
import type { Clock } from '../../clock.ts';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { mayActor, requireActor, type Actor } from '../access/index.ts';
import { references } from '../cases/index.ts';
import { findPaperFileForAdmin, listPapersForAdmin, loadPaperObject, loadPaperText } from '../exam/index.ts';
import {
  findActivitySpecForAdmin,
  listActivitiesForAdmin,
  saveActivitySpec,
  uploadActivityText,
} from '../activity/index.ts';
import { findFaqEntryForAdmin, importFaqMarkdown, listFaqForAdmin, saveFaqForm } from '../faq/index.ts';
import type { AdminRepository } from './admin.repository.ts';
import { ADMIN_TEXTS as T } from './admin.texts.ts';

type Tx = Parameters<Parameters<AdminRepository['transaction']>[0]>[0];
type Reader = Parameters<Parameters<AdminRepository['read']>[0]>[0];
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
  sex: row.sex,
});
/** A staff member as the audit log keeps them: the phone masked, so the log holds no phone (decision 074). */
const toAuditedStaff = (row: Parameters<typeof toStaff>[0]) => ({ ...toStaff(row), phone: maskPhone(row.phone) });
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
const toRef = (row: references.NamedRow) => ({
  id: row.id,
  parent_id: row.parentId,
  name: row.name,
  is_active: Boolean(row.isActive),
});
const toProduct = (row: references.ProductRow) => ({
  id: row.id,
  bank_id: row.bankId,
  bank_name: row.bankName,
  name: row.name,
  min_amount_fen: row.minAmountFen,
  max_amount_fen: row.maxAmountFen,
  terms_months: row.termsMonths,
  fee_type: row.feeType,
  rate_ppm: row.ratePpm,
  repayment_method: row.repaymentMethod,
  // Written through the domain schemas; read back through them, an old row's missing keys become no rule.
  rules: productRulesSchema.safeParse(row.rules).data ?? NO_RULES,
  fees: productFeesSchema.safeParse(row.fees).data ?? [],
  is_active: row.isActive,
});

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
      if (isUniqueViolation(error)) throw new RefusedError(T.phoneTaken, { cause: error, field: 'phone' });
      throw error;
    }
  }

  /** Cities are everyone's: only the platform admin changes them; the other lists are the company's. */
  function requireRefWriter(me: Actor, kind: references.NamedKind) {
    requireActor(me, kind === 'city' ? 'admin.platform' : 'admin.company');
  }

  /** A product's bank is one of the company's banks (a bank, not a branch). */
  async function requireBank(tx: Tx, corpId: number, bankId: number | null) {
    if (bankId === null) return;
    const bank = await references.findNamedRef(tx, 'bank', corpId, bankId);
    if (!bank || bank.parentId !== null) throw new RefusedError(T.bankNotFound);
  }

  /**
   * A company admin's write of a file-backed kind (paper, activity, FAQ entry), in one transaction; the file's
   * problems (the loaders throw a plain Error naming them) become the person's message.
   */
  async function fileWrite<X>(me: Actor, write: (tx: Tx) => Promise<X>): Promise<X> {
    requireActor(me, 'admin.company');
    try {
      return await repo.transaction(write);
    } catch (error) {
      // A plain Error is the loader's own word on the file; a driver's error is a subclass and stays a fault.
      if (error instanceof Error && error.constructor === Error) {
        // checkFile names the first problem's key path: the form shows the message under that field.
        const field = 'field' in error && typeof error.field === 'string' ? error.field : undefined;
        throw new RefusedError(error.message, { cause: error, ...(field ? { field } : {}) });
      }
      throw error;
    }
  }

  /** One record of the admin's company, read by `find`, or refused with `notFound`. */
  async function foundInCompany<X>(
    me: Actor,
    find: (ex: Reader, corpId: number) => Promise<X | null | undefined>,
    notFound: string,
  ): Promise<X> {
    requireActor(me, 'admin.company');
    const found = await repo.read((ex) => find(ex, me.corpId));
    if (!found) throw new NotFoundError(notFound);
    return found;
  }

  /** One page of the admin's company's records of a kind: `read` fetches them (a row past the page), `show` shows each. */
  async function pageInCompany<R extends { id: number }, X>(
    me: Actor,
    request: Page,
    read: (ex: Reader, corpId: number) => Promise<R[]>,
    show: (row: R) => X,
  ) {
    requireActor(me, 'admin.company');
    const rows = await repo.read((ex) => read(ex, me.corpId));
    return toPage(rows, request.limit, show);
  }

  /**
   * A kind the back office keeps as files (exam papers, activities, FAQ entries), as their modules load them:
   * a page of them listed, a file uploaded, one read back for its form, the form saved; each write goes
   * through fileWrite, its audit row in the same transaction.
   */
  function fileKind<Row extends { id: number }, Item, Entry, Upload, Uploaded, Form, Saved>(kind: {
    list: (ex: Reader, corpId: number, request: Page) => Promise<Row[]>;
    item: (row: Row) => Item;
    entry: (ex: Reader, corpId: number, id: number) => Promise<Entry | null | undefined>;
    notFound: string;
    upload: (tx: Tx, me: Actor, form: Upload) => Promise<Uploaded>;
    save: (tx: Tx, me: Actor, form: Form) => Promise<Saved>;
  }) {
    return {
      list: (me: Actor, request: Page) =>
        pageInCompany(me, request, (ex, corpId) => kind.list(ex, corpId, request), kind.item),
      upload: (me: Actor, form: Upload) => fileWrite(me, (tx) => kind.upload(tx, me, form)),
      entry: (me: Actor, { id }: { id: number }) =>
        foundInCompany(me, (ex, corpId) => kind.entry(ex, corpId, id), kind.notFound),
      save: (me: Actor, form: Form) => fileWrite(me, (tx) => kind.save(tx, me, form)),
    };
  }

  async function unique<X>(run: () => Promise<X>, message: string): Promise<X> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new RefusedError(message, { cause: error });
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

    /** The company's staff: listed, added, updated (listAddUpdate in the routes). */
    staff: {
      async list(me: Actor, request: Page & { q?: string }) {
        requireActor(me, 'admin.company');
        const rows = await repo.listStaff(me.corpId, request, request.q || undefined);
        return toPage(rows, request.limit, toStaff);
      },

      async add(me: Actor, form: z.output<typeof adminStaffAddSchema>) {
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
            await audit(tx, me, 'staff.add', 'staff', id, null, toAuditedStaff(after));
            return toStaff(after);
          }),
        );
      },

      async update(me: Actor, form: z.output<typeof adminStaffUpdateSchema>) {
        requireActor(me, 'admin.company');
        const { id, grants, ...fields } = form;
        if (id === me.id && (fields.is_active === false || (grants && !grants.includes(GRANT.COMPANY_ADMIN))))
          throw new RefusedError(T.notOwnAdmin);
        return repo.transaction(async (tx) => {
          if (!(await repo.lockStaff(tx, me.corpId, id))) throw new NotFoundError(T.staffNotFound);
          const before = await repo.staff(me.corpId, id, tx);
          await requireTeam(me.corpId, fields.team_id, tx);
          const values = sentFields(fields, ['name', 'team_id', 'jobs', 'is_leader', 'is_active', 'sex']);
          if (Object.keys(values).length === 0 && grants === undefined) throw new RefusedError(T.nothingToChange);
          if (Object.keys(values).length > 0) await repo.updateStaff(tx, me.corpId, id, values);
          if (grants !== undefined) await repo.setGrants(tx, me.corpId, id, COMPANY_GRANTS, grants);
          const after = await repo.staff(me.corpId, id, tx);
          await audit(
            tx,
            me,
            'staff.update',
            'staff',
            id,
            before && toAuditedStaff(before),
            after && toAuditedStaff(after),
          );
          return toStaff(after!);
        });
      },
    },

    /** The company's teams: listed, added, updated (listAddUpdate in the routes). */
    teams: {
      async list(me: Actor) {
        requireActor(me, 'admin.company');
        return repo.listTeams(me.corpId);
      },
      async add(me: Actor, { name }: z.output<typeof adminTeamAddSchema>) {
        requireActor(me, 'admin.company');
        return repo.transaction(async (tx) => {
          const team = await repo.insertTeam(tx, me.corpId, name);
          await audit(tx, me, 'team.add', 'team', team.id, null, team);
          return { ...team, members: 0 };
        });
      },
      async update(me: Actor, { id, name }: z.output<typeof adminTeamUpdateSchema>) {
        requireActor(me, 'admin.company');
        return repo.transaction(async (tx) => {
          const before = await repo.team(me.corpId, id, tx);
          if (!before) throw new NotFoundError(T.teamNotFound);
          await repo.updateTeam(tx, me.corpId, id, name);
          await audit(tx, me, 'team.update', 'team', id, before, { id, name });
          return { id, name };
        });
      },
    },

    /** The home banner's notices: listed, added, updated (listAddUpdate in the routes). */
    notices: {
      async list(me: Actor) {
        requireActor(me, 'admin.company');
        return (await repo.listNotices(me.corpId)).map(toNotice);
      },
      async add(me: Actor, form: z.output<typeof adminNoticeAddSchema>) {
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
      async update(me: Actor, form: z.output<typeof adminNoticeUpdateSchema>) {
        requireActor(me, 'admin.company');
        return repo.transaction(async (tx) => {
          const before = await repo.notice(me.corpId, form.id, tx);
          if (!before) throw new NotFoundError(T.noticeNotFound);
          const startsAt = form.starts_at === undefined ? before.startsAt : new Date(form.starts_at);
          const endsAt =
            form.ends_at === undefined ? before.endsAt : form.ends_at === null ? null : new Date(form.ends_at);
          if (endsAt && endsAt <= startsAt) throw new RefusedError(T.noticeEndsBeforeStart);
          const after = await repo.updateNotice(tx, me.corpId, form.id, {
            ...sentFields(form, ['text', 'status']),
            startsAt,
            endsAt,
          });
          await audit(tx, me, 'notice.update', 'notice', form.id, toNotice(before), after && toNotice(after));
          return toNotice(after!);
        });
      },
    },

    async settings(me: Actor) {
      requireActor(me, 'admin.company');
      const company = await repo.company(me.corpId);
      if (!company) throw new NotFoundError(T.companyNotFound);
      return apiFields(company, [
        'referralProtectionDays',
        'overLimitRateBp',
        'overLimitAmountFen',
        'allInCostCapBp',
        'clawbackWindowDays',
        'clawbackPartial',
        'statementDay',
        'partnerCommissionBp',
        'poolDays',
        'poolWarnDays',
        'poolClaimsPerDay',
        'nudgeDays',
        'esignExpiryDays',
        'duplicateChecksPerDay',
        'logRetentionMonths',
        'closedCaseRetentionYears',
      ]);
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
          all_in_cost_cap_bp: company.allInCostCapBp,
          clawback_window_days: company.clawbackWindowDays,
          clawback_partial: company.clawbackPartial,
          statement_day: company.statementDay,
          partner_commission_bp: company.partnerCommissionBp,
          pool_days: company.poolDays,
          pool_warn_days: company.poolWarnDays,
          pool_claims_per_day: company.poolClaimsPerDay,
          nudge_days: company.nudgeDays,
          esign_expiry_days: company.esignExpiryDays,
          duplicate_checks_per_day: company.duplicateChecksPerDay,
          log_retention_months: company.logRetentionMonths,
          closed_case_retention_years: company.closedCaseRetentionYears,
        };
        const after = {
          ...form,
          pool_days: form.pool_days ?? company.poolDays,
          pool_warn_days: form.pool_warn_days ?? company.poolWarnDays,
          pool_claims_per_day: form.pool_claims_per_day ?? company.poolClaimsPerDay,
          nudge_days: form.nudge_days ?? company.nudgeDays,
          esign_expiry_days: form.esign_expiry_days ?? company.esignExpiryDays,
          duplicate_checks_per_day: form.duplicate_checks_per_day ?? company.duplicateChecksPerDay,
          all_in_cost_cap_bp: form.all_in_cost_cap_bp ?? company.allInCostCapBp,
          clawback_window_days: form.clawback_window_days ?? company.clawbackWindowDays,
          clawback_partial: form.clawback_partial ?? company.clawbackPartial,
          statement_day: form.statement_day ?? company.statementDay,
          partner_commission_bp: form.partner_commission_bp ?? company.partnerCommissionBp,
          log_retention_months: form.log_retention_months ?? company.logRetentionMonths,
          closed_case_retention_years: form.closed_case_retention_years ?? company.closedCaseRetentionYears,
        };
        await repo.updateCompany(tx, me.corpId, {
          referralProtectionDays: after.referral_protection_days,
          overLimitRateBp: after.over_limit_rate_bp,
          overLimitAmountFen: after.over_limit_amount_fen,
          allInCostCapBp: after.all_in_cost_cap_bp,
          clawbackWindowDays: after.clawback_window_days,
          clawbackPartial: after.clawback_partial,
          statementDay: after.statement_day,
          partnerCommissionBp: after.partner_commission_bp,
          poolDays: after.pool_days,
          poolWarnDays: after.pool_warn_days,
          poolClaimsPerDay: after.pool_claims_per_day,
          nudgeDays: after.nudge_days,
          esignExpiryDays: after.esign_expiry_days,
          duplicateChecksPerDay: after.duplicate_checks_per_day,
          logRetentionMonths: after.log_retention_months,
          closedCaseRetentionYears: after.closed_case_retention_years,
        });
        await audit(tx, me, 'settings.update', 'company', me.corpId, before, after);
        return after;
      });
    },

    async listAudit(me: Actor, request: Page) {
      requireActor(me, 'admin.company');
      const rows = await repo.listAudit(me.corpId, request);
      return toPage(rows, request.limit, (row) => ({
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

    // ---- reference lists (the case form's banks, channels, sources, cities; products) ----

    /** Banks, channels, sources and cities: listed, added, updated (listAddUpdate in the routes). */
    refs: {
      async list(me: Actor, request: Page & { kind: references.NamedKind; parent_id?: number }) {
        return pageInCompany(
          me,
          request,
          (ex, corpId) => references.listNamedRefs(ex, request.kind, corpId, request.parent_id ?? null, request),
          toRef,
        );
      },
      async add(me: Actor, form: z.output<typeof adminRefAddSchema>) {
        requireRefWriter(me, form.kind);
        if (form.kind === 'source' && form.parent_id !== null) throw new RefusedError(T.noParent);
        if (form.kind === 'city' && form.code === undefined) throw new RefusedError(T.cityCode);
        return unique(
          () =>
            repo.transaction(async (tx) => {
              if (form.parent_id !== null) {
                const parent = await references.findNamedRef(tx, form.kind, me.corpId, form.parent_id);
                // Two levels only: a branch's parent is a bank, a city's a province, a channel's a first-level one.
                if (!parent || parent.parentId !== null) throw new RefusedError(T.parentNotFound);
              }
              const id = await references.insertNamedRef(tx, form.kind, me.corpId, {
                parentId: form.parent_id,
                name: form.name,
                code: form.code,
              });
              const after = toRef((await references.findNamedRef(tx, form.kind, me.corpId, id))!);
              await audit(tx, me, `${form.kind}.add`, form.kind, id, null, after);
              return after;
            }),
          T.cityCodeTaken,
        );
      },
      async update(me: Actor, form: z.output<typeof adminRefUpdateSchema>) {
        requireRefWriter(me, form.kind);
        if (form.name === undefined && form.is_active === undefined) throw new RefusedError(T.nothingToChange);
        if (form.kind === 'city' && form.is_active !== undefined) throw new RefusedError(T.cityAlwaysActive);
        return repo.transaction(async (tx) => {
          const before = await references.findNamedRef(tx, form.kind, me.corpId, form.id);
          if (!before) throw new NotFoundError(T.refNotFound);
          await references.updateNamedRef(tx, form.kind, me.corpId, form.id, sentFields(form, ['name', 'is_active']));
          const after = toRef((await references.findNamedRef(tx, form.kind, me.corpId, form.id))!);
          await audit(tx, me, `${form.kind}.update`, form.kind, form.id, toRef(before), after);
          return after;
        });
      },
    },

    /** The loan products: listed, added, updated (listAddUpdate in the routes). */
    products: {
      async list(me: Actor, request: Page) {
        return pageInCompany(me, request, (ex, corpId) => references.listProducts(ex, corpId, request), toProduct);
      },
      async add(me: Actor, form: z.output<typeof adminProductAddSchema>) {
        requireActor(me, 'admin.company');
        return repo.transaction(async (tx) => {
          await requireBank(tx, me.corpId, form.bank_id);
          const id = await references.insertProduct(tx, {
            corpId: me.corpId,
            bankId: form.bank_id,
            name: form.name,
            minAmountFen: form.min_amount_fen,
            maxAmountFen: form.max_amount_fen,
            termsMonths: form.terms_months,
            feeType: form.fee_type,
            ratePpm: form.rate_ppm,
            repaymentMethod: form.repayment_method,
            rules: form.rules,
            fees: form.fees,
            isActive: form.is_active,
          });
          const after = toProduct((await references.findProduct(tx, me.corpId, id))!);
          await audit(tx, me, 'product.add', 'product', id, null, after);
          return after;
        });
      },
      async update(me: Actor, form: z.output<typeof adminProductUpdateSchema>) {
        requireActor(me, 'admin.company');
        const { id, ...fields } = form;
        return repo.transaction(async (tx) => {
          const before = await references.findProduct(tx, me.corpId, id);
          if (!before) throw new NotFoundError(T.productNotFound);
          if (fields.bank_id !== undefined) await requireBank(tx, me.corpId, fields.bank_id);
          const values = sentFields(fields, [
            'bank_id',
            'name',
            'min_amount_fen',
            'max_amount_fen',
            'terms_months',
            'fee_type',
            'rate_ppm',
            'repayment_method',
            'rules',
            'fees',
            'is_active',
          ]);
          if (Object.keys(values).length === 0) throw new RefusedError(T.nothingToChange);
          // The amounts are checked together, the stored one standing in for the one not sent.
          if ((values.minAmountFen ?? before.minAmountFen) > (values.maxAmountFen ?? before.maxAmountFen))
            throw new RefusedError(T.amountsOutOfOrder);
          await references.updateProduct(tx, me.corpId, id, values);
          const after = toProduct((await references.findProduct(tx, me.corpId, id))!);
          await audit(tx, me, 'product.update', 'product', id, toProduct(before), after);
          return after;
        });
      },
    },

    // ---- exam papers, activities and FAQ entries: their files, as their modules' commands load them ----

    papers: fileKind({
      list: listPapersForAdmin,
      item: (row) => ({
        ...apiFields(row, ['id', 'code', 'kind', 'title']),
        opens_at: row.opensAt?.toISOString() ?? null,
        closes_at: row.closesAt?.toISOString() ?? null,
      }),
      entry: findPaperFileForAdmin,
      notFound: T.paperNotFound,
      async upload(tx, me, { text }: { text: string }) {
        const loaded = await loadPaperText(tx, me.corpId, text);
        await audit(tx, me, 'paper.upload', 'exam_paper', loaded.id, null, loaded);
        return loaded;
      },
      /** The form for one paper: the object its file parses to, checked and loaded by the exam module. */
      async save(tx, me, { paper }: { paper: Record<string, unknown> }) {
        const { before, after, ...loaded } = await loadPaperObject(tx, me.corpId, paper);
        await audit(tx, me, before ? 'paper.update' : 'paper.add', 'exam_paper', loaded.id, before, after);
        return loaded;
      },
    }),

    activities: fileKind({
      list: listActivitiesForAdmin,
      item: (row) => ({
        ...apiFields(row, ['id', 'key', 'type', 'title']),
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
      }),
      entry: findActivitySpecForAdmin,
      notFound: T.activityNotFound,
      async upload(tx, me, { text }: { text: string }) {
        const saved = await uploadActivityText(tx, me.corpId, text, now());
        await audit(tx, me, 'activity.upload', 'activity', null, null, saved);
        return saved;
      },
      /** The form for one activity: its file entry's object, checked and authored by the activity module. */
      async save(tx, me, { activity }: { activity: Record<string, unknown> }) {
        const { before, after, ...saved } = await saveActivitySpec(tx, me.corpId, activity, now());
        await audit(tx, me, before ? 'activity.update' : 'activity.add', 'activity', saved.id, before, after);
        return saved;
      },
    }),

    faq: fileKind({
      list: listFaqForAdmin,
      item: (row) => ({
        ...apiFields(row, ['id', 'key', 'title', 'type', 'category']),
        updated_at: row.updatedAt.toISOString(),
      }),
      entry: findFaqEntryForAdmin,
      notFound: T.faqNotFound,
      async upload(tx, me, { name, text }: { name: string; text: string }) {
        const saved = await importFaqMarkdown(tx, me.corpId, name, text, now());
        await audit(tx, me, 'faq.upload', 'faq_entry', saved.id, null, saved);
        return saved;
      },
      /** The form for one entry: written as its Markdown file and imported by the FAQ module, as an upload is. */
      async save(tx, me, form: z.output<typeof adminFaqSaveSchema>) {
        const { id, ...fields } = form;
        const saved = await saveFaqForm(tx, me.corpId, id, fields, now());
        if (!saved) throw new NotFoundError(T.faqNotFound);
        const action = saved.before ? 'faq.update' : 'faq.add';
        await audit(tx, me, action, 'faq_entry', saved.after.id, saved.before, saved.after);
        return saved.after;
      },
    }),

    /** The operator's companies: listed, added, updated (listAddUpdate in the routes). */
    companies: {
      async list(me: Actor) {
        requireActor(me, 'admin.platform');
        return (await repo.listCompanies()).map((row) => apiFields(row, ['id', 'name', 'isActive', 'staff']));
      },
      /** A new company with its first admin, who then adds everyone else in the back office. */
      async add(me: Actor, form: z.output<typeof adminCompanyAddSchema>) {
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
            admin: { id: adminId, name: form.admin_name, phone: maskPhone(form.admin_phone) },
          };
          // Written in both books: the operator's company and the new one.
          await audit(tx, me, 'company.add', 'company', corpId, null, after);
          await audit(tx, me, 'company.add', 'company', corpId, null, after, corpId);
          return { id: corpId, name: form.name, is_active: true, staff: 1 };
        });
      },
      async update(me: Actor, form: z.output<typeof adminCompanyUpdateSchema>) {
        requireActor(me, 'admin.platform');
        const after = await repo.transaction(async (tx) => {
          const before = await repo.company(form.id, tx);
          if (!before) throw new NotFoundError(T.companyNotFound);
          if (form.id === me.corpId && form.is_active === false) throw new RefusedError(T.notOwnAdmin);
          const values = sentFields(form, ['name', 'is_active']);
          if (Object.keys(values).length === 0) throw new RefusedError(T.nothingToChange);
          await repo.updateCompany(tx, form.id, values);
          const after = {
            id: form.id,
            name: values.name ?? before.name,
            is_active: values.isActive ?? before.isActive,
          };
          const prior = { id: before.id, name: before.name, is_active: before.isActive };
          await audit(tx, me, 'company.update', 'company', form.id, prior, after);
          if (form.id !== me.corpId) await audit(tx, me, 'company.update', 'company', form.id, prior, after, form.id);
          return after;
        });
        const counted = (await repo.listCompanies()).find((row) => row.id === form.id);
        return { ...after, staff: counted?.staff ?? 0 };
      },
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
