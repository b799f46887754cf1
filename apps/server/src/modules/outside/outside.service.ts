import { apiFields } from '../api-fields.ts';
import type { HolderCheck } from '../holder-check.ts';
import { randomInt } from 'node:crypto';
import { toPage, type PageRequest } from '@crm/domain/api/page';
import {
  PARTNER_STATUS,
  PARTNER_STATUS_LABELS,
  REFERRAL_STATUS,
  REFERRAL_STATUS_LABELS,
  type InviteQr,
  type OutsideInvite,
  type OutsideUser,
  type PartnerRow,
  type ReferralDetail,
  type ReferralListItem,
  type YsbTeamRow,
} from '@crm/domain/api/outside';
import { CASE_STATUS_LABELS, isCaseStatus } from '@crm/domain/status';
import { maskIdNumber, maskPhone } from '@crm/domain/validation';
import { qrPngDataUrl } from '../../images/qr-code.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { can, requireActor, type Access } from '../access/index.ts';
import type { AuthService } from '../auth/index.ts';
import { openCaseHoldsClient } from '../cases/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import {
  type findReferralScope,
  lockClientIdentity,
  protectedReferralOf,
  releaseExpiredOf,
  type OutsideRepository,
  type ReferralScope,
} from './outside.repository.ts';
import { OUTSIDE_TEXTS as T } from './outside.texts.ts';

/** A partner calling: their company and account (the session's principal). */
export interface PartnerCaller {
  corpId: number;
  partnerId: number;
}

const DAY_MS = 86_400_000;
/** "Expiring" on the to-do page: protection ends within this many days. */
const EXPIRING_DAYS = 7;
const INVITE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const iso = (at: Date) => at.toISOString();

/** A fresh invite code from the CSPRNG (8 of 31 characters: about 2^40, not guessable by trying). */
const freshInviteCode = () =>
  Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** 张三 → 张*: what a stranger holding an invite link learns of who sent it. */
const maskName = (name: string) => (name.length <= 1 ? name : `${name.slice(0, 1)}${'*'.repeat(name.length - 1)}`);

interface ReferralForm {
  id: number | null;
  name: string;
  phone: string;
  id_number: { idNumber: string };
  amount: number | null;
  product_id: number | null;
  remarks: string;
}

type PartnerRowData = NonNullable<Awaited<ReturnType<OutsideRepository['partnerRow']>>>;
const toPartnerRow = (row: PartnerRowData): PartnerRow => ({
  id: row.id,
  name: row.name,
  phone: maskPhone(row.phone),
  status: row.status,
  status_label: PARTNER_STATUS_LABELS[row.status] ?? '',
  decline_reason: row.declineReason,
  inviter_name: row.inviterName,
  staff_name: row.staffName,
  counts: row.counts,
  created_at: iso(row.createdAt),
});

const caseLabel = (status: number | undefined) =>
  status !== undefined && isCaseStatus(status) ? CASE_STATUS_LABELS[status] : '';

export interface OutsideServiceDeps {
  repo: OutsideRepository;
  /** The duplicate guard of every create (decision 066): here for what the referral rules do not cover. */
  holder?: HolderCheck;
  auth: AuthService;
  access: Access;
  now: Clock;
}

/**
 * Outside partners (issue 11, decision 049): registration by invite and SMS, referrals protected for the
 * company's period, teams of sub-partners and channels; and the staff side that approves partners and
 * turns referrals into cases.
 */
export function createOutsideService({ repo, auth, access, now, holder }: OutsideServiceDeps) {
  async function partnerAccount(caller: PartnerCaller): Promise<OutsideUser> {
    const at = now();
    const [row, company] = await Promise.all([
      repo.account(caller.corpId, caller.partnerId, at),
      repo.company(caller.corpId),
    ]);
    if (!row || !company) throw new NotFoundError(T.companyClosed);
    return {
      id: row.id,
      name: row.name,
      // The partner's own phone, masked like every number (decision 065): they log in with it and know it.
      phone: maskPhone(row.phone),
      corp_id: caller.corpId,
      corp_name: company.name,
      status: row.status,
      status_label: PARTNER_STATUS_LABELS[row.status] ?? '',
      decline_reason: row.declineReason,
      inviter_name: row.inviterName,
      protection_days: company.protectionDays,
      counts: row.counts,
      expiring: row.expiring,
      created_at: iso(row.createdAt),
    };
  }

  /** Refuses a partner whose account staff have not approved (referring and inviting wait for it). */
  async function requireApproved(caller: PartnerCaller) {
    const row = await repo.partnerRow(caller.corpId, caller.partnerId, now());
    if (!row) throw new NotFoundError(T.companyClosed);
    if (row.status !== PARTNER_STATUS.APPROVED) throw new ForbiddenError(T.notApproved);
  }

  async function validInvite(code: string) {
    const invite = await repo.findInvite(code);
    const usable =
      invite &&
      (invite.staffId !== null ? invite.staffActive === true : invite.partnerStatus === PARTNER_STATUS.APPROVED);
    if (!invite || !usable) throw new RefusedError(T.inviteInvalid);
    const staffId = invite.staffId ?? invite.partnerStaffId;
    if (staffId === null) throw new RefusedError(T.inviteInvalid);
    return { ...invite, networkStaffId: staffId };
  }

  /**
   * The case a referral became, when the partner's conversion made it one: a referral that expired into the pool
   * also points at the pool case made of it (decision 066), which is not the partner's to follow.
   */
  const caseOf = (row: { status: number; caseId: number | null }) =>
    row.status === REFERRAL_STATUS.CONVERTED ? row.caseId : null;

  /** Referral rows with their product names and, once converted, their case's status. */
  async function toReferralItems(corpId: number, rows: Awaited<ReturnType<OutsideRepository['listReferrals']>>) {
    const [products, cases] = await Promise.all([
      repo.productNames(
        corpId,
        rows.flatMap((row) => (row.productId ? [row.productId] : [])),
      ),
      repo.caseStatuses(
        corpId,
        rows.flatMap((row) => (caseOf(row) ? [row.caseId ?? 0] : [])),
      ),
    ]);
    return (row: (typeof rows)[number]): ReferralListItem => ({
      id: row.id,
      name: row.name,
      phone: maskPhone(row.phone),
      status: row.status,
      status_label: REFERRAL_STATUS_LABELS[row.status] ?? '',
      case_status_label: caseOf(row) ? caseLabel(cases.get(row.caseId ?? 0)) : '',
      amount_fen: row.amountFen,
      product_name: row.productId ? (products.get(row.productId) ?? '') : '',
      partner_name: row.partnerName,
      protected_until: iso(row.protectedUntil),
      created_at: iso(row.createdAt),
    });
  }

  async function referralPage(
    scope: ReferralScope,
    request: PageRequest & { status: number; expiring: boolean; partner_id?: number },
  ) {
    const at = now();
    const rows = await repo.listReferrals(
      scope,
      {
        status: request.status,
        expiringBefore: request.expiring ? new Date(at.getTime() + EXPIRING_DAYS * DAY_MS) : null,
        partnerId: request.partner_id,
      },
      request,
      at,
    );
    return toPage(rows, request.limit, await toReferralItems(scope.corpId, rows));
  }

  type ReferralRow = NonNullable<Awaited<ReturnType<typeof findReferralScope>>>;
  async function toDetail(
    row: ReferralRow,
    reveal: boolean,
    flags: { can_edit: boolean; can_convert: boolean },
  ): Promise<ReferralDetail> {
    const at = now();
    const status = row.status === 1 && row.protectedUntil <= at ? REFERRAL_STATUS.RELEASED : row.status;
    const [names, products, cases] = await Promise.all([
      repo.referralNames(row.corpId, row.partnerId, row.channelId),
      repo.productNames(row.corpId, row.productId ? [row.productId] : []),
      repo.caseStatuses(row.corpId, caseOf(row) ? [row.caseId ?? 0] : []),
    ]);
    const caseId = caseOf(row);
    const caseStatus = caseId ? (cases.get(caseId) ?? null) : null;
    const protectedNow = status === REFERRAL_STATUS.PROTECTED;
    return {
      id: row.id,
      name: row.name,
      phone: reveal ? row.phone : maskPhone(row.phone),
      id_number: reveal ? row.idNumber : maskIdNumber(row.idNumber),
      status,
      status_label: REFERRAL_STATUS_LABELS[status] ?? '',
      case_status_label: caseLabel(caseStatus ?? undefined),
      amount_fen: row.amountFen,
      product_id: row.productId,
      product_name: row.productId ? (products.get(row.productId) ?? '') : '',
      remarks: row.remarks,
      channel_id: row.channelId,
      channel_name: names.channelName,
      partner_id: row.partnerId,
      partner_name: names.partnerName,
      case_id: caseId,
      case_status: caseStatus,
      protected_until: iso(row.protectedUntil),
      converted_at: row.convertedAt ? iso(row.convertedAt) : null,
      released_at: row.releasedAt
        ? iso(row.releasedAt)
        : status === REFERRAL_STATUS.RELEASED
          ? iso(row.protectedUntil)
          : null,
      created_at: iso(row.createdAt),
      can_edit: flags.can_edit && protectedNow,
      can_convert: flags.can_convert && protectedNow,
    };
  }

  /** The caller's invite code and link (a partner must be approved to invite). */
  async function invite(who: { staff: StaffIdentity } | { partner: PartnerCaller }, origin: string) {
    if ('partner' in who) await requireApproved(who.partner);
    const corpId = 'staff' in who ? who.staff.corpId : who.partner.corpId;
    const owner = 'staff' in who ? { staffId: who.staff.id } : { partnerId: who.partner.partnerId };
    const code = await repo.inviteCodeOf(corpId, owner, freshInviteCode());
    if (!code) throw new Error('invite code not stored');
    return { invite_code: code, link: `${origin}/outside/register?invite=${code}&corp=${corpId}` };
  }

  /** A staff scope of partners: mine, or (a leader) the team's. */
  function staffScope(me: StaffIdentity, scope: 'mine' | 'team') {
    if (scope === 'mine') return { corpId: me.corpId, staffId: me.id };
    requireActor(me, 'ysb.team');
    return { corpId: me.corpId, teamId: me.teamId ?? 0 };
  }

  return {
    // ---- identity ----

    /** What an invite link shows before registration: the company and the inviter, masked. */
    async inviteInfo(code: string): Promise<OutsideInvite> {
      const invite = await validInvite(code);
      return { corp_id: invite.corpId, corp_name: invite.corpName, inviter_name: maskName(invite.inviterName) };
    },

    /**
     * Registers a partner by invite and SMS code and opens their session. The account waits for the
     * inviting network's staff member to approve it. A phone registers once per company.
     */
    async register(input: { name: string; phone: string; code: string; invite_code: string; corp_id: number }) {
      const invite = await validInvite(input.invite_code);
      if (invite.corpId !== input.corp_id) throw new RefusedError(T.inviteOtherCompany);
      if (await repo.partnerIdByPhone(invite.corpId, input.phone)) throw new RefusedError(T.phoneRegistered);
      try {
        const { token, answer } = await auth.signInWithCode(input.phone, input.code, async (tx) => {
          const partnerId = await repo.insertPartner(tx, {
            corpId: invite.corpId,
            name: input.name,
            phone: input.phone,
            staffId: invite.networkStaffId,
            parentId: invite.partnerId,
            createdAt: now(),
          });
          if (!partnerId) throw new Error('partner not inserted');
          return { subject: { kind: 'partner', corpId: invite.corpId, partnerId }, answer: partnerId };
        });
        return { token, user: await partnerAccount({ corpId: invite.corpId, partnerId: answer }) };
      } catch (error) {
        // Two registrations of one phone racing: the unique index lets one in.
        if (isUniqueViolation(error)) throw new RefusedError(T.phoneRegistered);
        throw error;
      }
    },

    async login(input: { corp_id: number; phone: string; code: string }) {
      const company = await repo.company(input.corp_id);
      if (!company) throw new RefusedError(T.companyClosed);
      const partnerId = await repo.partnerIdByPhone(input.corp_id, input.phone);
      if (!partnerId) throw new RefusedError(T.notRegistered);
      const { token } = await auth.signInWithCode(input.phone, input.code, async () => ({
        subject: { kind: 'partner', corpId: input.corp_id, partnerId },
        answer: null,
      }));
      return { token, user: await partnerAccount({ corpId: input.corp_id, partnerId }) };
    },

    account: partnerAccount,

    // ---- invitations (staff and approved partners) ----

    invite,

    async inviteQr(who: { staff: StaffIdentity } | { partner: PartnerCaller }, origin: string): Promise<InviteQr> {
      const made = await invite(who, origin);
      return { ...made, png: await qrPngDataUrl(made.link) };
    },

    // ---- referrals (the partner side) ----

    /**
     * Adds a referral or corrects a protected one. Under the client's identity lock: referrals whose
     * protection ran out are released, then a protected referral or an open case of the same phone or ID
     * number refuses it with the same words whoever holds it. A new referral is protected from now for the
     * company's period; a correction keeps its date.
     */
    async saveReferral(caller: PartnerCaller, form: ReferralForm) {
      await requireApproved(caller);
      const company = await repo.company(caller.corpId);
      if (!company) throw new NotFoundError(T.companyClosed);
      if (form.product_id !== null) {
        const products = await repo.products(caller.corpId);
        if (!products.some((product) => product.id === form.product_id)) throw new RefusedError(T.productInvalid);
      }
      const who = { phone: form.phone, idNumber: form.id_number.idNumber };
      // Home-loan clients hold a customer too (decision 066); cases and referrals are refused below, under the
      // identity lock, in the words partners know (已被报备).
      const held = await holder?.(
        caller.corpId,
        who,
        { kind: 'partner', corpId: caller.corpId, id: caller.partnerId },
        { ignore: ['case', 'referral', 'pool'] },
      );
      if (held) throw new RefusedError(held, { field: 'phone' });
      const values = {
        name: form.name,
        phone: form.phone,
        idNumber: who.idNumber,
        amountFen: form.amount ?? 0,
        productId: form.product_id,
        remarks: form.remarks,
      };
      const at = now();
      try {
        const saved = await repo.transaction(async (tx) => {
          await lockClientIdentity(tx, caller.corpId, who);
          await releaseExpiredOf(tx, caller.corpId, who, at);
          if (await protectedReferralOf(tx, caller.corpId, who, form.id)) throw new RefusedError(T.held);
          if (await openCaseHoldsClient(tx, caller.corpId, who)) throw new RefusedError(T.held);
          if (form.id !== null) {
            const updated = await repo.updateReferral(
              tx,
              { corpId: caller.corpId, id: form.id, partnerId: caller.partnerId, at },
              values,
            );
            if (!updated) throw new RefusedError(T.referralNotEditable);
            return updated;
          }
          return repo.insertReferral(tx, {
            corpId: caller.corpId,
            partnerId: caller.partnerId,
            ...values,
            protectedUntil: new Date(at.getTime() + company.protectionDays * DAY_MS),
            createdAt: at,
            updatedAt: at,
          });
        });
        if (!saved) throw new Error('referral not saved');
        return { id: saved.id, protected_until: iso(saved.protectedUntil) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new RefusedError(T.held);
        throw error;
      }
    },

    /** The partner's referrals, or (scope team) their sub-partners'. */
    listReferrals: (
      caller: PartnerCaller,
      request: PageRequest & { status: number; scope: 'mine' | 'team'; expiring: boolean },
    ) =>
      referralPage(
        request.scope === 'team'
          ? { corpId: caller.corpId, parentId: caller.partnerId }
          : { corpId: caller.corpId, partnerId: caller.partnerId },
        request,
      ),

    /**
     * One referral: the partner's own in full; a sub-partner's masked (they did not refer that person).
     * Anyone else's answers 404, as if it did not exist.
     */
    async referralDetail(caller: PartnerCaller, id: number) {
      const row = await repo.findReferral(caller.corpId, id);
      const own = row?.partnerId === caller.partnerId;
      if (!row || (!own && row.partner.parentId !== caller.partnerId)) throw new NotFoundError(T.referralNotFound);
      return toDetail(row, own, { can_edit: own, can_convert: false });
    },

    team: async (caller: PartnerCaller, page: PageRequest) => {
      const rows = await repo.listPartners({ corpId: caller.corpId, parentId: caller.partnerId }, -1, page, now());
      return toPage(rows, page.limit, toPartnerRow);
    },

    products: async (caller: PartnerCaller) =>
      (await repo.products(caller.corpId)).map((p) => ({
        id: p.id,
        name: p.name,
        bank_id: p.bankId,
        bank_name: p.bankName,
        min_amount_fen: p.minAmountFen,
        max_amount_fen: p.maxAmountFen,
        terms: p.terms,
      })),
    banks: (caller: PartnerCaller, parentId: number | null) => repo.banks(caller.corpId, parentId),

    // ---- channels ----

    channels: async (caller: PartnerCaller, page: PageRequest) => {
      const rows = await repo.listChannels(caller.corpId, caller.partnerId, page);
      return toPage(rows, page.limit, (row) => ({
        ...apiFields(row, ['id', 'name', 'contact', 'phone', 'referrals']),
        created_at: iso(row.createdAt),
      }));
    },

    async saveChannel(
      caller: PartnerCaller,
      form: { id: number | null; name: string; contact: string; phone: string },
    ) {
      const values = { name: form.name, contact: form.contact, phone: form.phone };
      if (form.id === null) {
        const id = await repo.insertChannel({
          corpId: caller.corpId,
          partnerId: caller.partnerId,
          ...values,
          createdAt: now(),
        });
        if (!id) throw new Error('channel not inserted');
        return { id };
      }
      if (!(await repo.updateChannel({ corpId: caller.corpId, partnerId: caller.partnerId, id: form.id }, values)))
        throw new NotFoundError(T.channelNotFound);
      return { id: form.id };
    },

    async deleteChannel(caller: PartnerCaller, id: number) {
      if (!(await repo.deleteChannel({ corpId: caller.corpId, partnerId: caller.partnerId, id, at: now() })))
        throw new NotFoundError(T.channelNotFound);
    },

    /** Files one of the partner's referrals under one of their channels (or none). */
    async setReferralChannel(caller: PartnerCaller, referralId: number, channelId: number | null) {
      if (channelId !== null && !(await repo.ownChannel(caller.corpId, caller.partnerId, channelId)))
        throw new NotFoundError(T.channelNotFound);
      const key = { corpId: caller.corpId, id: referralId, partnerId: caller.partnerId, at: now() };
      if (!(await repo.setReferralChannel(key, channelId))) throw new NotFoundError(T.referralNotFound);
    },

    // ---- the staff side ----

    async ysbUsers(me: StaffIdentity, request: PageRequest & { status: number; scope: 'mine' | 'team' }) {
      const rows = await repo.listPartners(staffScope(me, request.scope), request.status, request, now());
      return toPage(rows, request.limit, toPartnerRow);
    },

    /** Approves or declines a partner waiting for it; a decline says why (the partner reads it). */
    async audit(me: StaffIdentity, input: { id: number; pass: boolean; reason: string }) {
      await access.require(me, 'ysb.partner.audit', input.id);
      if (!input.pass && input.reason === '') throw new RefusedError(T.declineReasonRequired);
      const decided = await repo.decidePartner({
        corpId: me.corpId,
        id: input.id,
        status: input.pass ? PARTNER_STATUS.APPROVED : PARTNER_STATUS.DECLINED,
        reason: input.pass ? '' : input.reason,
        by: me.id,
        at: now(),
      });
      if (!decided) throw new RefusedError(T.alreadyDecided);
      const row = await repo.partnerRow(me.corpId, input.id, now());
      if (!row) throw new NotFoundError();
      return toPartnerRow(row);
    },

    async ysbClients(
      me: StaffIdentity,
      request: PageRequest & { status: number; scope: 'mine' | 'team'; expiring: boolean; partner_id?: number },
    ) {
      // One partner's list: the partner must be one the caller may see, then the list is theirs alone.
      if (request.partner_id !== undefined) {
        await access.require(me, 'ysb.partner.read', request.partner_id);
        return referralPage({ corpId: me.corpId, partnerId: request.partner_id }, request);
      }
      return referralPage(staffScope(me, request.scope), request);
    },

    /** One referral for staff: masked like every list (JR/T 0171-2020 C2); converting it reveals the numbers. */
    async ysbClientDetail(me: StaffIdentity, id: number) {
      const row = await access.require(me, 'ysb.referral.read', id);
      return toDetail(row, false, { can_edit: false, can_convert: can(me, 'ysb.referral.convert', row) });
    },

    /**
     * One of a referral's numbers in full, to whoever may make it a case (the case form needs them); written to
     * the company's audit log before it is answered (decision 065).
     */
    async revealReferral(me: StaffIdentity, request: { id: number; field: 'phone' | 'id_number' }) {
      const row = await access.require(me, 'ysb.referral.convert', request.id);
      await repo.logReferralView(me.corpId, { staffId: me.id, referralId: row.id, field: request.field, at: now() });
      return { value: request.field === 'phone' ? row.phone : row.idNumber };
    },

    async ysbTeam(me: StaffIdentity): Promise<YsbTeamRow[]> {
      requireActor(me, 'ysb.team');
      const rows = await repo.teamSummary(me.corpId, me.teamId ?? 0, now());
      return rows.map((row) => ({
        staff_id: row.staffId,
        staff_name: row.staffName,
        partners: row.partners,
        pending: row.pending,
        counts: row.counts,
      }));
    },

    /** The hourly release of referrals whose protection ran out. */
    releaseExpired: () => repo.releaseExpired(now()),
  };
}

export type OutsideService = ReturnType<typeof createOutsideService>;
