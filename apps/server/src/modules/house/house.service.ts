import { qrPngDataUrl } from '../../images/qr-code.ts';
import type { Clock } from '../../clock.ts';
import type { z } from 'zod';
import { computeBrokerageFen, isOverLimit, splitFen } from '@crm/domain/brokerage';
import { enqueueReminder, reminderCards } from '../reminders/index.ts';
import { formatFen } from '@crm/domain/money';
import {
  HOUSE_MESSAGES,
  HOUSE_STATUS,
  HOUSE_STATUS_OPTIONS,
  isHouseImageType,
  MAX_HOUSE_IMAGES_PER_CLIENT,
  type houseBrokerageUserFormSchema,
  type houseChannelFormSchema,
  type houseClientFormSchema,
  type houseRecommendFormSchema,
  type setBrokerageFormSchema,
} from '@crm/domain/house';
import { toPage, type PageRequest } from '@crm/domain/api/page';
import {
  type HouseAudit,
  type HouseDetail,
  type HouseClientItem,
  type HouseOrder,
  type HouseRecommendDetail,
  type HouseContactKind,
} from '@crm/domain/api/house';
import type {
  allotHouseRequestSchema,
  getHouseListRequestSchema,
  houseSignSubmitRequestSchema,
  updateHouseAuditRequestSchema,
  updateHouseOrderRequestSchema,
} from '@crm/domain/api/house';
import { maskBankCard, maskIdNumber, maskPhone } from '@crm/domain/validation';
import { NotFoundError, RefusedError } from '../../errors.ts';
import { isUniqueViolation } from '../../unique-violation.ts';
import { HOUSE_TEXTS } from './house.texts.ts';
import { can, mayActor, requireActor, type Access } from '../access/index.ts';
import type { FilesService } from '../files/index.ts';
import type { HolderCheck } from '../holder-check.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { createSignTask, hasSignTask } from '../sign/index.ts';
import type { ClientRow, ClientScope, HouseRepository } from './house.repository.ts';

type Me = StaffIdentity;
/*
 * Who may do what with a house client, its brokerage and audits is the house client's policy in the
 * access module (house.*, brokerage.*; docs/decisions/030 and 041). Job gates asked of the caller alone:
 */
const requireNotRebateOnly = (me: Me) => requireActor(me, 'house.list');
const requireFinance = (me: Me) => requireActor(me, 'brokerage.manage');
const requireSteward = (me: Me) => requireActor(me, 'house.steward');
/** Finance (job 4, not rebate-only) sees the company's channels, recommendations and receivers. */
const isFinance = (me: Me) => mayActor(me, 'brokerage.manage');
const iso = (d: Date) => d.toISOString();
/**
 * A client's documents may still be removed while it is new. Once the steward submits the signing the
 * signer and the bank work from them, and a signed or failed signing keeps them as its record.
 */
const documentsOpen = (client: { status: number }) => client.status === HOUSE_STATUS.NEW;

/** What a staff form and a channel referral both say of a client, as the clients table keeps it. */
export function clientFacts(
  form: Pick<
    z.output<typeof houseClientFormSchema>,
    'name' | 'phone' | 'id_number' | 'loan_amount' | 'term_months' | 'bank' | 'remark'
  >,
) {
  return {
    name: form.name,
    phone: form.phone,
    idNumber: form.id_number || null,
    loanAmountFen: form.loan_amount,
    termMonths: form.term_months,
    bank: form.bank,
    remark: form.remark,
  };
}

/** A client as lists show it: the phone masked (spec §9); the detail page alone reveals it, to who may act. */
function toItem(row: ClientRow, revealPhone: boolean): HouseClientItem {
  return {
    id: row.id,
    name: row.name,
    phone: revealPhone ? row.phone : maskPhone(row.phone),
    status: row.status,
    loan_amount_fen: row.loanAmountFen,
    term_months: row.termMonths,
    bank: row.bank,
    product: row.product,
    source: row.source,
    channel_id: row.channelId,
    channel_name: row.channelName,
    owner_id: row.ownerId,
    owner_name: row.ownerName,
    steward_status: row.stewardStatus,
    brokerage_state: row.brokerageState,
    brokerage_fen: row.brokerageFen,
    created_at: iso(row.createdAt),
  };
}

/** A decision on an over-limit audit, as the client's detail and the audit list both show it. */
const toAuditEvent = (e: Awaited<ReturnType<HouseRepository['auditEvents']>>[number]) => ({
  id: e.id,
  actor_id: e.actorId,
  actor_name: e.actorName,
  decision: e.decision,
  reason: e.reason,
  created_at: iso(e.createdAt),
});

type OrderRow = Awaited<ReturnType<HouseRepository['clientOrders']>>[number];
const toOrder = (row: OrderRow): HouseOrder => ({
  id: row.id,
  house_client_id: row.houseClientId,
  client_name: row.clientName,
  brokerage_user_id: row.brokerageUserId,
  brokerage_user_name: row.brokerageUserName,
  bank_name: row.bankName,
  // Masked for every role (JR/T 0171-2020 C2): finance reveals it when it pays (revealOrderCard).
  bank_card: maskBankCard(row.bankCard),
  amount_fen: row.amountFen,
  rate_bp: row.rateBp,
  status: row.status,
  remark: row.remark,
  pay_ref: row.payRef,
  created_at: iso(row.createdAt),
});

type NewOrder = Parameters<HouseRepository['insertOrders']>[1][number];
/** One order per receiver, each with its part of the brokerage (`parts` from splitFen, in receiver order). */
const ordersFor = (
  receiverIds: number[],
  parts: number[],
  order: Omit<NewOrder, 'brokerageUserId' | 'amountFen'>,
): NewOrder[] => receiverIds.map((brokerageUserId, i) => ({ ...order, brokerageUserId, amountFen: parts[i] ?? 0 }));

type RecommendRow = NonNullable<Awaited<ReturnType<HouseRepository['findRecommend']>>>;
const toRecommend = (row: RecommendRow) => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  channel_name: row.channelName,
  intent_amount_fen: row.intentAmountFen,
  remark: row.remark,
  created_at: iso(row.createdAt),
});

const toList = <R extends { id: number }, T>(rows: R[], page: PageRequest, map: (row: R) => T) =>
  toPage(rows, page.limit, map);

export interface HouseServiceDeps {
  repo: HouseRepository;
  /** The duplicate guard of every create (decision 066); none in tests that build the service alone. */
  holder?: HolderCheck;
  /** House documents are modules/files' (storage, signed links, sweep); this module links them by type. */
  files: FilesService;
  access: Access;
  now: Clock;
}

export function createHouseService({ repo, access, files, now, holder }: HouseServiceDeps) {
  /** The client if it exists in the caller's company (else 404) and the caller holds the permission (else 403). */
  const visibleClient = (
    me: Me,
    id: number,
    permission: 'house.read' | 'house.update' | 'house.delete' | 'brokerage.set' | 'house.sign.submit' = 'house.read',
  ): Promise<ClientRow> => access.require(me, permission, id);

  async function usableChannel(me: Me, channelId: number | null) {
    if (channelId === null) return null;
    const channel = await repo.findChannel(me.corpId, channelId);
    if (!channel || !can(me, 'house.channel.read', channel)) throw new RefusedError(HOUSE_TEXTS.channelNotYours);
    return channel.id;
  }

  /** A recommendation and a brokerage user alike name a person under a channel the caller may use. */
  async function channelPerson(me: Me, form: { channel_id: number | null; name: string; phone: string }) {
    requireNotRebateOnly(me);
    const channelId = await usableChannel(me, form.channel_id);
    return { corpId: me.corpId, channelId, name: form.name, phone: form.phone };
  }

  /** Finance lists the whole company's channels, recommendations and receivers; anyone else their own. */
  const listedOwner = (me: Me) => (isFinance(me) ? null : me.id);

  async function detail(me: Me, id: number): Promise<HouseDetail> {
    const client = await visibleClient(me, id);
    const [chain, referred, imageCounts, orders, auditIds] = await Promise.all([
      repo.referrerChain(me.corpId, client.referrerId),
      repo.referred(me.corpId, client.id),
      repo.countImages(me.corpId, client.id),
      repo.clientOrders(me.corpId, client.id),
      repo.clientAuditIds(me.corpId, client.id),
    ]);
    const events = await repo.auditEvents(me.corpId, auditIds);
    const isOwner = client.ownerId === me.id;
    return {
      client: {
        // Masked for every role, the owner too (decision 065): 查看 reveals one through revealHouseContact, logged.
        ...toItem(client, false),
        id_number: client.idNumber ? maskIdNumber(client.idNumber) : client.idNumber,
        remark: client.remark,
        steward_id: client.stewardId,
        steward_name: client.stewardName,
        brokerage_rate_bp: client.brokerageRateBp,
      },
      chain,
      referred,
      images: imageCounts.map((c) => ({ house_type: c.houseType, count: c.count })),
      orders: orders.map(toOrder),
      audit_events: events.map(toAuditEvent),
      can_delete:
        isOwner &&
        client.status === HOUSE_STATUS.NEW &&
        (client.brokerageState === 'none' || client.brokerageState === 'rejected'),
      can_set_brokerage:
        (isOwner || isFinance(me)) &&
        client.loanAmountFen > 0 &&
        (client.brokerageState === 'none' || client.brokerageState === 'rejected'),
    };
  }

  return {
    statusOptions: () => HOUSE_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label })),

    // ---- clients ------------------------------------------------------------------------------

    async addClient(me: Me, form: z.output<typeof houseClientFormSchema>) {
      requireNotRebateOnly(me);
      const held = await holder?.(
        me.corpId,
        { phone: form.phone, idNumber: clientFacts(form).idNumber },
        { kind: 'staff', corpId: me.corpId, staff: me },
      );
      if (held) throw new RefusedError(held, { field: 'phone' });
      const channelId = await usableChannel(me, form.channel_id);
      if (form.referrer_id !== null)
        await visibleClient(me, form.referrer_id).catch(() => {
          throw new RefusedError(HOUSE_TEXTS.recommendNotYours);
        });
      const stewardId = await repo.pickSteward(me.corpId);
      const id = await repo.insertClient({
        corpId: me.corpId,
        ownerId: me.id,
        teamId: me.teamId,
        stewardId,
        ...clientFacts(form),
        product: form.product,
        source: channelId === null ? 'staff' : 'channel',
        channelId,
        referrerId: form.referrer_id,
      });
      return { id };
    },

    async listClients(me: Me, query: z.output<typeof getHouseListRequestSchema>) {
      requireNotRebateOnly(me);
      const scope: ClientScope = access.houseListScope(me);
      const result = await repo.listClients(
        scope,
        { keyword: query.keyword, status: query.status, channelId: query.channel_id, source: query.source },
        query,
      );
      return toList(result, query, (row) => toItem(row, false));
    },

    /** The steward's list (getHouseList2): clients waiting on or handled by the caller. */
    async stewardClients(me: Me, page: PageRequest, stewardStatus: 'waiting' | 'handled' | undefined) {
      requireSteward(me);
      const result = await repo.listClients(
        { corpId: me.corpId, all: false, stewardId: me.id },
        { keyword: '', status: null, channelId: null, stewardStatus },
        page,
      );
      return toList(result, page, (row) => toItem(row, false));
    },

    /**
     * The stewards' pool (decision 052): channel referrals from /houseloan that no steward holds yet, for
     * a steward to take (allot) or a finance leader to hand out. Oldest waiting last, as every list.
     */
    async stewardPool(me: Me, page: PageRequest) {
      if (!mayActor(me, 'house.steward')) requireActor(me, 'house.allot');
      const result = await repo.listClients(
        { corpId: me.corpId, all: true },
        { keyword: '', status: HOUSE_STATUS.NEW, channelId: null, unclaimed: true },
        page,
      );
      return toList(result, page, (row) => toItem(row, false));
    },

    /** Card instalments (getHouseCard): the steward's clients on the credit-card product. */
    async stewardCards(me: Me, page: PageRequest) {
      requireSteward(me);
      const result = await repo.listClients(
        { corpId: me.corpId, all: false, stewardId: me.id },
        { keyword: '', status: null, channelId: null, product: 'card' },
        page,
      );
      return toList(result, page, (row) => toItem(row, false));
    },

    async teamClients(me: Me, page: PageRequest, keyword: string) {
      requireNotRebateOnly(me);
      requireActor(me, 'house.team');
      const result = await repo.listClients(
        { corpId: me.corpId, all: false, teamId: me.teamId ?? 0 },
        { keyword, status: null, channelId: null },
        page,
      );
      return toList(result, page, (row) => toItem(row, false));
    },

    detail,

    /**
     * Deleting is for the salesperson who took the client in, while nothing has happened to it yet:
     * still new (no signing), no brokerage asked for or paid. Soft: orders and events keep their client.
     */
    async deleteClient(me: Me, id: number) {
      await visibleClient(me, id, 'house.delete');
      await repo.transaction(async (tx) => {
        const locked = await repo.lockClient(tx, me.corpId, id);
        if (!locked) throw new NotFoundError(HOUSE_TEXTS.clientNotFound);
        if (locked.status !== HOUSE_STATUS.NEW || (await hasSignTask(tx, me.corpId, { houseClientId: id })))
          throw new RefusedError(HOUSE_TEXTS.clientSigningNoDelete);
        if (
          locked.brokerageState === 'pending_audit' ||
          locked.brokerageState === 'approved' ||
          (await repo.hasLiveOrders(tx, me.corpId, id))
        ) {
          throw new RefusedError(HOUSE_TEXTS.clientBrokerageNoDelete);
        }
        await repo.updateClient(tx, me.corpId, id, { deletedAt: now() });
      });
      return { id };
    },

    // ---- images -------------------------------------------------------------------------------

    async addImage(me: Me, id: number, houseType: number, bytes: Buffer) {
      if (!isHouseImageType(houseType)) throw new RefusedError(HOUSE_TEXTS.imageTypeInvalid);
      await visibleClient(me, id, 'house.update');
      // Refused before decoding when already full; counted again below under the client's lock, so a
      // burst of uploads cannot pass the cap together.
      if ((await repo.countClientImages(me.corpId, id)) >= MAX_HOUSE_IMAGES_PER_CLIENT)
        throw new RefusedError(HOUSE_MESSAGES.tooManyImages);
      const file = await files.store({
        corpId: me.corpId,
        uploaderId: me.id,
        owner: { kind: 'house_client', houseClientId: id },
        bytes,
      });
      // The link row and the attach commit together; should they fail, the file stays unattached and the sweep takes it.
      let imageId: number;
      try {
        imageId = await repo.transaction(async (tx) => {
          if (!(await repo.lockClient(tx, me.corpId, id))) throw new NotFoundError(HOUSE_TEXTS.clientNotFound);
          if ((await repo.countClientImages(me.corpId, id, tx)) >= MAX_HOUSE_IMAGES_PER_CLIENT)
            throw new RefusedError(HOUSE_MESSAGES.tooManyImages);
          const inserted = await repo.insertImage(tx, {
            corpId: me.corpId,
            houseClientId: id,
            houseType,
            uploadedBy: me.id,
            fileId: file.id,
          });
          await files.attach(tx, me.corpId, [file.id], now());
          return inserted;
        });
      } catch (error) {
        // A refused image is removed now rather than left a day for the sweep.
        if (error instanceof RefusedError || error instanceof NotFoundError)
          await files.deleteUnattached(me.corpId, file.id);
        throw error;
      }
      return { id: imageId };
    },

    async listImages(me: Me, id: number, houseType: number) {
      const client = await visibleClient(me, id);
      const deletable = documentsOpen(client) && can(me, 'house.update', client);
      const rows = await repo.listImages(me.corpId, id, houseType);
      return rows.map((row) => ({
        id: row.id,
        house_type: row.houseType,
        url: files.links(row.fileId, me.id).url,
        created_at: iso(row.createdAt),
        deletable,
      }));
    },

    /**
     * Removes one document (delHouseImg, decision 033): whoever may add documents to the client, while the
     * client is new. The image row, its file row and a deleted event commit together; the stored bytes go
     * once that has committed, so a failed transaction never leaves a row naming missing bytes.
     */
    async deleteImage(me: Me, imageId: number) {
      const image = await repo.findImage(me.corpId, imageId);
      if (!image) throw new NotFoundError(HOUSE_MESSAGES.imageNotFound);
      await visibleClient(me, image.houseClientId, 'house.update');
      const keys = await repo.transaction(async (tx) => {
        const locked = await repo.lockClient(tx, me.corpId, image.houseClientId);
        if (!locked) throw new NotFoundError(HOUSE_TEXTS.clientNotFound);
        if (!documentsOpen(locked) || (await hasSignTask(tx, me.corpId, { houseClientId: locked.id })))
          throw new RefusedError(HOUSE_MESSAGES.imagesFinal);
        const removed = await repo.deleteImage(tx, {
          corpId: me.corpId,
          houseClientId: locked.id,
          id: imageId,
          actorId: me.id,
          at: now(),
        });
        if (!removed) throw new NotFoundError(HOUSE_MESSAGES.imageNotFound);
        return files.forget(tx, me.corpId, [removed.fileId]);
      });
      await files.removeObjects(keys);
      return { id: imageId };
    },

    /** For the files module's image route: throws unless the caller may see the home-loan client. */
    async assertClientVisible(me: Me, houseClientId: number): Promise<void> {
      await visibleClient(me, houseClientId);
    },

    // ---- channels, recommendations, receivers ------------------------------------------------

    async addChannel(me: Me, form: z.output<typeof houseChannelFormSchema>) {
      requireNotRebateOnly(me);
      const id = await repo.insertChannel({ corpId: me.corpId, ownerId: me.id, ...form });
      return { id };
    },

    async listChannels(me: Me, page: PageRequest, keyword: string, id: number | null) {
      requireNotRebateOnly(me);
      if (id !== null) await access.require(me, 'house.channel.read', id);
      const result = await repo.listChannels(me.corpId, listedOwner(me), keyword, id, page);
      return toList(result, page, (row) => ({
        id: row.id,
        name: row.name,
        contact: row.contact,
        phone: maskPhone(row.phone),
        remark: row.remark,
        owner_id: row.ownerId,
        owner_name: row.ownerName,
        client_count: row.clientCount,
        created_at: iso(row.createdAt),
        enabled: row.disabledAt === null,
      }));
    },

    /** The channel's salesperson or finance stops a channel (its agents lose /houseloan) or opens it again. */
    async setChannelEnabled(me: Me, id: number, enabled: boolean) {
      requireNotRebateOnly(me);
      await access.require(me, 'house.channel.read', id);
      if (!(await repo.setChannelDisabled(me.corpId, id, enabled ? null : now())))
        throw new NotFoundError(HOUSE_TEXTS.channelNotFound);
      return { id };
    },

    /** The agents' way in: the same for every channel of the company, shown to those who may see the channel. */
    async channelEntry(me: Me, id: number, origin: string) {
      requireNotRebateOnly(me);
      await access.require(me, 'house.channel.read', id);
      const link = `${origin}/houseloan/login?corp=${me.corpId}`;
      return { link, png: await qrPngDataUrl(link) };
    },

    async addRecommend(me: Me, form: z.output<typeof houseRecommendFormSchema>) {
      const id = await repo.insertRecommend({
        ...(await channelPerson(me, form)),
        staffId: me.id,
        intentAmountFen: form.intent_amount,
        remark: form.remark,
      });
      return { id };
    },

    /** The list masks the phone (decision 047); the recommendation's own sheet shows it to the same people. */
    async listRecommends(me: Me, page: PageRequest) {
      requireNotRebateOnly(me);
      const result = await repo.listRecommends(me.corpId, listedOwner(me), page);
      return toList(result, page, (row) => ({ ...toRecommend(row), phone: maskPhone(row.phone) }));
    },

    /** A recommendation has no client record yet: this is its own (who recorded it, and finance). */
    async recommendDetail(me: Me, id: number): Promise<HouseRecommendDetail> {
      await access.require(me, 'house.recommend.read', id);
      const row = await repo.findRecommend(me.corpId, id);
      if (!row) throw new NotFoundError(HOUSE_TEXTS.recommendNotFound);
      return { ...toRecommend(row), phone: maskPhone(row.phone), staff_name: row.staffName };
    },

    /** A receiver under a channel is that channel's agent, who logs in to /houseloan by phone: one per phone. */
    async addBrokerageUser(me: Me, form: z.output<typeof houseBrokerageUserFormSchema>) {
      const id = await repo
        .insertBrokerageUser({
          ...(await channelPerson(me, form)),
          ownerId: me.id,
          bankName: form.bank_name,
          bankCard: form.bank_card,
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new RefusedError(HOUSE_TEXTS.agentPhoneTaken) : error;
        });
      return { id };
    },

    async listBrokerageUsers(me: Me, page: PageRequest, keyword: string) {
      requireNotRebateOnly(me);
      const result = await repo.listBrokerageUsers(me.corpId, listedOwner(me), keyword, page);
      return toList(result, page, (row) => ({
        id: row.id,
        name: row.name,
        // A receiver's numbers are masked for every role; paying reveals the card of one order.
        phone: maskPhone(row.phone),
        bank_name: row.bankName,
        bank_card: maskBankCard(row.bankCard),
        channel_name: row.channelName,
        created_at: iso(row.createdAt),
      }));
    },

    // ---- brokerage ----------------------------------------------------------------------------

    /**
     * Sets a client's brokerage: the amount from the loan and the rate (computeBrokerageFen), split between
     * the receivers. Within the limit the orders are made at once; above it an audit waits for finance,
     * with its 'requested' event, in the same transaction.
     */
    async setBrokerage(me: Me, form: z.output<typeof setBrokerageFormSchema>) {
      const client = await visibleClient(me, form.id, 'brokerage.set');
      const receivers = await repo.findBrokerageUsers(me.corpId, form.user_ids);
      if (
        receivers.length !== form.user_ids.length ||
        receivers.some((r) => r.ownerId !== client.ownerId && r.ownerId !== me.id && !isFinance(me))
      ) {
        throw new RefusedError(HOUSE_TEXTS.receiverNotYours);
      }
      // The row lock orders racing requests; the one-pending-audit index answers the same should it be passed.
      const set = repo.transaction(async (tx) => {
        const locked = await repo.lockClient(tx, me.corpId, form.id);
        if (!locked) throw new NotFoundError(HOUSE_TEXTS.clientNotFound);
        if (locked.brokerageState === 'pending_audit') throw new RefusedError(HOUSE_TEXTS.brokeragePendingAudit);
        if (locked.brokerageState === 'approved' || (await repo.hasLiveOrders(tx, me.corpId, form.id)))
          throw new RefusedError(HOUSE_TEXTS.brokerageAlreadySet);
        if (locked.loanAmountFen <= 0) throw new RefusedError(HOUSE_TEXTS.loanAmountFirst);
        const amountFen = computeBrokerageFen(locked.loanAmountFen, form.rate);
        const parts = splitFen(amountFen, form.shares);
        const settle = async (state: 'pending_audit' | 'approved') => {
          await repo.updateClient(tx, me.corpId, form.id, {
            brokerageState: state,
            brokerageRateBp: form.rate,
            brokerageFen: amountFen,
          });
          return { state, amount_fen: amountFen, parts_fen: parts };
        };
        if (isOverLimit(form.rate, amountFen, await repo.overLimitRule(tx, me.corpId))) {
          const auditId = await repo.insertAudit(tx, {
            corpId: me.corpId,
            houseClientId: form.id,
            requestedBy: me.id,
            rateBp: form.rate,
            amountFen,
            receiverIds: form.user_ids,
            shares: form.shares,
            createdAt: now(),
          });
          await repo.insertAuditEvent(tx, {
            corpId: me.corpId,
            auditId,
            actorId: me.id,
            decision: 'requested',
            reason: '',
            createdAt: now(),
          });
          return settle('pending_audit');
        }
        await repo.insertOrders(
          tx,
          ordersFor(form.user_ids, parts, {
            corpId: me.corpId,
            houseClientId: form.id,
            rateBp: form.rate,
            createdBy: me.id,
            createdAt: now(),
          }),
        );
        return settle('approved');
      });
      return set.catch((error: unknown) => {
        throw isUniqueViolation(error) ? new RefusedError(HOUSE_TEXTS.brokeragePendingAudit) : error;
      });
    },

    async brokerageSummary(me: Me) {
      requireFinance(me);
      const [clients, orders] = await Promise.all([repo.brokerageSummary(me.corpId), repo.orderSummary(me.corpId)]);
      const sumOf = (status: number) => Number(orders.find((o) => o.status === status)?.amountFen ?? 0);
      return {
        client_count: clients.clientCount,
        total_fen: clients.totalFen,
        pending_fen: sumOf(1),
        paid_fen: sumOf(2),
        audit_pending: clients.auditPending,
      };
    },

    async brokerageClients(me: Me, page: PageRequest) {
      requireFinance(me);
      const result = await repo.listClients(
        { corpId: me.corpId, all: true },
        { keyword: '', status: null, channelId: null, brokerageSet: true },
        page,
      );
      return toList(result, page, (row) => toItem(row, false));
    },

    // ---- over-limit audits (maker-checker) ----------------------------------------------------

    async listAudits(me: Me, page: PageRequest, status: 'pending' | 'approved' | 'rejected') {
      requireFinance(me);
      const result = await repo.listAudits(me.corpId, status, page);
      const shown = result.slice(0, page.limit);
      const [events, receivers] = await Promise.all([
        repo.auditEvents(
          me.corpId,
          shown.map((r) => r.id),
        ),
        repo.brokerageUserNames(me.corpId, [...new Set(shown.flatMap((r) => r.receiverIds))]),
      ]);
      const receiverName = new Map(receivers.map((r) => [r.id, r.name]));
      return toList(result, page, (row): HouseAudit => ({
        id: row.id,
        house_client_id: row.houseClientId,
        client_name: row.clientName,
        loan_amount_fen: row.loanAmountFen,
        rate_bp: row.rateBp,
        amount_fen: row.amountFen,
        requested_by: row.requestedBy,
        requested_by_name: row.requestedByName,
        status: row.status,
        created_at: iso(row.createdAt),
        events: events.filter((e) => e.auditId === row.id).map(toAuditEvent),
        // The parts the approval would pay, split exactly as the orders will be (ordersFor).
        receivers: row.receiverIds.map((id, i) => ({
          id,
          name: receiverName.get(id) ?? '',
          amount_fen: splitFen(row.amountFen, row.shares)[i] ?? 0,
        })),
      }));
    },

    /**
     * Finance decides an over-limit brokerage. Whoever asked for it cannot decide it (maker-checker).
     * The decision, its event and (on approval) the orders are one transaction; a second decision on
     * the same audit finds it no longer pending and is refused.
     */
    async decideAudit(me: Me, input: z.output<typeof updateHouseAuditRequestSchema>) {
      await access.require(me, 'brokerage.approve', input.id);
      return repo.transaction(async (tx) => {
        const at = now();
        const status = input.decision === 'approve' ? 'approved' : 'rejected';
        const decided = await repo.decideAudit(tx, me.corpId, input.id, status, me.id, at);
        if (!decided) throw new RefusedError(HOUSE_TEXTS.auditDecided);
        await repo.insertAuditEvent(tx, {
          corpId: me.corpId,
          auditId: decided.id,
          actorId: me.id,
          decision: status,
          reason: input.reason,
          createdAt: at,
        });
        if (status === 'approved') {
          await repo.insertOrders(
            tx,
            ordersFor(decided.receiverIds, splitFen(decided.amountFen, decided.shares), {
              corpId: me.corpId,
              houseClientId: decided.houseClientId,
              auditId: decided.id,
              rateBp: decided.rateBp,
              createdBy: decided.requestedBy,
              createdAt: at,
            }),
          );
        }
        await repo.updateClient(tx, me.corpId, decided.houseClientId, { brokerageState: status });
        if (status === 'approved') {
          // Whoever asked for it hears of the approval in WeCom (decision 058), queued with the decision.
          const client = await repo.findClient(me.corpId, decided.houseClientId, tx);
          await enqueueReminder(tx, {
            corpId: me.corpId,
            kind: 'brokerage-approved',
            eventKey: String(decided.id),
            recipientId: decided.requestedBy,
            card: {
              ...reminderCards.brokerageApproved(client?.name ?? '', formatFen(decided.amountFen)),
              path: '/business/house',
            },
            runAt: at,
            createdAt: at,
          });
        }
        return { id: decided.id };
      });
    },

    // ---- orders -------------------------------------------------------------------------------

    async orderSummary(me: Me) {
      requireActor(me, 'brokerage.orders.read');
      const rows = await repo.orderSummary(me.corpId);
      const counts = [1, 2, 3].map((status) => {
        const row = rows.find((r) => r.status === status);
        return { status, count: row?.count ?? 0, amount_fen: Number(row?.amountFen ?? 0) };
      });
      return { counts, can_update: isFinance(me) };
    },

    async listOrders(me: Me, page: PageRequest, status: number) {
      requireActor(me, 'brokerage.orders.read');
      const result = await repo.listOrders(me.corpId, status, page);
      return toList(result, page, toOrder);
    },

    /**
     * The full card of a waiting order's payee, to finance as it pays the order (decision 065); the reveal is
     * written to the company's audit log first. A paid or cancelled order's card stays masked.
     */
    async revealOrderCard(me: Me, id: number): Promise<{ value: string }> {
      requireFinance(me);
      const found = await repo.revealOrderCard(me.corpId, id, { staffId: me.id, at: now() });
      if (!found) throw new NotFoundError(HOUSE_TEXTS.orderNotFound);
      if (found.bankCard === null) throw new RefusedError(HOUSE_TEXTS.orderCardGone);
      return { value: found.bankCard };
    },

    /**
     * A house client's phone or ID number, a recommendation's or a channel contact's phone in full, to whoever
     * may open that record (decision 065); the company's audit log gets the line first: no log, no number.
     */
    async revealContact(me: Me, request: { kind: HouseContactKind; id: number; field: 'phone' | 'id_number' }) {
      let value: string | null;
      if (request.kind === 'client') {
        const client = await visibleClient(me, request.id);
        value = request.field === 'phone' ? client.phone : client.idNumber;
      } else if (request.kind === 'recommend') {
        await access.require(me, 'house.recommend.read', request.id);
        value = request.field === 'phone' ? ((await repo.findRecommend(me.corpId, request.id))?.phone ?? null) : null;
      } else {
        requireNotRebateOnly(me);
        await access.require(me, 'house.channel.read', request.id);
        value = request.field === 'phone' ? await repo.channelPhone(me.corpId, request.id) : null;
      }
      if (!value) throw new RefusedError(HOUSE_TEXTS.nothingToReveal);
      await repo.logContactReveal(me.corpId, request, { staffId: me.id, at: now() });
      return { value };
    },

    async updateOrder(me: Me, input: z.output<typeof updateHouseOrderRequestSchema>) {
      requireFinance(me);
      const order = await repo.findOrder(me.corpId, input.id);
      if (!order) throw new NotFoundError(HOUSE_TEXTS.orderNotFound);
      const updated = await repo.updateWaitingOrder(me.corpId, input.id, {
        remark: input.remark,
        payRef: input.pay_ref,
      });
      if (!updated) throw new RefusedError(HOUSE_TEXTS.orderClosed);
      return { id: input.id };
    },

    /**
     * Pays (2) or cancels (3) a waiting order; only a waiting order moves, so it moves once. Paying writes the
     * ledger's payment, netted against what the receiver owes (decision 067): the message says what to send.
     */
    async updateOrderStatus(me: Me, id: number, status: number) {
      requireFinance(me);
      const order = await repo.findOrder(me.corpId, id);
      if (!order) throw new NotFoundError(HOUSE_TEXTS.orderNotFound);
      if (status !== 2 && status !== 3) throw new RefusedError(HOUSE_TEXTS.orderStatusInvalid);
      const settled = await repo.settleOrder(me.corpId, id, status, me.id, now());
      if (!settled) throw new RefusedError(HOUSE_TEXTS.orderDecided);
      const msg =
        status === 3
          ? HOUSE_TEXTS.orderCancelled
          : settled.nettedFen > 0
            ? HOUSE_TEXTS.orderPaidNetted(formatFen(settled.cashFen), formatFen(settled.nettedFen))
            : HOUSE_TEXTS.orderPaid;
      return { data: { id }, msg };
    },

    // ---- allocation and the steward's docking -------------------------------------------------

    async staffOptions(me: Me) {
      requireActor(me, 'house.allot');
      return repo.listActiveStaff(me.corpId);
    },

    /** A finance leader (job 4) hands a channel or a client to another salesperson of the company. */
    async allot(me: Me, input: z.output<typeof allotHouseRequestSchema>) {
      requireActor(me, 'house.allot');
      const target = await repo.findActiveStaff(me.corpId, input.staff_id);
      if (!target) throw new RefusedError(HOUSE_TEXTS.staffNotFound);
      if (input.kind === 'channel') {
        const channel = await repo.findChannel(me.corpId, input.id);
        if (!channel) throw new NotFoundError(HOUSE_TEXTS.channelNotFound);
        if (!(await repo.updateChannelOwner(me.corpId, input.id, target.id, me.id, now())))
          throw new NotFoundError(HOUSE_TEXTS.channelNotFound);
      } else {
        const client = await repo.findClient(me.corpId, input.id);
        if (!client) throw new NotFoundError(HOUSE_TEXTS.clientNotFound);
        if (!(await repo.reassignClient(me.corpId, input.id, target.id, target.teamId, me.id, now())))
          throw new NotFoundError(HOUSE_TEXTS.clientNotFound);
      }
      return { id: input.id };
    },

    /**
     * The steward sends a waiting client to the signing centre (home-loan docking): a signing task at
     * the bank, the client marked in signing and handled by the steward, in one transaction.
     */
    async submitSign(me: Me, input: z.output<typeof houseSignSubmitRequestSchema>) {
      await visibleClient(me, input.id, 'house.sign.submit');
      // The row lock orders racing submits; the one-live-task index is the guard should a path skip it.
      const submitted = repo.transaction(async (tx) => {
        const locked = await repo.lockClient(tx, me.corpId, input.id);
        if (!locked || locked.stewardStatus !== 'waiting' || locked.status !== HOUSE_STATUS.NEW)
          throw new RefusedError(HOUSE_TEXTS.signAlreadySubmitted);
        const taskId = await createSignTask(tx, {
          corpId: me.corpId,
          houseClientId: input.id,
          appointmentAt: new Date(input.appointment_at),
          place: input.place,
          createdBy: me.id,
          createdAt: now(),
        });
        await repo.updateClient(tx, me.corpId, input.id, { stewardStatus: 'handled', status: HOUSE_STATUS.SIGNING });
        return { id: taskId };
      });
      return submitted.catch((error: unknown) => {
        throw isUniqueViolation(error) ? new RefusedError(HOUSE_TEXTS.signAlreadySubmitted) : error;
      });
    },
  };
}

export type HouseService = ReturnType<typeof createHouseService>;
