import { randomBytes } from 'node:crypto';
import {
  CONTACT_WAY_KINDS,
  contactWaySourceLabel,
  type ContactWay,
  type ContactWayKind,
  type ContactWayStats,
} from '@crm/domain/api/contactways';
import {
  CallbackError,
  WecomError,
  addContactEventXml,
  callbackSignature,
  decryptCallback,
  readCallbackXml,
  sealCallback,
  signatureMatches,
  type CallbackKeys,
  type WecomAdapter,
} from '../../adapters/wecom/index.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, RefusedError } from '../../errors.ts';
import { mayActor, type Actor } from '../access/index.ts';
import type { ContactWayRow, ContactWaysRepository } from './contactways.repository.ts';
import { CONTACT_WAY_TEXTS as T } from './contactways.texts.ts';

/** A callback whose timestamp is further than this from our clock is refused: a replay of an old capture. */
export const CALLBACK_WINDOW_S = 300;

export interface CallbackQuery {
  msg_signature?: string | undefined;
  timestamp?: string | undefined;
  nonce?: string | undefined;
  echostr?: string | undefined;
}

interface Deps {
  repo: ContactWaysRepository;
  wecom: WecomAdapter;
  now: Clock;
  /** The callback URL's Token and EncodingAESKey, and the CorpID they are for; null: the URL answers nothing. */
  callback: CallbackKeys | null;
  /** Offline: POSTs a sealed callback to this server's own callback URL (the route, as WeCom would reach it). */
  deliver?: (corpId: number, sealed: { query: Record<string, string>; body: string }) => Promise<string>;
  /** Offline: runs the queue once, so a simulated scan's customer is filed before the answer. */
  settle?: () => Promise<unknown>;
  log?: (message: string, detail?: unknown) => void;
}

const itemOf = (row: ContactWayRow): ContactWay => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  state: row.state,
  staff_id: row.staffId,
  staff_name: row.staffName,
  qr_code: row.qrCode,
  is_active: row.isActive,
  customers: row.customers,
  created_at: row.createdAt.toISOString(),
});

const refusalOf = (error: unknown): never => {
  if (error instanceof WecomError)
    throw new RefusedError(T.wecomRefused(error.errcode, error.errmsg ?? ''), { cause: error });
  throw error;
};

/**
 * 渠道活码 (issue 50 point 1, decision 083): members' "contact me" QRs with a `state` naming the source, WeCom's
 * add-contact callback (verified, decrypted, queued) and the job that tags and files the customer.
 */
export function createContactWaysService(deps: Deps) {
  const { repo, wecom, now } = deps;
  const isAdmin = (me: Actor) => mayActor(me, 'admin.company');
  const demo = wecom.kind === 'demo';
  /** The member's WeCom userid; offline, the stand-in the reminders use for an unbound member. */
  const userIdOf = (member: { id: number; wxworkId: string | null }) =>
    member.wxworkId ?? (demo ? `demo-staff-${member.id}` : null);

  async function visibleWay(me: Actor, id: number) {
    const way = await repo.find(me.corpId, id);
    if (!way) throw new NotFoundError(T.notFound);
    if (way.staffId !== me.id && !isAdmin(me)) throw new ForbiddenError(T.notYours);
    return way;
  }

  /** The signature and freshness checks every callback request passes before anything is decrypted. */
  function checked(query: CallbackQuery, encrypted: string): CallbackKeys {
    const keys = deps.callback;
    if (!keys) throw new CallbackError('signature');
    const { msg_signature: signature = '', timestamp = '', nonce = '' } = query;
    const expected = callbackSignature(keys.token, timestamp, nonce, encrypted);
    if (!signature || !signatureMatches(expected, signature)) throw new CallbackError('signature');
    const seconds = Number(timestamp);
    if (!Number.isInteger(seconds) || Math.abs(now().getTime() / 1000 - seconds) > CALLBACK_WINDOW_S)
      throw new CallbackError('stale');
    return keys;
  }

  return {
    async list(me: Actor) {
      const admin = isAdmin(me);
      const rows = await repo.list(me.corpId, admin ? null : me.id);
      return { list: rows.map(itemOf), for_others: admin, demo };
    },

    async members(me: Actor) {
      if (!isAdmin(me)) throw new ForbiddenError(T.adminOnly);
      const rows = await repo.members(me.corpId);
      return { list: rows.map((m) => ({ id: m.id, name: m.name, bound: userIdOf(m) !== null })) };
    },

    async create(me: Actor, form: { name: string; kind: ContactWayKind; staff_id: number | null }) {
      const staffId = form.staff_id ?? me.id;
      if (staffId !== me.id && !isAdmin(me)) throw new ForbiddenError(T.adminOnly);
      const member = await repo.member(me.corpId, staffId);
      if (!member?.isActive) throw new RefusedError(T.memberNotFound);
      const userId = userIdOf(member);
      if (!userId) throw new RefusedError(T.notBound);
      // Unguessable, so a state seen on one QR names nothing else; 14 characters, WeCom allows 30.
      const state = `cw${randomBytes(9).toString('base64url')}`;
      const made = await wecom
        .addContactWay({ userId, state, remark: `${CONTACT_WAY_KINDS[form.kind]}${form.name}` })
        .catch(refusalOf);
      let id: number;
      try {
        id = await repo.insert({
          corpId: me.corpId,
          name: form.name,
          kind: form.kind,
          state,
          staffId,
          configId: made.configId,
          qrCode: made.qrCode,
          createdBy: me.id,
          createdAt: now(),
        });
      } catch (error) {
        // Not kept here, so not left in WeCom either (it counts against the company's 500,000).
        await wecom.deleteContactWay(made.configId).catch((cause: unknown) => deps.log?.('orphan contact way', cause));
        throw error;
      }
      const row = await repo.find(me.corpId, id);
      if (!row) throw new NotFoundError(T.notFound);
      return itemOf(row);
    },

    /** Deletes the QR in WeCom (it stops adding anyone), then marks it disabled; its numbers stay. */
    async disable(me: Actor, id: number) {
      const way = await visibleWay(me, id);
      if (!way.isActive) throw new RefusedError(T.alreadyDisabled);
      await wecom.deleteContactWay(way.configId).catch(refusalOf);
      if (!(await repo.disable(me.corpId, me.id, id, now()))) throw new RefusedError(T.alreadyDisabled);
      return null;
    },

    async stats(me: Actor): Promise<ContactWayStats> {
      if (!isAdmin(me)) throw new ForbiddenError(T.statsAdminOnly);
      const rows = await repo.stats(me.corpId);
      const kinds = Object.keys(CONTACT_WAY_KINDS) as ContactWayKind[];
      const sum = (list: readonly { customers: number; cases: number }[]) => ({
        customers: list.reduce((n, r) => n + r.customers, 0),
        cases: list.reduce((n, r) => n + r.cases, 0),
      });
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: r.name,
          kind: r.kind,
          is_active: r.isActive,
          customers: r.customers,
          cases: r.cases,
        })),
        by_kind: kinds.map((kind) => ({ kind, ...sum(rows.filter((r) => r.kind === kind)) })),
        total: sum(rows),
      };
    },

    /** GET of the callback URL (WeCom checks it when the admin saves it): the echostr, decrypted. */
    verifyUrl(query: CallbackQuery): string {
      const echostr = query.echostr ?? '';
      const keys = checked(query, echostr);
      return decryptCallback(keys.encodingAesKey, echostr, keys.receiveId);
    },

    /**
     * POST of the callback URL: checked, decrypted, and an add through a QR queued for the job below, so WeCom is
     * answered at once (it retries after 5 s without an answer). A replay of one event queues nothing new.
     */
    async receive(corpId: number, query: CallbackQuery, body: string): Promise<'queued' | 'replayed' | 'ignored'> {
      const outer = readCallbackXml(body);
      const encrypted = outer.Encrypt ?? '';
      const keys = checked(query, encrypted);
      const event = readCallbackXml(decryptCallback(keys.encodingAesKey, encrypted, keys.receiveId));
      if (event.Event !== 'change_external_contact' || event.ChangeType !== 'add_external_contact') return 'ignored';
      // No state: the customer added the member some other way (a card, a search), not through a QR.
      if (!event.State || !event.UserID || !event.ExternalUserID) return 'ignored';
      if (!(await repo.companyExists(corpId))) return 'ignored';
      const createTime = Number(event.CreateTime);
      const queued = await repo.enqueueAdd(
        corpId,
        {
          userId: event.UserID,
          externalUserId: event.ExternalUserID,
          state: event.State,
          createTime: Number.isInteger(createTime) ? createTime : Math.floor(now().getTime() / 1000),
        },
        now(),
      );
      return queued ? 'queued' : 'replayed';
    },

    /** The queued add: the QR its state names, the member, the contact's name from WeCom; tagged and filed. */
    async runAdd(job: {
      corpId: number;
      payload: { contactAdd?: { userId: string; externalUserId: string; state: string; createTime: number } };
    }) {
      const event = job.payload.contactAdd;
      if (!event) return;
      const way = await repo.byState(job.corpId, event.state);
      if (!way) {
        // Another tool's QR, or one made on another deployment: nothing of ours to tag it with.
        deps.log?.('add-contact event with an unknown state', { corpId: job.corpId, state: event.state });
        return;
      }
      const demoId = demo ? /^demo-staff-(\d+)$/.exec(event.userId)?.[1] : undefined;
      const member = demoId
        ? await repo.member(job.corpId, Number(demoId))
        : await repo.memberByWxworkId(job.corpId, event.userId);
      // Thrown (and retried by the queue) when WeCom does not answer; null when it no longer knows the contact.
      const contact = await wecom.getExternalContact(event.externalUserId);
      await repo.recordAdd({
        corpId: job.corpId,
        contactWayId: way.id,
        externalUserid: event.externalUserId,
        staffId: member?.id ?? way.staffId,
        name: contact?.name || T.unnamedCustomer,
        source: contactWaySourceLabel(way.kind, way.name),
        addedAt: new Date(event.createTime * 1000),
        at: now(),
      });
    },

    /** Offline only: a made-up customer scans the QR; WeCom's callback is sealed and POSTed to our own URL. */
    async simulate(me: Actor, id: number) {
      const way = await visibleWay(me, id);
      const scan = wecom.simulateContactAdd;
      if (!demo || !scan || !deps.callback || !deps.deliver) throw new RefusedError(T.demoOnly);
      if (!way.isActive) throw new RefusedError(T.simulateInactive);
      const member = await repo.member(me.corpId, way.staffId);
      const userId = member ? userIdOf(member) : null;
      if (!userId) throw new RefusedError(T.notBound);
      const contact = scan(userId);
      const seconds = Math.floor(now().getTime() / 1000);
      const xml = addContactEventXml({
        corpId: deps.callback.receiveId,
        userId,
        externalUserId: contact.externalUserid,
        state: way.state,
        createTime: seconds,
      });
      const sealed = sealCallback(deps.callback, xml, {
        timestamp: String(seconds),
        nonce: String(randomBytes(4).readUInt32BE(0)),
      });
      const answer = await deps.deliver(me.corpId, sealed);
      if (answer !== 'success') throw new RefusedError(T.simulateFailed);
      await deps.settle?.();
      return { data: { external_userid: contact.externalUserid, name: contact.name }, msg: T.simulated(contact.name) };
    },
  };
}

export type ContactWaysService = ReturnType<typeof createContactWaysService>;
