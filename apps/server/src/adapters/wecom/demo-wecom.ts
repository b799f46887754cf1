import { systemClock } from '../../clock.ts';
import { WecomError, jsSdkSignature } from './wecom.ts';
import type { WecomAdapter } from './wecom.ts';
import { createDemoWecomChat } from './wecom-chat.ts';
import { createDemoWecomContactWay } from './wecom-contact-way.ts';
import { createDemoWecomRobot } from './wecom-robot.ts';
import { createDemoWecomGroupMsg } from './wecom-groupmsg.ts';
import { createDemoWecomTransfer } from './wecom-transfer.ts';
import { createDemoWecomDirectory, type WecomDepartment, type WecomMember } from './wecom-directory.ts';
import { duplicateKey, textCardBody, type TextCardMessage } from './wecom-message.ts';

export interface DemoWecomOptions {
  demoUserId?: string;
  now?: () => number;
  /** The offline directory a sync reads; the demo's own (wecom-directory.ts) when left out. */
  directory?: { departments: readonly WecomDepartment[]; members: readonly WecomMember[] };
}

export const DEMO_WECOM_CORP_ID = 'demo-corp';
/** A fixed ticket, so a demo signature can be recomputed with jsSdkSignature. */
export const DEMO_JSAPI_TICKET = 'demo-jsapi-ticket';
export const DEMO_NONCE_STR = 'demononce';
const CODE_PREFIX = 'demo:';

/** Appends query parameters before any #fragment, keeping the query string already there. */
function appendQuery(uri: string, params: Record<string, string>): string {
  const hashAt = uri.indexOf('#');
  const base = hashAt === -1 ? uri : uri.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : uri.slice(hashAt);
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const sep = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${sep}${query}${fragment}`;
}

/**
 * Offline stand-in: "authorising" skips WeCom and lands straight on the callback with a code that
 * names the user, so the whole login flow runs in a plain browser without a corp.
 */
export function createDemoWecomAdapter(options: DemoWecomOptions = {}): WecomAdapter & {
  readonly sentMessages: readonly TextCardMessage[];
  readonly robotPosts: ReturnType<typeof createDemoWecomRobot>['robotPosts'];
} {
  const { demoUserId = 'demo-wecom-user', now = () => systemClock().getTime() } = options;
  let approvals = 0;
  // Offline: the cards "sent", with WeCom's duplicate check, so a retried job shows once (decision 058).
  const sentMessages: TextCardMessage[] = [];
  const seen = new Set<string>();
  const callback = (redirectUri: string, state: string) =>
    appendQuery(redirectUri, { code: `${CODE_PREFIX}${demoUserId}`, state });
  const chat = createDemoWecomChat({ corpId: DEMO_WECOM_CORP_ID, nonceStr: DEMO_NONCE_STR, now });
  // 渠道活码 (decision 083): a simulated scan's customer is a contact WeCom knows from then on.
  const { simulatedContacts, ...contactWays } = createDemoWecomContactWay();

  return {
    kind: 'demo',
    ...chat,
    ...contactWays,
    async getExternalContact(externalUserid) {
      const scanned = simulatedContacts.get(externalUserid);
      return scanned
        ? { ...scanned, followUserIds: [...scanned.followUserIds] }
        : chat.getExternalContact(externalUserid);
    },
    ...createDemoWecomDirectory(options.directory),
    ...createDemoWecomTransfer({ now }),
    ...createDemoWecomRobot(),
    ...createDemoWecomGroupMsg({ now }),
    oauthAuthorizeUrl: callback,
    webLoginUrl: callback,
    async getUserIdByCode(code) {
      const userId = code.startsWith(CODE_PREFIX) ? code.slice(CODE_PREFIX.length) : '';
      // 40029 is what WeCom answers for an invalid code, so callers see the same shape as in production.
      if (userId === '') throw new WecomError({ reason: 'api', errcode: 40029, errmsg: 'invalid code' });
      return userId;
    },
    async jsSdkConfig(url) {
      const timestamp = Math.floor(now() / 1000);
      const signature = jsSdkSignature({ ticket: DEMO_JSAPI_TICKET, nonceStr: DEMO_NONCE_STR, timestamp, url });
      return { appId: DEMO_WECOM_CORP_ID, timestamp, nonceStr: DEMO_NONCE_STR, signature };
    },
    async applyApproval(request) {
      // Offline: no approval reaches anyone; the number only has WeCom's shape (date + sequence).
      if (!request.creatorUserId || !request.templateId) {
        throw new WecomError({ reason: 'api', errcode: 301025, errmsg: 'invalid creator or template' });
      }
      approvals += 1;
      const day = new Date(now()).toISOString().slice(0, 10).replaceAll('-', '');
      return `${day}${String(approvals).padStart(6, '0')}`;
    },
    sentMessages,
    async sendTextCard(message) {
      if (!message.toUserId) throw new WecomError({ reason: 'api', errcode: 40031, errmsg: 'invalid touser' });
      const key = duplicateKey(textCardBody('0', message));
      if (!seen.has(key)) {
        seen.add(key);
        sentMessages.push(message);
      }
      return `demo-msg-${sentMessages.length}`;
    },
  };
}
