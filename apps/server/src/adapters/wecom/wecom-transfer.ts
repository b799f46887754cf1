import { WecomError } from './wecom.ts';
import {
  DEMO_EXTERNAL_CONTACTS,
  DEMO_FOLLOWER_USERID,
  DEMO_LEAVER_CONTACTS,
  DEMO_LEAVER_USERID,
} from './wecom-chat.ts';

/*
 * WeCom's customer-contact inheritance (客户联系 → 在职继承 / 离职继承), for the back office's handover
 * (decision 066): a member's external contacts (`externalcontact/list`), the contacts of members who left and
 * wait to be assigned (`externalcontact/get_unassigned_list`), the transfer itself (`transfer_customer` for a
 * member still employed, `resigned/transfer_customer` for one who left; at most 100 contacts a call) and its
 * result (`transfer_result`, `resigned/transfer_result`, cursor-paged). Kept apart from wecom-adapter.ts like
 * the chat and directory calls; the real adapter and the demo one both spread these in.
 */

/** 在职继承 (the member is still in WeCom) or 离职继承 (WeCom lists the member as resigned). */
export type TransferMode = 'employed' | 'resigned';

export interface TransferRequest {
  mode: TransferMode;
  handoverUserid: string;
  takeoverUserid: string;
  externalUserids: readonly string[];
  /** Sent to the customer after an employed member's transfer (at most 200 characters); WeCom's own when absent. */
  successMessage?: string;
}

/** One contact's answer to a transfer: errcode 0 means WeCom started it (it completes within 24 h). */
export interface TransferAnswer {
  externalUserid: string;
  errcode: number;
}

/** One contact's takeover state: 1 taken over, 2 waiting, 3 refused by the customer, 4 takeover member full, 5 no record. */
export interface TransferState {
  externalUserid: string;
  status: number;
  /** Seconds; when waiting, the time WeCom will take it over by itself. */
  takeoverTime: number;
}

export interface WecomTransferCalls {
  /** GET /cgi-bin/externalcontact/list?userid=: the member's external contacts; [] when they have none (84061). */
  listFollowedContacts(userid: string): Promise<string[]>;
  /** POST /cgi-bin/externalcontact/get_unassigned_list (paged): contacts of members who left, by member. */
  listUnassignedContacts(): Promise<{ handoverUserid: string; externalUserid: string }[]>;
  /** POST /cgi-bin/externalcontact/[resigned/]transfer_customer, 100 contacts a call: each contact's errcode. */
  transferCustomers(request: TransferRequest): Promise<TransferAnswer[]>;
  /** POST /cgi-bin/externalcontact/[resigned/]transfer_result (cursor-paged): each contact's takeover state. */
  transferResult(request: Omit<TransferRequest, 'externalUserids' | 'successMessage'>): Promise<TransferState[]>;
}

/** WeCom takes at most 100 contacts in one transfer. */
export const TRANSFER_BATCH = 100;
/** Pages of a cursor-paged answer asked for at most (1,000 a page for transfer_result). */
const MAX_PAGES = 50;
/** WeCom's answer to externalcontact/list for a member without external contacts. */
const NO_CONTACTS = new Set([84061]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const bad = (errmsg: string) => new WecomError({ reason: 'bad-response', errcode: -1, errmsg });
const prefix = (mode: TransferMode) =>
  mode === 'resigned' ? '/cgi-bin/externalcontact/resigned' : '/cgi-bin/externalcontact';

type CallWithToken = (
  path: string,
  params: Record<string, string>,
  postBody?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** The real calls, on the adapter's access-token plumbing (a rejected token refreshed once). */
export function createWecomTransferCalls(callWithToken: CallWithToken): WecomTransferCalls {
  return {
    async listFollowedContacts(userid) {
      try {
        const body = await callWithToken('/cgi-bin/externalcontact/list', { userid });
        if (!Array.isArray(body.external_userid)) return [];
        return body.external_userid.filter((id): id is string => typeof id === 'string' && id !== '');
      } catch (err) {
        if (err instanceof WecomError && err.reason === 'api' && NO_CONTACTS.has(err.errcode)) return [];
        throw err;
      }
    },
    async listUnassignedContacts() {
      const found: { handoverUserid: string; externalUserid: string }[] = [];
      let cursor = '';
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const body = await callWithToken(
          '/cgi-bin/externalcontact/get_unassigned_list',
          {},
          { cursor, page_size: 1000 },
        );
        if (!Array.isArray(body.info)) throw bad('missing info');
        for (const row of body.info) {
          if (isRecord(row) && typeof row.handover_userid === 'string' && typeof row.external_userid === 'string')
            found.push({ handoverUserid: row.handover_userid, externalUserid: row.external_userid });
        }
        cursor = typeof body.next_cursor === 'string' ? body.next_cursor : '';
        if (body.is_last === true || !cursor) break;
      }
      return found;
    },
    async transferCustomers(request) {
      const answers: TransferAnswer[] = [];
      for (let at = 0; at < request.externalUserids.length; at += TRANSFER_BATCH) {
        const batch = request.externalUserids.slice(at, at + TRANSFER_BATCH);
        const body = await callWithToken(
          `${prefix(request.mode)}/transfer_customer`,
          {},
          {
            handover_userid: request.handoverUserid,
            takeover_userid: request.takeoverUserid,
            external_userid: batch,
            ...(request.mode === 'employed' && request.successMessage
              ? { transfer_success_msg: request.successMessage.slice(0, 200) }
              : {}),
          },
        );
        if (!Array.isArray(body.customer)) throw bad('missing customer');
        const byId = new Map<string, number>();
        for (const row of body.customer) {
          if (isRecord(row) && typeof row.external_userid === 'string')
            byId.set(row.external_userid, typeof row.errcode === 'number' ? row.errcode : -1);
        }
        // A contact WeCom left out of its answer was not started: -1, so it is listed as not moved.
        for (const id of batch) answers.push({ externalUserid: id, errcode: byId.get(id) ?? -1 });
      }
      return answers;
    },
    async transferResult(request) {
      const states: TransferState[] = [];
      let cursor = '';
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const body = await callWithToken(
          `${prefix(request.mode)}/transfer_result`,
          {},
          { handover_userid: request.handoverUserid, takeover_userid: request.takeoverUserid, cursor },
        );
        if (!Array.isArray(body.customer)) throw bad('missing customer');
        for (const row of body.customer) {
          if (isRecord(row) && typeof row.external_userid === 'string')
            states.push({
              externalUserid: row.external_userid,
              status: typeof row.status === 'number' ? row.status : 5,
              takeoverTime: typeof row.takeover_time === 'number' ? row.takeover_time : 0,
            });
        }
        cursor = typeof body.next_cursor === 'string' ? body.next_cursor : '';
        if (!cursor) break;
      }
      return states;
    },
  };
}

/**
 * The offline stand-in: the demo member 王小明 (seeded with DEMO_FOLLOWER_USERID) follows the demo contacts, and
 * 郑离职 (DEMO_LEAVER_USERID) two of their own;
 * a transfer is started for every contact the handover member follows and is then waiting (2) until the
 * `takeoverAfterMs` has passed on the injected clock, when it reads as taken over (1), as WeCom's 24 h do.
 */
export function createDemoWecomTransfer(opts: { now: () => number; takeoverAfterMs?: number }): WecomTransferCalls {
  const takeoverAfter = opts.takeoverAfterMs ?? 24 * 3600_000;
  const followers = new Map<string, Set<string>>([
    [DEMO_FOLLOWER_USERID, new Set(DEMO_EXTERNAL_CONTACTS.map((c) => c.externalUserid))],
    [DEMO_LEAVER_USERID, new Set(DEMO_LEAVER_CONTACTS)],
  ]);
  const transfers = new Map<string, { externalUserid: string; startedAt: number }[]>();
  const key = (mode: TransferMode, from: string, to: string) => `${mode}:${from}:${to}`;
  return {
    async listFollowedContacts(userid) {
      return [...(followers.get(userid) ?? [])];
    },
    async listUnassignedContacts() {
      return [];
    },
    async transferCustomers(request) {
      if (!request.takeoverUserid) throw new WecomError({ reason: 'api', errcode: 40003, errmsg: 'invalid userid' });
      const held = followers.get(request.handoverUserid) ?? new Set<string>();
      const list = transfers.get(key(request.mode, request.handoverUserid, request.takeoverUserid)) ?? [];
      const answers = request.externalUserids.map((externalUserid) => {
        if (!held.has(externalUserid)) return { externalUserid, errcode: 40096 };
        held.delete(externalUserid);
        list.push({ externalUserid, startedAt: opts.now() });
        const theirs = followers.get(request.takeoverUserid) ?? new Set<string>();
        theirs.add(externalUserid);
        followers.set(request.takeoverUserid, theirs);
        return { externalUserid, errcode: 0 };
      });
      transfers.set(key(request.mode, request.handoverUserid, request.takeoverUserid), list);
      return answers;
    },
    async transferResult(request) {
      const list = transfers.get(key(request.mode, request.handoverUserid, request.takeoverUserid)) ?? [];
      return list.map(({ externalUserid, startedAt }) => {
        const due = startedAt + takeoverAfter;
        return {
          externalUserid,
          status: opts.now() >= due ? 1 : 2,
          takeoverTime: Math.floor(due / 1000),
        };
      });
    },
  };
}
