import { apiFields } from '../api-fields.ts';
import type { Clock } from '../../clock.ts';
import type {
  AppealItem,
  CaseDetail,
  CaseListItem,
  Funnel,
  MemberStat,
  PersonalField,
  Statistic,
  TeamData,
  ViewLogItem,
} from '@crm/domain/api/cases';
import type { CaseForm } from '@crm/domain/cases';
import { isAboveLimit, ppmToPercent } from '@crm/domain/calculator';
import type { MatchProfile } from '@crm/domain/matching';
import { formatFen } from '@crm/domain/money';
import {
  allowedMoves,
  CASE_STATUS,
  CASE_STATUS_LABELS,
  CASE_STATUSES,
  findTransition,
  isDeletable,
  refusalOf,
} from '@crm/domain/status';
import { optionLabel, REJECT_REASONS } from '@crm/domain/options';
import { MOVES_WITHOUT_CONSENT } from '@crm/domain/consent';
import { isSalesperson } from '@crm/domain/roles';
import { maskName } from '@crm/domain/ownership';
import type { RobotEvent } from '@crm/domain/api/robots';
import { maskBankCard, maskIdNumber, maskPhone } from '@crm/domain/validation';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { can, caseRoleNames, type Access } from '../access/index.ts';
import { accrueCaseCommission, dealFellThrough } from '../ledger/index.ts';
import { convertReferral, referralHoldingClient, referralPartnerOfCase } from '../outside/index.ts';
import { freezeFinancePact } from '../pact/index.ts';
import { enqueueReminder, reminderCards } from '../reminders/index.ts';
import { announce, robotTexts } from '../robots/index.ts';
import { openCaseSignTask, withdrawCaseSignTask } from '../sign/index.ts';
import type { HolderCheck } from '../holder-check.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { CaseScope, CaseValues, CasesRepository, DashboardFilter, EventValues } from './cases.repository.ts';
import { CASES_TEXTS as T } from './cases.texts.ts';
import { caseCost, costAt, matchProducts } from './matching.ts';
import { requireConsent } from './consent.service.ts';

type Page<T> = { list: T[]; next_cursor: number | null };
type PageFilter = { cursor: number | null; limit: number };
type Tx = Parameters<CasesRepository['insertEvent']>[0];

/** Cuts the extra row a repository fetched to learn whether another page follows. */
function page<R extends { id: number }, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { list: shown.map(map), next_cursor: more ? (shown.at(-1)?.id ?? null) : null };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** Statuses where the salesperson may still correct the case's fields. */
/** The moves a company's group robots can be told of (issue 50, decision 076). */
const ROBOT_MOVES: Partial<Record<number, RobotEvent>> = {
  [CASE_STATUS.APPROVED]: 'case-approved',
  [CASE_STATUS.DISBURSED]: 'case-disbursed',
};

const EDITABLE: readonly number[] = [CASE_STATUS.SIGNING, CASE_STATUS.SIGNING_FAILED, CASE_STATUS.NEEDS_DOCUMENTS];

export function createCasesService({
  repo,
  access,
  now,
  holder,
}: {
  repo: CasesRepository;
  access: Access;
  now: Clock;
  holder?: HolderCheck;
}) {
  /**
   * The case if the caller holds the permission on it (the access module: another company's id is 404,
   * a case the caller holds no role on is 403), with the caller's roles in the transition table's words.
   */
  async function visibleCase(
    me: StaffIdentity,
    id: number,
    permission: 'case.read' | 'case.update' | 'case.delete' | 'case.move' | 'followup.add' | 'appeal.add' = 'case.read',
  ) {
    const c = await access.require(me, permission, id);
    return { c, roles: caseRoleNames(me, c) };
  }

  const teamScope = (me: StaffIdentity): CaseScope => access.caseListScope(me, 'team');

  /** A line of the case's history by the caller: the kind of step, the status before and after, and why. */
  const recordEvent = (
    tx: Tx,
    me: StaffIdentity,
    clientId: number,
    kind: EventValues['kind'],
    fromStatus: number | null,
    toStatus: number | null,
    reason?: string,
  ) => repo.insertEvent(tx, { corpId: me.corpId, clientId, staffId: me.id, kind, fromStatus, toStatus, reason });

  /**
   * A service request or an appeal, locked, that must still be open, and then its case locked too: where a
   * transfer and an appeal's decision both start.
   */
  async function lockWithCase<R extends { status: string; clientId: number }>(
    tx: Tx,
    me: StaffIdentity,
    locking: Promise<R | undefined>,
    refusals: { missing: string; closed: string },
  ) {
    const row = await locking;
    if (!row) throw new NotFoundError(refusals.missing);
    if (row.status !== 'open') throw new RefusedError(refusals.closed);
    const c = await repo.lockCase(tx, me.corpId, row.clientId);
    if (!c) throw new NotFoundError(T.notFound);
    return { row, c };
  }

  /** The reference data a form points at: checked to exist in the company, then stored on the case. */
  const references = (form: CaseForm) => ({
    productId: form.product_id,
    bankId: form.bank_id,
    channelId: form.channel_id,
    sourceId: form.source_id,
    cityId: form.city_id,
    signUserId: form.sign_user_id,
  });

  /**
   * A person a partner's referral protects is the partner's lead (decision 049): no case takes them in, and no
   * edit moves a case onto their phone or ID number. Taken under the identity lock the referral takes too; the
   * referral being converted (`exceptReferralId`) is the one that may.
   */
  async function refuseHeldByReferral(
    tx: Tx,
    me: StaffIdentity,
    form: CaseForm,
    exceptReferralId: number | null = null,
  ) {
    const who = { phone: form.phone, idNumber: form.id_number.idNumber };
    if (await referralHoldingClient(tx, me.corpId, who, now(), exceptReferralId))
      throw new RefusedError(T.heldByReferral, { field: 'id_number' });
  }

  async function checkForm(
    me: StaffIdentity,
    form: CaseForm,
    exceptId: number | null,
    referralId: number | null = null,
  ) {
    const refs = await repo.referencesExist(me.corpId, references(form));
    if (!refs.product) throw new RefusedError(T.productInvalid, { field: 'product_id' });
    if (!refs.bank) throw new RefusedError(T.bankInvalid, { field: 'bank_id' });
    if (!refs.channel) throw new RefusedError(T.channelInvalid, { field: 'channel_id' });
    if (!refs.source) throw new RefusedError(T.sourceInvalid, { field: 'source_id' });
    if (!refs.city) throw new RefusedError(T.cityInvalid, { field: 'city_id' });
    if (!refs.signUser) throw new RefusedError(T.signUserInvalid, { field: 'sign_user_id' });
    if (form.product_id) {
      const [product] = (await repo.listProducts(me.corpId, null)).filter((p) => p.id === form.product_id);
      const amount = form.amount ?? 0;
      if (
        product &&
        product.max_amount_fen > 0 &&
        (amount < product.min_amount_fen || amount > product.max_amount_fen)
      ) {
        throw new RefusedError(
          T.amountOutOfRange(formatFen(product.min_amount_fen), formatFen(product.max_amount_fen)),
          { field: 'amount' },
        );
      }
      if (product && product.terms.length > 0 && !product.terms.includes(form.term))
        throw new RefusedError(T.termNotInProduct, { field: 'term' });
    }
    // Decision 068: a case whose all-in cost is above 36 % a year is not submitted (its fees or its price change).
    const cost = await caseCost(repo, me.corpId, {
      productId: form.product_id,
      amountFen: form.amount ?? 0,
      termMonths: form.term,
      fees: form.fees,
    });
    if (cost && isAboveLimit(cost.irrPpm))
      throw new RefusedError(
        cost.irrPpm === null ? T.feesTakeTheLoan : T.costAboveLimit(ppmToPercent(cost.irrPpm).toFixed(2)),
        { field: 'fees' },
      );
    // Someone else's customer by phone or ID number (decision 066): the masked sentence the check gives. A
    // partner's protected referral keeps its own words (decision 049), asked under the identity lock below.
    const held = await holder?.(
      me.corpId,
      { phone: form.phone, idNumber: form.id_number.idNumber },
      { kind: 'staff', corpId: me.corpId, staff: me },
      {
        except: exceptId === null ? (referralId === null ? null : `referral:${referralId}`) : `case:${exceptId}`,
        ignore: ['referral'],
      },
    );
    if (held) throw new RefusedError(held, { field: 'phone' });
    const byId = await repo.findOpenCaseByIdNumber(me.corpId, form.id_number.idNumber, exceptId);
    if (byId) throw new RefusedError(T.duplicateIdNumber(byId.ownerName), { field: 'id_number' });
  }

  function caseValues(form: CaseForm): Omit<CaseValues, 'ownerId' | 'teamId' | 'status'> {
    return {
      name: form.name,
      phone: form.phone,
      idNumber: form.id_number.idNumber,
      birthDate: form.id_number.birthDate,
      sex: form.id_number.sex,
      bankCard: form.bank_card,
      amountFen: form.amount ?? 0,
      termMonths: form.term,
      purpose: form.purpose,
      ...references(form),
      region: form.region,
      marital: form.marital,
      education: form.education,
      occupation: form.occupation,
      employerType: form.employer_type,
      incomeFen: form.income,
      remarks: form.remarks,
      fees: form.fees,
    };
  }

  /** Runs a write; the open-case index turning down a racing duplicate reads as the same refusal. */
  async function guardDuplicate<R>(me: StaffIdentity, idNumber: string, work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const holder = await repo.findOpenCaseByIdNumber(me.corpId, idNumber, null);
      throw new RefusedError(T.duplicateIdNumber(holder?.ownerName ?? ''));
    }
  }

  /** A case entering 签约中 gets its task in the signing centre, offered to the signer chosen on the form. */
  const openSigning = (tx: Tx, me: StaffIdentity, caseId: number, signerId: number | null) =>
    openCaseSignTask(tx, {
      corpId: me.corpId,
      clientId: caseId,
      proposedSignerId: signerId,
      createdBy: me.id,
      createdAt: now(),
    });

  function listItem(row: Awaited<ReturnType<CasesRepository['listCases']>>[number]): CaseListItem {
    return {
      id: row.id,
      name: row.name,
      phone: maskPhone(row.phone),
      status: row.status,
      amount_fen: row.amountFen,
      term: row.termMonths,
      owner_name: row.ownerName,
      reject_reason: row.rejectReason ? String(row.rejectReason) : '',
      created_at: iso(row.createdAt) ?? '',
      consent: row.consent,
    };
  }

  async function statisticOf(scope: CaseScope): Promise<Statistic> {
    const at = now();
    // The last six calendar months including this one, from the first of the month (Beijing time ≈ UTC+8).
    const since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 5, 1) - 8 * 3_600_000);
    const [byStatus, byMonth] = await Promise.all([repo.statByStatus(scope), repo.statByMonth(scope, since)]);
    const total = byStatus.reduce(
      (sum, row) => ({
        count: sum.count + row.count,
        amount_fen: sum.amount_fen + row.amount_fen,
        disbursed_fen: sum.disbursed_fen + (row.status === CASE_STATUS.DISBURSED ? row.amount_fen : 0),
      }),
      { count: 0, amount_fen: 0, disbursed_fen: 0 },
    );
    // Every one of the six months, a month without cases as zeros, so the chart always spans half a year.
    const shanghai = new Date(at.getTime() + 8 * 3_600_000);
    const months = Array.from({ length: 6 }, (_, i) => {
      const first = new Date(Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth() - 5 + i, 1));
      return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    });
    const by_month = months.map(
      (month) => byMonth.find((row) => row.month === month) ?? { month, count: 0, amount_fen: 0, disbursed_fen: 0 },
    );
    return { total, by_status: byStatus, by_month };
  }

  return {
    // ---- reference data --------------------------------------------------------------------------
    channels: (me: StaffIdentity) => repo.listChannels(me.corpId),
    sources: (me: StaffIdentity) => repo.listSources(me.corpId),
    banks: async (me: StaffIdentity) =>
      (await repo.listBanks(me.corpId)).filter((bank) => bank.parent_id === null).map(({ id, name }) => ({ id, name })),
    products: (me: StaffIdentity, bankId: number | null) => repo.listProducts(me.corpId, bankId),
    /** 匹配产品 (decision 068): the company's products read against a client's profile, any of its staff may ask. */
    async productMatch(me: StaffIdentity, profile: MatchProfile) {
      const { amountFen, termMonths } = profile;
      if (amountFen === null || termMonths === null) throw new RefusedError(T.matchNeedsLoan);
      return matchProducts(repo, me.corpId, { ...profile, amountFen, termMonths });
    },
    /** The company's warning line (decision 068), percent: any staff member's case form warns above it. */
    async allInCostCap(me: StaffIdentity) {
      return { all_in_cost_cap: (await repo.allInCostCapBp(me.corpId)) / 100 };
    },
    cities: () => repo.listCities(),
    signUsers: (me: StaffIdentity) => repo.listSigners(me.corpId),
    statuses: () => CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] })),
    async bankTree(me: StaffIdentity) {
      return tree(await repo.listBanks(me.corpId));
    },
    async channelTree(me: StaffIdentity) {
      return tree(await repo.listChannels(me.corpId));
    },

    // ---- cases -----------------------------------------------------------------------------------
    /**
     * A new case, made from scratch or from a partner's referral (`referralId`, decision 049). A client a
     * partner's referral still protects can only be made a case from that referral: the partner keeps
     * the lead, and the case keeps the partner as its source.
     */
    async addClient(me: StaffIdentity, form: CaseForm, referralId: number | null = null): Promise<{ id: number }> {
      await checkForm(me, form, null, referralId);
      if (referralId !== null) await access.require(me, 'ysb.referral.convert', referralId);
      const id = await guardDuplicate(me, form.id_number.idNumber, () =>
        repo.transaction(async (tx) => {
          const at = now();
          await refuseHeldByReferral(tx, me, form, referralId);
          const caseId = await repo.insertCase(tx, me.corpId, {
            ...caseValues(form),
            ownerId: me.id,
            teamId: me.teamId,
            status: CASE_STATUS.SIGNING,
          });
          await recordEvent(tx, me, caseId, 'created', null, CASE_STATUS.SIGNING);
          // The team's WeCom group hears of it (issue 50, decision 076), queued with the case.
          await announce(tx, {
            corpId: me.corpId,
            teamId: me.teamId,
            event: 'case-created',
            eventKey: String(caseId),
            facts: [
              [robotTexts.client, maskName(form.name)],
              [robotTexts.amount, form.amount ? robotTexts.yuan(form.amount) : ''],
              [robotTexts.by, me.name],
            ],
            at,
          });
          await openSigning(tx, me, caseId, form.sign_user_id);
          if (form.need_service) await repo.openServiceRequest(tx, me.corpId, caseId, me.id);
          if (
            referralId !== null &&
            !(await convertReferral(tx, { corpId: me.corpId, id: referralId, caseId, staffId: me.id, at }))
          )
            throw new RefusedError(T.referralNotProtected);
          return caseId;
        }),
      );
      return { id };
    },

    async clientList(
      me: StaffIdentity,
      request: {
        status: number;
        keyword: string;
        scope: 'mine' | 'team';
        owner_id?: number | undefined;
      } & DashboardFilter &
        PageFilter,
    ): Promise<Page<CaseListItem>> {
      const narrowed = [request.month, request.reached, request.bank_id, request.product_id, request.channel_id].some(
        (value) => value !== undefined,
      );
      if (request.scope !== 'team' && request.keyword === '' && !narrowed) {
        const rows = await repo.myCases(me.corpId, me.id, request);
        return page(rows, request.limit, (row) => listItem({ ...row, ownerName: me.name }));
      }
      const listed: CaseScope = access.caseListScope(me, request.scope === 'team' ? 'team' : 'mine');
      // A member's cases stay inside the leader's team: the team condition is kept, the owner narrows it.
      const scope: CaseScope =
        'teamId' in listed && request.owner_id !== undefined ? { ...listed, ownerId: request.owner_id } : listed;
      const rows = await repo.listCases(scope, request);
      return page(rows, request.limit, listItem);
    },

    async detail(me: StaffIdentity, id: number): Promise<CaseDetail> {
      const { c, roles } = await visibleCase(me, id);
      const names = await repo.caseNames(c);
      const cost = costAt(c, names.price);
      // Masked for every role, the owner too (JR/T 0171-2020 C2, decision 065): a tap reveals one number,
      // logged for anyone but the owner.
      const masked = true;
      return {
        id: c.id,
        name: c.name,
        phone: masked ? maskPhone(c.phone) : c.phone,
        id_number: masked ? maskIdNumber(c.idNumber) : c.idNumber,
        birth_date: c.birthDate,
        sex: c.sex,
        bank_card: masked ? maskBankCard(c.bankCard) : c.bankCard,
        masked,
        amount_fen: c.amountFen,
        term: c.termMonths,
        purpose: c.purpose,
        product_id: c.productId,
        product_name: names.product,
        bank_id: c.bankId,
        bank_name: names.bank,
        channel_id: c.channelId,
        channel_name: names.channel,
        source_id: c.sourceId,
        source_name: names.source,
        city_id: c.cityId,
        city_name: names.city,
        sign_user_id: c.signUserId,
        sign_user_name: names.signUser,
        region: c.region,
        marital: c.marital,
        education: c.education,
        occupation: c.occupation,
        employer_type: c.employerType,
        merged_into: c.mergedInto,
        income_fen: c.incomeFen,
        remarks: c.remarks,
        fees: c.fees,
        all_in_cost: cost?.irrPpm == null ? null : ppmToPercent(cost.irrPpm),
        all_in_cost_cap: names.capBp / 100,
        status: c.status,
        reject_reason: c.rejectReason,
        reject_note: c.rejectNote,
        owner_id: c.ownerId,
        owner_name: names.owner,
        created_at: iso(c.createdAt) ?? '',
        events: names.events.map((event) => ({ ...event, created_at: iso(event.created_at) ?? '' })),
        moves: allowedMoves(c.status, roles).map((move) => ({ to: move.to, needs_reason: move.needsReason })),
        can_edit: can(me, 'case.update', c) && EDITABLE.includes(c.status),
        can_delete: can(me, 'case.delete', c) && isDeletable(c.status, names.hasMoved),
        can_resubmit: can(me, 'case.update', c) && c.status === CASE_STATUS.SIGNING_FAILED,
        can_appeal:
          can(me, 'appeal.add', c) &&
          (c.status === CASE_STATUS.SIGNING_FAILED || c.status === CASE_STATUS.REJECTED) &&
          !names.hasOpenAppeal,
        has_open_service: names.hasOpenService,
        // The financing agreement (decision 051): the owner, the team's leader and the signing centre.
        can_view_pact: can(me, 'pact.read', c),
      };
    },

    /**
     * One of a client's numbers in full, for someone who may read the case (decision 058). Anyone but the
     * owner leaves a line in the view log first: no log, no number.
     */
    async revealClient(me: StaffIdentity, request: { id: number; field: PersonalField }): Promise<{ value: string }> {
      const { c } = await visibleCase(me, request.id);
      const value = { phone: c.phone, id_number: c.idNumber, bank_card: c.bankCard }[request.field];
      if (c.ownerId !== me.id)
        await repo.insertView({
          corpId: me.corpId,
          clientId: c.id,
          staffId: me.id,
          teamId: c.teamId,
          field: request.field,
          viewedAt: now(),
        });
      return { value };
    },

    /** The team's view log, for its leader. */
    async viewLog(me: StaffIdentity, request: PageFilter): Promise<Page<ViewLogItem>> {
      const scope = teamScope(me);
      if (!('teamId' in scope)) throw new ForbiddenError(T.leaderOnly);
      const rows = await repo.listViews(me.corpId, scope.teamId, request);
      return page(rows, request.limit, (row) => ({
        ...apiFields(row, ['id', 'clientId', 'clientName', 'staffName', 'field']),
        viewed_at: iso(row.viewedAt) ?? '',
      }));
    },

    async updateClient(me: StaffIdentity, id: number, form: CaseForm): Promise<{ id: number }> {
      const { c } = await visibleCase(me, id, 'case.update');
      if (!EDITABLE.includes(c.status)) throw new RefusedError(T.notEditable);
      await checkForm(me, form, id);
      // Read before the transaction: on PGlite a query outside it would wait for it to end.
      const askService = form.need_service && !(await repo.caseNames(c)).hasOpenService;
      await guardDuplicate(me, form.id_number.idNumber, () =>
        repo.transaction(async (tx) => {
          await refuseHeldByReferral(tx, me, form);
          const locked = await repo.lockCase(tx, me.corpId, id);
          if (!locked || !EDITABLE.includes(locked.status)) throw new RefusedError(T.notEditable);
          await repo.updateCase(tx, me.corpId, id, caseValues(form));
          await recordEvent(tx, me, id, 'edited', locked.status, locked.status);
          if (askService) await repo.openServiceRequest(tx, me.corpId, id, me.id);
        }),
      );
      return { id };
    },

    async delClient(me: StaffIdentity, id: number): Promise<null> {
      const { c } = await visibleCase(me, id, 'case.delete');
      const names = await repo.caseNames(c);
      if (!isDeletable(c.status, names.hasMoved)) throw new RefusedError(T.notDeletable);
      await repo.transaction(async (tx) => {
        const locked = await repo.lockCase(tx, me.corpId, id);
        if (!locked || locked.status !== CASE_STATUS.SIGNING) throw new RefusedError(T.notDeletable);
        await repo.softDelete(tx, me.corpId, id);
        await withdrawCaseSignTask(tx, {
          corpId: me.corpId,
          clientId: id,
          actorId: me.id,
          at: now(),
          reason: T.caseDeleted,
        });
      });
      return null;
    },

    /** The one way a case's status changes directly: the transition table decides, the event records. */
    async updateClientStatus(
      me: StaffIdentity,
      request: { id: number; status: number; reason_code: number | null; reason: string },
    ): Promise<null> {
      const { c, roles } = await visibleCase(me, request.id, 'case.move');
      const move = findTransition(c.status, request.status, roles);
      if (!move) throw new RefusedError(refusalOf(c.status, request.status));
      const isRejection = move.to === CASE_STATUS.SIGNING_FAILED || move.to === CASE_STATUS.REJECTED;
      if (move.needsReason && isRejection && request.reason_code === null)
        throw new RefusedError(T.rejectReasonRequired);
      if (move.needsReason && !isRejection && request.reason === '') throw new RefusedError(T.reasonRequired);
      await repo.transaction(async (tx) => {
        const locked = await repo.lockCase(tx, me.corpId, request.id);
        // Someone else moved it between the check and the lock: refuse rather than skip a step.
        if (!locked || locked.status !== move.from) throw new RefusedError(T.changed);
        // Past intake only with the client's consent in force (decision 073); ending the case needs none.
        if (!MOVES_WITHOUT_CONSENT.includes(move.to)) await requireConsent(tx, me.corpId, request.id);
        await repo.updateCase(tx, me.corpId, request.id, {
          status: move.to,
          ...(isRejection ? { rejectReason: request.reason_code, rejectNote: request.reason } : {}),
        });
        await recordEvent(
          tx,
          me,
          request.id,
          'status',
          move.from,
          move.to,
          // The timeline reads the reason's words, not its stored code.
          [isRejection ? optionLabel(REJECT_REASONS, request.reason_code) : '', request.reason]
            .filter(Boolean)
            .join(' '),
        );
        // The team's WeCom group hears of an approval or a disbursement (issue 50, decision 076).
        const told = ROBOT_MOVES[move.to];
        if (told)
          await announce(tx, {
            corpId: me.corpId,
            teamId: locked.teamId,
            event: told,
            eventKey: `${request.id}:${move.from}:${now().getTime()}`,
            facts: [
              [robotTexts.client, maskName(locked.name)],
              [robotTexts.amount, locked.amountFen ? robotTexts.yuan(locked.amountFen) : ''],
              [robotTexts.by, me.name],
            ],
            at: now(),
          });
        // Approval freezes the financing agreement in the same transaction (decision 051).
        if (move.to === CASE_STATUS.APPROVED)
          await freezeFinancePact(tx, { corpId: me.corpId, clientId: request.id, actorId: me.id, at: now() });
        // The commission ledger (decision 067): a partner's referral earns its commission at approval, and a
        // returned case cancels what is unpaid and proposes claw-back of what was paid, in this transaction.
        if (move.to === CASE_STATUS.APPROVED) {
          const partnerId = await referralPartnerOfCase(tx, me.corpId, request.id);
          if (partnerId !== null)
            await accrueCaseCommission(tx, {
              corpId: me.corpId,
              caseId: request.id,
              partnerId,
              amountFen: locked.amountFen,
              actorId: me.id,
              at: now(),
            });
        }
        if (move.to === CASE_STATUS.RETURNED)
          await dealFellThrough(tx, {
            corpId: me.corpId,
            dealKind: 'case',
            dealId: request.id,
            trigger: 'case_returned',
            actorId: me.id,
            at: now(),
          });
        if (move.from === CASE_STATUS.SIGNING) {
          await withdrawCaseSignTask(tx, {
            corpId: me.corpId,
            clientId: request.id,
            actorId: me.id,
            at: now(),
            reason: T.signingEndedOnCase(CASE_STATUS_LABELS[move.to]),
          });
        }
      });
      return null;
    },

    /** A signing rejection corrected and sent back to signing (2 → 1), fields and move in one transaction. */
    async updateClientReject(me: StaffIdentity, id: number, form: CaseForm): Promise<{ id: number }> {
      const { c, roles } = await visibleCase(me, id);
      if (c.status !== CASE_STATUS.SIGNING_FAILED) throw new RefusedError(T.notRejected);
      const move = findTransition(c.status, CASE_STATUS.SIGNING, roles, 'resubmit');
      if (!move) throw new ForbiddenError(T.forbidden);
      await checkForm(me, form, id);
      await guardDuplicate(me, form.id_number.idNumber, () =>
        repo.transaction(async (tx) => {
          await refuseHeldByReferral(tx, me, form);
          const locked = await repo.lockCase(tx, me.corpId, id);
          if (!locked || locked.status !== CASE_STATUS.SIGNING_FAILED) throw new RefusedError(T.changed);
          await repo.updateCase(tx, me.corpId, id, {
            ...caseValues(form),
            status: CASE_STATUS.SIGNING,
            rejectReason: null,
            rejectNote: '',
          });
          await recordEvent(tx, me, id, 'resubmit', move.from, move.to);
          await openSigning(tx, me, id, form.sign_user_id);
        }),
      );
      return { id };
    },

    // ---- follow-ups ------------------------------------------------------------------------------
    async pending(me: StaffIdentity, request: { due: '0' | '1' } & PageFilter) {
      const at = now();
      const rows = await repo.listPending(me.corpId, me.id, { dueBy: request.due === '1' ? at : null, ...request });
      return page(rows, request.limit, (row) => ({
        id: row.id,
        client_id: row.clientId,
        client_name: row.clientName,
        phone: maskPhone(row.phone),
        status: row.status,
        note: row.note,
        next_contact_at: iso(row.nextContactAt) ?? '',
        is_due: row.nextContactAt.getTime() <= at.getTime(),
      }));
    },

    async pendingDetail(me: StaffIdentity, clientId: number) {
      const { c } = await visibleCase(me, clientId);
      const list = await repo.listFollowUps(me.corpId, clientId);
      return {
        client: { id: c.id, name: c.name, phone: maskPhone(c.phone), status: c.status },
        list: list.map((row) => ({
          id: row.id,
          note: row.note,
          next_contact_at: iso(row.nextContactAt) ?? '',
          done_at: iso(row.doneAt),
          staff_name: row.staffName,
          created_at: iso(row.createdAt) ?? '',
        })),
      };
    },

    /** spec's mortgageUser: a follow-up note with the next contact time on a case the caller works. */
    async addFollowUp(me: StaffIdentity, request: { client_id: number; note: string; next_contact_at: string }) {
      const { c } = await visibleCase(me, request.client_id, 'followup.add');
      const nextContactAt = new Date(request.next_contact_at);
      const add = () =>
        repo.transaction(async (tx) => {
          const id = await repo.addFollowUp(tx, {
            corpId: me.corpId,
            clientId: request.client_id,
            staffId: me.id,
            note: request.note,
            nextContactAt,
          });
          // The WeCom reminder when it falls due (decision 058), queued with the follow-up itself.
          await enqueueReminder(tx, {
            corpId: me.corpId,
            kind: 'followup-due',
            eventKey: String(id),
            recipientId: me.id,
            card: { ...reminderCards.followUpDue(c.name, request.note), path: `/business/pendingDetail/${c.id}` },
            followUpId: id,
            runAt: nextContactAt,
            createdAt: now(),
          });
          return id;
        });
      // Racing adds all found nothing to close; the one-open index turns the losers down, and tried again
      // each closes the winner's, as it would have one request later.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return { id: await add() };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt === 5) throw error;
        }
      }
    },

    // ---- customer service ------------------------------------------------------------------------
    async service(me: StaffIdentity, request: { status: 'open' | 'all'; id: number | null } & PageFilter) {
      access.requireActor(me, 'service.handle');
      const [rows, staffOptions] = await Promise.all([
        repo.listService(me.corpId, { openOnly: request.status === 'open' && !request.id, ...request }),
        repo.listSalespeople(me.corpId),
      ]);
      const result = page(rows, request.limit, (row) => ({
        id: row.id,
        client_id: row.clientId,
        client_name: row.clientName,
        phone: maskPhone(row.phone),
        client_status: row.clientStatus,
        owner_id: row.ownerId,
        owner_name: row.staffName,
        status: row.status,
        transfer_reason: row.transferReason,
        created_at: iso(row.createdAt) ?? '',
      }));
      return { ...result, staff_options: staffOptions };
    },

    /** Customer service hands a case to another salesperson: owner, team and open follow-ups move together. */
    async serviceTransfer(
      me: StaffIdentity,
      request: { id: number; to_staff_id: number; reason: string },
    ): Promise<null> {
      access.requireActor(me, 'service.handle');
      const target = await repo.findStaff(me.corpId, request.to_staff_id);
      await repo.transaction(async (tx) => {
        const { row: ask, c } = await lockWithCase(tx, me, repo.lockServiceRequest(tx, me.corpId, request.id), {
          missing: T.serviceMissing,
          closed: T.serviceClosed,
        });
        // The request first (another company's is 404), then whom it goes to: an active salesperson.
        if (!target?.isActive || !isSalesperson(target.jobs)) throw new RefusedError(T.transferTarget);
        if (c.ownerId === target.id) throw new RefusedError(T.transferSame);
        await repo.updateCase(tx, me.corpId, c.id, { ownerId: target.id, teamId: target.teamId });
        await repo.moveFollowUps(tx, me.corpId, c.id, target.id);
        await repo.closeServiceRequest(tx, me.corpId, ask.id, {
          handledBy: me.id,
          toStaffId: target.id,
          transferReason: request.reason,
        });
        await recordEvent(
          tx,
          me,
          c.id,
          'transfer',
          c.status,
          c.status,
          T.event.transferred(target.name, request.reason),
        );
      });
      return null;
    },

    // ---- appeals ---------------------------------------------------------------------------------
    async addAppeal(me: StaffIdentity, request: { client_id: number; reason: string }) {
      const { c } = await visibleCase(me, request.client_id, 'appeal.add');
      if (c.status !== CASE_STATUS.SIGNING_FAILED && c.status !== CASE_STATUS.REJECTED)
        throw new RefusedError(T.appealNotAllowed);
      if ((await repo.caseNames(c)).hasOpenAppeal) throw new RefusedError(T.appealOpen);
      // A double tap races past the check above: the one-open-appeal index turns the twin down.
      const id = await repo
        .transaction(async (tx) => {
          const appealId = await repo.insertAppeal(tx, {
            corpId: me.corpId,
            clientId: c.id,
            staffId: me.id,
            teamId: c.teamId,
            reason: request.reason,
          });
          await recordEvent(tx, me, c.id, 'appeal', c.status, null, T.event.appealed(request.reason));
          return appealId;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new RefusedError(T.appealOpen) : error;
        });
      return { id };
    },

    async appeals(me: StaffIdentity, request: { status: 'open' | 'all' } & PageFilter): Promise<Page<AppealItem>> {
      const rows = await repo.listAppeals(
        me.corpId,
        { staffId: me.id },
        { openOnly: request.status === 'open', ...request },
      );
      return page(rows, request.limit, appealItem);
    },

    async teamAppeals(me: StaffIdentity, request: { status: 'open' | 'all' } & PageFilter): Promise<Page<AppealItem>> {
      const scope = teamScope(me);
      if (!('teamId' in scope)) throw new ForbiddenError(T.leaderOnly);
      const rows = await repo.listAppeals(
        me.corpId,
        { teamId: scope.teamId },
        { openOnly: request.status === 'open', ...request },
      );
      return page(rows, request.limit, appealItem);
    },

    /** The leader decides an appeal; approval reopens the case through the transition table's appeal moves. */
    async auditAppeal(
      me: StaffIdentity,
      request: { id: number; result: 'approved' | 'refused'; reason: string },
    ): Promise<null> {
      await access.require(me, 'appeal.decide', request.id);
      await repo.transaction(async (tx) => {
        const { row: appeal, c } = await lockWithCase(tx, me, repo.lockAppeal(tx, me.corpId, request.id), {
          missing: T.appealMissing,
          closed: T.appealDecided,
        });
        let to: number | null = null;
        if (request.result === 'approved') {
          const target = c.status === CASE_STATUS.REJECTED ? CASE_STATUS.APPROVING : CASE_STATUS.SIGNING;
          const move = findTransition(c.status, target, ['leader'], 'appeal');
          if (!move) throw new RefusedError(refusalOf(c.status, target));
          to = move.to;
          // Back to the bank is processing again: it needs the consent in force (decision 073).
          if (move.to !== CASE_STATUS.SIGNING) await requireConsent(tx, me.corpId, c.id);
          await repo.updateCase(tx, me.corpId, c.id, { status: move.to, rejectReason: null, rejectNote: '' });
          if (move.to === CASE_STATUS.SIGNING) await openSigning(tx, me, c.id, c.signUserId);
        }
        await repo.decideAppeal(tx, me.corpId, appeal.id, {
          status: request.result,
          decidedBy: me.id,
          decisionReason: request.reason,
        });
        await recordEvent(
          tx,
          me,
          c.id,
          'appeal',
          c.status,
          to,
          T.event.appealDecided(request.result === 'approved', request.reason),
        );
        await enqueueReminder(tx, {
          corpId: me.corpId,
          kind: 'appeal-decided',
          eventKey: String(appeal.id),
          recipientId: appeal.staffId,
          card: {
            ...reminderCards.appealDecided(c.name, request.result === 'approved', request.reason),
            path: `/business/detail/${c.id}`,
          },
          runAt: now(),
          createdAt: now(),
        });
      });
      return null;
    },

    // ---- statistics ------------------------------------------------------------------------------
    statistic: (me: StaffIdentity, scope: 'mine' | 'team') => statisticOf(access.caseListScope(me, scope)),

    /**
     * The leader's dashboard (decision 058), over the last six months of intake: the funnel by month, the
     * median time in each status, approval rates by bank, product and channel, and each person's numbers.
     * A salesperson gets the same figures of their own cases.
     */
    async funnel(me: StaffIdentity, scope: 'mine' | 'team'): Promise<Funnel> {
      const where = access.caseListScope(me, scope);
      const at = now();
      const since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 5, 1) - 8 * 3_600_000);
      const [months, medians, bank, product, channel, people] = await Promise.all([
        repo.funnelByMonth(where, since),
        repo.statusMedians(where, since),
        repo.approvalBy(where, since, 'bank'),
        repo.approvalBy(where, since, 'product'),
        repo.approvalBy(where, since, 'channel'),
        repo.peopleFigures(where, since),
      ]);
      return { since: since.toISOString(), months, medians, approval: { bank, product, channel }, people };
    },

    async statUserlist(me: StaffIdentity): Promise<MemberStat[]> {
      const scope = teamScope(me);
      return 'teamId' in scope ? repo.memberStats(me.corpId, scope.teamId) : [];
    },

    async teamData(me: StaffIdentity): Promise<TeamData> {
      const scope = teamScope(me);
      if (!('teamId' in scope)) throw new ForbiddenError(T.leaderOnly);
      const [stat, members, teamName] = await Promise.all([
        statisticOf(scope),
        repo.memberStats(me.corpId, scope.teamId),
        repo.teamName(me.corpId, scope.teamId),
      ]);
      return { ...stat, team_name: teamName, members };
    },
  };
}

function appealItem(row: {
  id: number;
  clientId: number;
  clientName: string;
  clientStatus: number;
  staffName: string;
  reason: string;
  status: 'open' | 'approved' | 'refused';
  decisionReason: string;
  createdAt: Date;
  decidedAt: Date | null;
}): AppealItem {
  return {
    id: row.id,
    client_id: row.clientId,
    client_name: row.clientName,
    client_status: row.clientStatus,
    staff_name: row.staffName,
    reason: row.reason,
    status: row.status,
    decision_reason: row.decisionReason,
    created_at: iso(row.createdAt) ?? '',
    decided_at: iso(row.decidedAt),
  };
}

/** Two-level tree from rows with parent_id (banks → branches, channels → sub-channels). */
function tree(rows: { id: number; name: string; parent_id: number | null }[]) {
  return rows
    .filter((row) => row.parent_id === null)
    .map((root) => ({
      id: root.id,
      name: root.name,
      children: rows.filter((row) => row.parent_id === root.id).map(({ id, name }) => ({ id, name })),
    }));
}

export type CasesService = ReturnType<typeof createCasesService>;
