import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type {
  ChatCard,
  Filing,
  GetFiling,
  Integral,
  Qrcode,
  SendPoint,
  WorkItem,
  WxWorkConfig,
  addFilingRequestSchema,
  addWorkListRequestSchema,
  oaTestSchema,
  sendPointRequestSchema,
} from '@crm/domain/api/chatter';
import { toPage, type Page } from '@crm/domain/api/page';
import type { HistoryRow, UserlistRow } from '@crm/domain/api/chatter';
import { maskIdNumber } from '@crm/domain/validation';
import {
  DEMO_EXTERNAL_CONTACTS,
  WecomError,
  type ExternalContact,
  type WecomAdapter,
} from '../../adapters/wecom/index.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { ChatterRepository } from './chatter.repository.ts';
import { CHATTER_TEXTS as T } from './chatter.texts.ts';

/** Reads the ID number off an ID card photo: the one OCR route's service (modules/money's recognize). */
export type RecognizeIdCard = (me: StaffIdentity, bytes: Buffer) => Promise<{ number: string; valid: boolean }>;

interface Deps {
  repo: ChatterRepository;
  wecom: WecomAdapter;
  recognizeIdCard: RecognizeIdCard;
  now: Clock;
  /** Where wallet links point (PUBLIC_URL). */
  publicUrl: string;
}

export function createChatterService({ repo, wecom, recognizeIdCard, now, publicUrl }: Deps) {
  const walletLink = (filingId: number, code: string) =>
    `${publicUrl.replace(/\/+$/, '')}/chattergee/purse/${filingId}?w=${encodeURIComponent(code)}`;

  /** WeCom's word on the contact, and that the caller follows it; every contact-keyed call starts here. */
  async function followedContact(me: StaffIdentity, externalUserid: string): Promise<ExternalContact> {
    const userid = await repo.wxworkIdOf(me.corpId, me.id);
    if (!userid) throw new RefusedError(T.notBound);
    let contact: ExternalContact | null;
    try {
      contact = await wecom.getExternalContact(externalUserid);
    } catch (error) {
      if (error instanceof WecomError) throw new RefusedError(T.wecomUnavailable, { cause: error });
      throw error;
    }
    if (!contact) throw new NotFoundError(T.contactNotFound);
    if (!contact.followUserIds.includes(userid)) throw new ForbiddenError(T.notFollower);
    return contact;
  }

  /** A file of the caller's company (404 otherwise) whose contact the caller follows (403 otherwise). */
  async function followedFiling(me: StaffIdentity, id: number) {
    const filing = await repo.filingById(me.corpId, id);
    if (!filing) throw new NotFoundError(T.filingNotFound);
    await followedContact(me, filing.externalUserid);
    return filing;
  }

  async function filingAnswer(
    filing: NonNullable<Awaited<ReturnType<ChatterRepository['filingById']>>>,
  ): Promise<Filing> {
    const wallet = await repo.account(filing.corpId, 'wallet', { filingId: filing.id });
    return {
      id: filing.id,
      external_userid: filing.externalUserid,
      name: filing.name,
      mobile: filing.mobile,
      remark: filing.remark,
      source: filing.source,
      staff_name: filing.staffName,
      real_name: filing.realName,
      id_number_masked: filing.idNumber ? maskIdNumber(filing.idNumber) : null,
      authed_at: filing.authedAt ? filing.authedAt.toISOString() : null,
      wallet: wallet
        ? {
            account_id: wallet.id,
            balance: wallet.balance,
            link: walletLink(filing.id, wallet.walletCode ?? ''),
          }
        : null,
      created_at: filing.createdAt.toISOString(),
    };
  }

  const myBalance = async (me: StaffIdentity) =>
    (await repo.account(me.corpId, 'staff', { staffId: me.id }))?.balance ?? 0;

  return {
    /** Both signatures of ww.register: wx.config (company jsapi_ticket) and wx.agentConfig (app ticket). */
    async initWxWorkConfig(url: string): Promise<WxWorkConfig> {
      try {
        const [config, agent] = await Promise.all([wecom.jsSdkConfig(url), wecom.agentConfig(url)]);
        const demo = wecom.kind === 'demo';
        // The offline WeCom's contacts, so a plain browser can stand in for a chat (decision 055).
        const contacts = demo ? DEMO_EXTERNAL_CONTACTS : [];
        return {
          corpId: agent.corpId,
          agentId: agent.agentId,
          config: { timestamp: config.timestamp, nonceStr: config.nonceStr, signature: config.signature },
          agentConfig: { timestamp: agent.timestamp, nonceStr: agent.nonceStr, signature: agent.signature },
          demo,
          demo_contacts: contacts.map((c) => ({ external_userid: c.externalUserid, name: c.name })),
        };
      } catch (error) {
        if (error instanceof WecomError) throw new RefusedError(T.wecomUnavailable, { cause: error });
        throw error;
      }
    },

    async getFiling(me: StaffIdentity, externalUserid: string): Promise<GetFiling> {
      const contact = await followedContact(me, externalUserid);
      const filing = await repo.filingByContact(me.corpId, externalUserid);
      return {
        external_userid: externalUserid,
        contact_name: contact.name,
        filing: filing ? await filingAnswer(filing) : null,
      };
    },

    async addFiling(me: StaffIdentity, input: z.output<typeof addFilingRequestSchema>): Promise<Filing> {
      await followedContact(me, input.external_userid);
      const row = await repo.insertFiling({
        corpId: me.corpId,
        externalUserid: input.external_userid,
        staffId: me.id,
        name: input.name,
        mobile: input.mobile,
        remark: input.remark,
        at: now(),
      });
      if (!row) throw new RefusedError(T.alreadyFiled);
      const filing = await repo.filingById(me.corpId, row.id);
      if (!filing) throw new NotFoundError(T.filingNotFound);
      return filingAnswer(filing);
    },

    /** Real-name auth: the ID number's check digit (the schema's), and the ID card photo's OCR must read it. */
    async authFiling(
      me: StaffIdentity,
      input: { id: number; real_name: string; id_number: string },
      photo: unknown,
    ): Promise<Filing> {
      const filing = await followedFiling(me, input.id);
      if (filing.authedAt) throw new RefusedError(T.alreadyAuthed);
      if (!Buffer.isBuffer(photo)) throw new RefusedError(T.fileMissing);
      const reading = await recognizeIdCard(me, photo);
      if (reading.number.toUpperCase() !== input.id_number) throw new RefusedError(T.ocrMismatch);
      if (!(await repo.authFiling(me.corpId, filing.id, input.real_name, input.id_number, now()))) {
        throw new RefusedError(T.alreadyAuthed);
      }
      const authed = await repo.filingById(me.corpId, filing.id);
      if (!authed) throw new NotFoundError(T.filingNotFound);
      return filingAnswer(authed);
    },

    /** Opens the customer's wallet (once; a second open answers the same wallet). */
    async openPurse(me: StaffIdentity, id: number): Promise<{ data: Filing; msg: string }> {
      const filing = await followedFiling(me, id);
      if (!filing.authedAt) throw new RefusedError(T.authFirst);
      const wallet = await repo.ensureAccount(
        me.corpId,
        'wallet',
        { filingId: filing.id, walletCode: randomBytes(18).toString('base64url') },
        now(),
      );
      return { data: await filingAnswer(filing), msg: wallet.created ? T.purseOpened : T.purseAlready };
    },

    async getIntegral(me: StaffIdentity, externalUserid: string | undefined): Promise<Integral> {
      const mine = await myBalance(me);
      if (!externalUserid) return { mine, customer: null };
      await followedContact(me, externalUserid);
      const filing = await repo.filingByContact(me.corpId, externalUserid);
      const wallet = filing ? await repo.account(me.corpId, 'wallet', { filingId: filing.id }) : undefined;
      return { mine, customer: wallet ? wallet.balance : null };
    },

    /**
     * Sends points from the caller's account to the contact's wallet: one ledger transfer (who, to whom, why,
     * the sender's key). The chat card is built from the committed balances, after the transaction.
     */
    async sendPoint(
      me: StaffIdentity,
      input: z.output<typeof sendPointRequestSchema>,
    ): Promise<{ data: SendPoint; msg: string }> {
      await followedContact(me, input.external_userid);
      const filing = await repo.filingByContact(me.corpId, input.external_userid);
      if (!filing) throw new NotFoundError(T.filingNotFound);
      const wallet = await repo.account(me.corpId, 'wallet', { filingId: filing.id });
      if (!wallet) throw new RefusedError(T.noWallet);
      const mine = await repo.account(me.corpId, 'staff', { staffId: me.id });
      if (!mine) throw new RefusedError(T.insufficient);
      const outcome = await repo.transfer({
        corpId: me.corpId,
        kind: 'send',
        fromAccountId: mine.id,
        toAccountId: wallet.id,
        amount: input.amount,
        actorStaffId: me.id,
        filingId: filing.id,
        reason: input.reason,
        idempotencyKey: input.idempotency_key,
        at: now(),
      });
      if (outcome.status === 'insufficient') throw new RefusedError(T.insufficient);
      if (outcome.status === 'replayed' && !outcome.sameContent) throw new RefusedError(T.keyReused);
      const [after, walletAfter] = await Promise.all([
        myBalance(me),
        repo.account(me.corpId, 'wallet', { filingId: filing.id }),
      ]);
      const customer = walletAfter?.balance ?? 0;
      const card: ChatCard = {
        title: T.cardTitle(input.amount),
        desc: T.cardDesc(me.name, input.reason, customer),
        link: walletLink(filing.id, wallet.walletCode ?? ''),
        imgUrl: '',
      };
      return {
        data: {
          transfer_id: outcome.transferId,
          amount: input.amount,
          mine: after,
          customer,
          replayed: outcome.status === 'replayed',
          card,
        },
        msg: outcome.status === 'replayed' ? T.sentBefore : T.sent,
      };
    },

    /** The wallet's QR code (a real PNG) and the card that carries its link into the chat. */
    async sendQrcode(me: StaffIdentity, externalUserid: string): Promise<Qrcode> {
      await followedContact(me, externalUserid);
      const filing = await repo.filingByContact(me.corpId, externalUserid);
      if (!filing) throw new NotFoundError(T.filingNotFound);
      const wallet = await repo.account(me.corpId, 'wallet', { filingId: filing.id });
      if (!wallet) throw new RefusedError(T.noWallet);
      const link = walletLink(filing.id, wallet.walletCode ?? '');
      const png = await QRCode.toDataURL(link, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 256 });
      return { link, png, card: { title: T.qrCardTitle, desc: T.qrCardDesc(wallet.balance), link, imgUrl: '' } };
    },

    /** The caller's customer files with their wallets' balances, newest first. */
    async userlist(me: StaffIdentity, cursor: number | null, limit: number): Promise<Page<UserlistRow>> {
      const rows = await repo.myFilings(me.corpId, me.id, cursor, limit);
      return toPage(rows, limit, (row) => ({
        id: row.id,
        external_userid: row.externalUserid,
        name: row.name,
        authed: row.authedAt !== null,
        balance: row.balance,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /** The file with the points its wallet received (list/{id}). */
    async history(me: StaffIdentity, id: number, cursor: number | null, limit: number): Promise<Page<HistoryRow>> {
      await followedFiling(me, id);
      const wallet = await repo.account(me.corpId, 'wallet', { filingId: id });
      if (!wallet) return { list: [], next_cursor: null };
      const rows = await repo.walletHistory(me.corpId, wallet.id, cursor, limit);
      return toPage(rows, limit, (row) => ({
        id: row.id,
        amount: row.amount,
        reason: row.reason,
        staff_name: row.staffName,
        created_at: row.createdAt.toISOString(),
      }));
    },

    /**
     * The company moves points: issues them into its pool, then grants a member some. No spec screen does this
     * (the seed and an administrator's tooling do); the same ledger and keys as a send.
     */
    async grantPoints(
      corpId: number,
      actorStaffId: number,
      toStaffId: number,
      amount: number,
      reason: string,
      key: string,
    ) {
      const at = now();
      const issuer = await repo.ensureAccount(corpId, 'issuer', {}, at);
      const pool = await repo.ensureAccount(corpId, 'pool', {}, at);
      const member = await repo.ensureAccount(corpId, 'staff', { staffId: toStaffId }, at);
      const issued = await repo.transfer({
        corpId,
        kind: 'issue',
        fromAccountId: issuer.id,
        toAccountId: pool.id,
        amount,
        actorStaffId,
        filingId: null,
        reason,
        idempotencyKey: `${key}-issue`,
        at,
      });
      if (issued.status === 'insufficient') throw new RefusedError(T.insufficient);
      return repo.transfer({
        corpId,
        kind: 'grant',
        fromAccountId: pool.id,
        toAccountId: member.id,
        amount,
        actorStaffId,
        filingId: null,
        reason,
        idempotencyKey: `${key}-grant`,
        at,
      });
    },

    workList: async (me: StaffIdentity): Promise<{ list: WorkItem[] }> => ({ list: await repo.workItems(me.corpId) }),

    async addWorkList(me: StaffIdentity, input: z.output<typeof addWorkListRequestSchema>): Promise<WorkItem> {
      if (!me.isLeader) throw new ForbiddenError(T.workLeaderOnly);
      const row = await repo.addWorkItem({ corpId: me.corpId, ...input, createdBy: me.id, at: now() });
      if (!row) throw new RefusedError(T.workDuplicate);
      return row;
    },

    /** The OA test call: whether the WeCom app answers (its app ticket can be fetched). */
    async oaTest(): Promise<z.input<typeof oaTestSchema>> {
      try {
        const agent = await wecom.agentConfig('https://example.invalid/');
        return { adapter: wecom.kind, corp_id: agent.corpId, agent_id: agent.agentId, ok: true, msg: T.oaOk };
      } catch (error) {
        if (!(error instanceof WecomError)) throw error;
        return {
          adapter: wecom.kind,
          corp_id: '',
          agent_id: '',
          ok: false,
          msg: `${T.wecomUnavailable}（${error.errcode}）`,
        };
      }
    },
  };
}
export type ChatterService = ReturnType<typeof createChatterService>;
