import { WecomError, jsSdkSignature } from './wecom.ts';

/*
 * The WeCom calls of the chat sidebar tool (/chattergee, decision 055): the app's JS-SDK signature for
 * wx.agentConfig (the app jsapi_ticket, `ticket/get?type=agent_config`) and the external contact a member
 * follows (`externalcontact/get`). Kept apart from wecom-adapter.ts so other WeCom features add their calls
 * beside it; the real adapter and the demo one both spread these in.
 */

/** What wx.agentConfig needs besides the page's own: the corp, the app, and the app ticket's signature. */
export interface AgentJsSdkConfig {
  corpId: string;
  agentId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** An external contact and the corp members who follow it (have it as their customer). */
export interface ExternalContact {
  externalUserid: string;
  name: string;
  followUserIds: string[];
}

export interface WecomChatCalls {
  /** wx.agentConfig signature over the app jsapi_ticket (GET /cgi-bin/ticket/get?type=agent_config), cached. */
  agentConfig(url: string): Promise<AgentJsSdkConfig>;
  /**
   * GET /cgi-bin/externalcontact/get?external_userid=&cursor= (follow_user paged past 500): the contact and
   * who follows it; null when WeCom knows no such contact of the corp (84061, 40096).
   */
  getExternalContact(externalUserid: string): Promise<ExternalContact | null>;
}

/** WeCom's answers for "no such external contact" (not a customer of anyone; an invalid external_userid). */
const NO_SUCH_CONTACT = new Set([84061, 40096]);
/** follow_user pages asked for at most: 500 followers a page, so 10 pages is 5,000 colleagues on one customer. */
const MAX_FOLLOW_PAGES = 10;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

interface ChatCallsDeps {
  corpId: string;
  agentId: string;
  now: () => number;
  nonce: () => string;
  callWithToken: (path: string, params: Record<string, string>) => Promise<Record<string, unknown>>;
  /** A cache of one expiring credential with a single in-flight refresh (wecom-adapter.ts's). */
  cache: (fetchFresh: () => Promise<{ value: string; expiresInSec: number }>) => { get(): Promise<string> };
}

/** The real calls, on the adapter's access-token plumbing and credential cache. */
export function createWecomChatCalls(deps: ChatCallsDeps): WecomChatCalls {
  const { corpId, agentId, now, nonce, callWithToken } = deps;
  const agentTickets = deps.cache(async () => {
    const body = await callWithToken('/cgi-bin/ticket/get', { type: 'agent_config' });
    const ticket = body.ticket;
    if (typeof ticket !== 'string' || ticket === '') {
      throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: 'missing ticket' });
    }
    return { value: ticket, expiresInSec: typeof body.expires_in === 'number' ? body.expires_in : 7200 };
  });

  return {
    async agentConfig(url) {
      const ticket = await agentTickets.get();
      const timestamp = Math.floor(now() / 1000);
      const nonceStr = nonce();
      return { corpId, agentId, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }) };
    },
    async getExternalContact(externalUserid) {
      const followUserIds: string[] = [];
      let name = '';
      let cursor = '';
      for (let page = 0; page < MAX_FOLLOW_PAGES; page += 1) {
        let body: Record<string, unknown>;
        try {
          body = await callWithToken('/cgi-bin/externalcontact/get', {
            external_userid: externalUserid,
            ...(cursor ? { cursor } : {}),
          });
        } catch (err) {
          if (err instanceof WecomError && err.reason === 'api' && NO_SUCH_CONTACT.has(err.errcode)) return null;
          throw err;
        }
        const contact = body.external_contact;
        if (!isRecord(contact) || typeof contact.name !== 'string') {
          throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: 'missing external_contact' });
        }
        name = contact.name;
        const follows = Array.isArray(body.follow_user) ? body.follow_user : [];
        for (const follow of follows) {
          if (isRecord(follow) && typeof follow.userid === 'string') followUserIds.push(follow.userid);
        }
        cursor = typeof body.next_cursor === 'string' ? body.next_cursor : '';
        if (!cursor) break;
      }
      return { externalUserid, name, followUserIds };
    },
  };
}

/** The offline demo's external contacts, followed by the demo staff member 王小明 (seeded with this userid). */
export const DEMO_FOLLOWER_USERID = 'wangxiaoming';
export const DEMO_EXTERNAL_CONTACTS: readonly ExternalContact[] = [
  { externalUserid: 'wmDemoChen0001', name: '陈女士', followUserIds: [DEMO_FOLLOWER_USERID] },
  { externalUserid: 'wmDemoLiu00002', name: '刘先生', followUserIds: [DEMO_FOLLOWER_USERID] },
];
/** The demo's leaving staff member (郑离职, db/seed-handover.ts) and the two contacts they follow offline. */
export const DEMO_LEAVER_USERID = 'zhenglizhi';
export const DEMO_LEAVER_CONTACTS: readonly string[] = ['wmDemoZheng001', 'wmDemoZheng002'];
export const DEMO_AGENT_TICKET = 'demo-agent-ticket';
export const DEMO_AGENT_ID = '1000001';

/** The offline stand-in: a fixed app ticket and the demo contacts, answering as WeCom would. */
export function createDemoWecomChat(opts: { corpId: string; nonceStr: string; now: () => number }): WecomChatCalls {
  return {
    async agentConfig(url) {
      const timestamp = Math.floor(opts.now() / 1000);
      const signature = jsSdkSignature({ ticket: DEMO_AGENT_TICKET, nonceStr: opts.nonceStr, timestamp, url });
      return { corpId: opts.corpId, agentId: DEMO_AGENT_ID, timestamp, nonceStr: opts.nonceStr, signature };
    },
    async getExternalContact(externalUserid) {
      const contact = DEMO_EXTERNAL_CONTACTS.find((c) => c.externalUserid === externalUserid);
      return contact ? { ...contact, followUserIds: [...contact.followUserIds] } : null;
    },
  };
}
