import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import {
  HOUSELOAN_TYPES,
  REFERRAL_STAGES,
  type BestDetail,
  type BestList,
  type HouseloanAgent,
  type HouseloanBrokerage,
  type HouseloanDetail,
  type HouseloanReferral,
  type HouseloanSignPage,
  type houseloanAddRequestSchema,
  type houseloanListRequestSchema,
} from '@crm/domain/api/houseloan';
import { toPage, type PageRequest } from '@crm/domain/api/page';
import { HOUSE_STATUS, MAX_HOUSE_IMAGES_PER_CLIENT, HOUSE_MESSAGES } from '@crm/domain/house';
import { maskPhone } from '@crm/domain/validation';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import { apiFields } from '../api-fields.ts';
import { requireActor } from '../access/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { FilesService } from '../files/index.ts';
import type { HolderCheck } from '../holder-check.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { HouseRepository } from './house.repository.ts';
import {
  stageOf,
  type AgentRow,
  type HouseloanRepository,
  type Month,
  type ReferralRow,
} from './houseloan.repository.ts';
import { HOUSELOAN_CONSENT_TYPE, HOUSELOAN_TEXTS as T } from './houseloan.texts.ts';
import { clientFacts } from './house.service.ts';

/** The agent behind a channel session. */
export interface AgentCaller {
  corpId: number;
  agentId: number;
}

interface HouseloanServiceDeps {
  repo: HouseloanRepository;
  /** The duplicate guard of every create (decision 066). */
  holder?: HolderCheck;
  house: HouseRepository;
  auth: AuthService;
  files: FilesService;
  now: Clock;
}

const iso = (d: Date) => d.toISOString();
const CHINA_OFFSET_MS = 8 * 3600_000;

/** The calendar month (China time) `monthsBack` months before the one `at` falls in. */
export function chinaMonth(at: Date, monthsBack = 0): Month & { label: string } {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() - monthsBack;
  const from = new Date(Date.UTC(year, month, 1) - CHINA_OFFSET_MS);
  const to = new Date(Date.UTC(year, month + 1, 1) - CHINA_OFFSET_MS);
  const start = new Date(from.getTime() + CHINA_OFFSET_MS);
  const label = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  return { from, to, label };
}

function toAgent(agent: AgentRow): HouseloanAgent {
  return {
    ...apiFields(agent, ['id', 'name', 'corpId', 'corpName', 'channelId', 'channelName']),
    // The agent's own phone, masked like every number (decision 065): they log in with it and know it.
    phone: maskPhone(agent.phone),
    wechat_bound: agent.wechatOpenid !== null,
  };
}

const typeOf = (product: 'mortgage' | 'card') => HOUSELOAN_TYPES.find((t) => t.product === product)?.value ?? 1;

function toReferral(row: ReferralRow, revealPhone: boolean): HouseloanReferral {
  return {
    id: row.id,
    name: row.name,
    phone: revealPhone ? row.phone : maskPhone(row.phone),
    type: typeOf(row.product),
    loan_amount_fen: row.loanAmountFen,
    term_months: row.termMonths,
    bank: row.bank,
    stage: stageOf(row),
    has_consent: row.hasConsent,
    created_at: iso(row.createdAt),
  };
}

/**
 * The home-loan channel portal (decision 052): a channel agent's login, referrals, consent photo, status,
 * brokerage and appointments; a steward taking a referral; the public ranking. An agent's records are
 * found by company and agent together, so another agent's (or another company's) is not found.
 */
export function createHouseloanService({ repo, house, auth, files, now, holder }: HouseloanServiceDeps) {
  /** The caller's agent row while its channel is open; a stopped channel ends what its agents may do. */
  async function activeAgent(me: AgentCaller): Promise<AgentRow> {
    const agent = await repo.agentById(me.corpId, me.agentId);
    if (!agent) throw new ForbiddenError(T.agentOnly);
    if (agent.channelDisabledAt !== null) throw new ForbiddenError(T.channelDisabled);
    return agent;
  }

  async function myReferral(me: AgentCaller, id: number) {
    await activeAgent(me);
    const row = await repo.findReferral(me.corpId, me.agentId, id);
    if (!row) throw new NotFoundError(T.referralNotFound);
    return row;
  }

  const usable = (agent: AgentRow | undefined): AgentRow => {
    if (!agent) throw new RefusedError(T.noAgent);
    if (agent.channelDisabledAt !== null) throw new RefusedError(T.channelDisabled);
    return agent;
  };

  return {
    isAgentPhone: (phone: string) => repo.isAgentPhone(phone),

    /**
     * SMS login of an agent staff registered under an open channel. A WeChat openid is bound only when
     * the server itself got it from WeChat (the signed cookie of the OAuth callback), never from the URL.
     */
    async login(input: { corpId: number; phone: string; code: string; verifiedOpenid: string | null }) {
      const { token, answer } = await auth.signInWithCode(input.phone, input.code, async (tx) => {
        const agent = usable(await repo.agentByPhone(input.corpId, input.phone, tx));
        if (input.verifiedOpenid) await repo.bindOpenid(tx, agent.corpId, agent.id, input.verifiedOpenid);
        return {
          subject: { kind: 'channel', corpId: agent.corpId, channelAgentId: agent.id },
          answer: toAgent({ ...agent, wechatOpenid: input.verifiedOpenid ?? agent.wechatOpenid }),
        };
      });
      return { token, agent: answer };
    },

    /** Opening the portal in WeChat: a bound agent of an open channel is signed in; anyone else logs in by code. */
    async wechatSignIn(corpId: number, openid: string): Promise<string | null> {
      const agent = await repo.agentByOpenid(corpId, openid);
      if (!agent || agent.channelDisabledAt !== null) return null;
      return auth.startSession({ kind: 'channel', corpId, channelAgentId: agent.id });
    },

    account: async (me: AgentCaller) => toAgent(await activeAgent(me)),

    async add(me: AgentCaller, form: z.output<typeof houseloanAddRequestSchema>) {
      const agent = await activeAgent(me);
      const held = await holder?.(
        me.corpId,
        { phone: form.phone, idNumber: clientFacts(form).idNumber },
        { kind: 'agent', corpId: me.corpId, id: me.agentId },
      );
      if (held) throw new RefusedError(held, { field: 'phone' });
      const product = HOUSELOAN_TYPES.find((t) => t.value === form.type)?.product ?? 'mortgage';
      const teamId = await repo.ownerTeam(me.corpId, agent.channelOwnerId);
      // The channel's salesperson owns the client as for any channel client; no steward until one takes it.
      const id = await repo.transaction((tx) =>
        repo.insertReferral(tx, {
          corpId: me.corpId,
          ownerId: agent.channelOwnerId,
          teamId,
          stewardId: null,
          ...clientFacts(form),
          product,
          source: 'channel',
          channelId: agent.channelId,
          channelAgentId: agent.id,
        }),
      );
      return { id };
    },

    /** The client's signed consent, photographed by the agent: one of the client's documents (type 7). */
    async addConsent(me: AgentCaller, id: number, bytes: Buffer) {
      const referral = await myReferral(me, id);
      if (referral.status !== HOUSE_STATUS.NEW) throw new RefusedError(T.consentClosed);
      if ((await house.countClientImages(me.corpId, id)) >= MAX_HOUSE_IMAGES_PER_CLIENT)
        throw new RefusedError(HOUSE_MESSAGES.tooManyImages);
      const file = await files.store({
        corpId: me.corpId,
        uploaderId: null,
        uploaderAgentId: me.agentId,
        owner: { kind: 'house_client', houseClientId: id },
        bytes,
      });
      try {
        const imageId = await house.transaction(async (tx) => {
          const locked = await house.lockClient(tx, me.corpId, id);
          if (!locked) throw new NotFoundError(T.referralNotFound);
          if (locked.status !== HOUSE_STATUS.NEW) throw new RefusedError(T.consentClosed);
          if ((await house.countClientImages(me.corpId, id, tx)) >= MAX_HOUSE_IMAGES_PER_CLIENT)
            throw new RefusedError(HOUSE_MESSAGES.tooManyImages);
          const inserted = await house.insertImage(tx, {
            corpId: me.corpId,
            houseClientId: id,
            houseType: HOUSELOAN_CONSENT_TYPE,
            uploadedByAgentId: me.agentId,
            fileId: file.id,
          });
          await files.attach(tx, me.corpId, [file.id], now());
          return inserted;
        });
        return { id: imageId };
      } catch (error) {
        if (error instanceof RefusedError || error instanceof NotFoundError)
          await files.deleteUnattached(me.corpId, file.id);
        throw error;
      }
    },

    async list(me: AgentCaller, query: z.output<typeof houseloanListRequestSchema>) {
      await activeAgent(me);
      const rows = await repo.listReferrals(
        me.corpId,
        me.agentId,
        { stage: query.stage, missingConsent: query.missing_consent },
        query,
      );
      return toPage(rows, query.limit, (row) => toReferral(row, false));
    },

    async detail(me: AgentCaller, id: number): Promise<HouseloanDetail> {
      const row = await myReferral(me, id);
      const [stewardContact, appointment, orders] = await Promise.all([
        row.stewardId === null ? undefined : repo.contact(me.corpId, row.stewardId),
        repo.latestAppointment(me.corpId, row.id),
        repo.listOrders(me.corpId, me.agentId, { cursor: null, limit: 50 }, row.id),
      ]);
      return {
        // The client's phone masked for the agent too (decision 065); the steward's work phone is theirs to call.
        ...toReferral(row, false),
        remark: row.remark,
        steward: stewardContact ?? null,
        appointment_at: appointment?.appointmentAt ? iso(appointment.appointmentAt) : null,
        place: appointment?.place ?? null,
        brokerage: orders.map((o) => ({
          id: o.id,
          amount_fen: o.amountFen,
          status: o.status,
          paid_at: o.status === 2 && o.decidedAt ? iso(o.decidedAt) : null,
        })),
      };
    },

    async brokerage(me: AgentCaller, page: PageRequest): Promise<HouseloanBrokerage> {
      await activeAgent(me);
      const [totals, rows] = await Promise.all([
        repo.orderTotals(me.corpId, me.agentId),
        repo.listOrders(me.corpId, me.agentId, page),
      ]);
      const { list, next_cursor } = toPage(rows, page.limit, (o) => ({
        id: o.id,
        client_name: o.clientName,
        amount_fen: o.amountFen,
        status: o.status,
        created_at: iso(o.createdAt),
        paid_at: o.status === 2 && o.decidedAt ? iso(o.decidedAt) : null,
      }));
      return { pending_fen: totals.pendingFen, paid_fen: totals.paidFen, list, next_cursor };
    },

    async appointments(me: AgentCaller, page: PageRequest): Promise<HouseloanSignPage> {
      await activeAgent(me);
      const rows = await repo.appointments(me.corpId, me.agentId, page);
      const clients = await repo.referralNames(
        me.corpId,
        rows.map((r) => r.houseClientId ?? 0),
      );
      return toPage(rows, page.limit, (r) => {
        const client = clients.get(r.houseClientId ?? 0);
        return {
          id: r.id,
          client_id: r.houseClientId ?? 0,
          client_name: client?.name ?? '',
          appointment_at: r.appointmentAt ? iso(r.appointmentAt) : '',
          place: r.place ?? '',
          stage: client ? stageOf(client) : 'signing',
        };
      });
    },

    /** waiter: the steward holding one of the agent's referrals, or null while nobody has taken it. */
    async steward(me: AgentCaller, id: number) {
      const row = await myReferral(me, id);
      return row.stewardId === null ? null : ((await repo.contact(me.corpId, row.stewardId)) ?? null);
    },

    /** service: the channel's own salesperson, whom the agent calls about anything. */
    async service(me: AgentCaller) {
      const agent = await activeAgent(me);
      const contact = await repo.contact(me.corpId, agent.channelOwnerId);
      if (!contact) throw new NotFoundError(T.channelNotFound);
      return contact;
    },

    async banks(me: AgentCaller) {
      await activeAgent(me);
      const rows = await repo.banks(me.corpId);
      return rows.map((b) => ({ id: b.id, name: b.name }));
    },

    stages: () => REFERRAL_STAGES.map((s) => ({ value: s.value, label: s.label })),

    /**
     * allot: a steward (job 5) takes a referral nobody holds; a finance leader (job 4) may hand it to a
     * named steward. First come first served: of two racing, one holds it and the other is told who.
     */
    async allot(me: StaffIdentity, input: { id: number; steward_id: number | null }) {
      let stewardId = me.id;
      if (input.steward_id !== null && input.steward_id !== me.id) {
        requireActor(me, 'house.allot');
        const target = await repo.findSteward(me.corpId, input.steward_id);
        if (!target) throw new RefusedError(T.stewardInvalid);
        stewardId = target.id;
      } else {
        requireActor(me, 'house.steward');
      }
      if (await repo.claim(me.corpId, input.id, stewardId)) return { id: input.id };
      const current = await repo.findPoolClient(me.corpId, input.id);
      if (!current) throw new NotFoundError(T.referralNotFound);
      throw new RefusedError(T.alreadyTaken(current.stewardName));
    },

    /** bestList: this month's ranking of the company's channels (public: names of businesses and numbers only). */
    async best(corpId: number): Promise<BestList> {
      const corpName = await repo.corpName(corpId);
      if (!corpName) throw new NotFoundError(T.corpNotFound);
      const month = chinaMonth(now());
      const rows = await repo.ranking(corpId, month);
      return {
        corp_name: corpName,
        month: month.label,
        list: rows.map((r, i) => ({
          channel_id: r.channelId,
          rank: i + 1,
          channel_name: r.channelName,
          completed: r.completed,
          brokerage_fen: r.brokerageFen,
        })),
      };
    },

    /** bestDetail: one channel's rank this month and its last six months. */
    async bestDetail(corpId: number, channelId: number): Promise<BestDetail> {
      const [corpName, channelName] = await Promise.all([repo.corpName(corpId), repo.channelName(corpId, channelId)]);
      if (!corpName || !channelName) throw new NotFoundError(T.channelNotFound);
      const at = now();
      // Six rankings, oldest first; this month's (the last) also gives the rank.
      const rankings = await Promise.all(
        [5, 4, 3, 2, 1, 0].map(async (back) => {
          const month = chinaMonth(at, back);
          return { month, rows: await repo.ranking(corpId, month) };
        }),
      );
      const months = rankings.map(({ month, rows }) => {
        const row = rows.find((r) => r.channelId === channelId);
        return { month: month.label, completed: row?.completed ?? 0, brokerage_fen: row?.brokerageFen ?? 0 };
      });
      const current = (rankings[rankings.length - 1]?.rows ?? []).findIndex((r) => r.channelId === channelId);
      const thisMonth = months[months.length - 1] ?? { month: '', completed: 0, brokerage_fen: 0 };
      return {
        corp_name: corpName,
        month: thisMonth.month,
        channel_id: channelId,
        channel_name: channelName,
        rank: current + 1,
        completed: thisMonth.completed,
        brokerage_fen: thisMonth.brokerage_fen,
        months,
      };
    },
  };
}

export type HouseloanService = ReturnType<typeof createHouseloanService>;
