import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { WecomError } from './wecom.ts';
import type { ExternalContact } from './wecom-chat.ts';

/*
 * 渠道活码 (decision 083): a member's "contact me" QR (配置客户联系「联系我」方式), POST
 * /cgi-bin/externalcontact/add_contact_way with type 1 (one member), scene 2 (a QR) and a `state` naming the
 * source, answered { config_id, qr_code }; deleted with POST /cgi-bin/externalcontact/del_contact_way { config_id }.
 * WeCom hands the state back in the add-contact callback (wecom-callback.ts).
 */

export interface ContactWayRequest {
  /** The member (WeCom userid) the customers are added to. */
  userId: string;
  /** Up to 30 characters; what the add-contact event carries back. */
  state: string;
  /** WeCom's own note on the QR, up to 30 characters. */
  remark: string;
}

export interface ContactWay {
  configId: string;
  /** The QR image: WeCom's image URL; offline, a data: URL. */
  qrCode: string;
}

export interface WecomContactWayCalls {
  addContactWay(request: ContactWayRequest): Promise<ContactWay>;
  deleteContactWay(configId: string): Promise<void>;
  /**
   * Offline only: a made-up customer scans the QR of `userId`; the contact is then known to getExternalContact,
   * followed by that member. Undefined on the real adapter (WeCom's own customers scan there).
   */
  simulateContactAdd?: (userId: string) => ExternalContact;
}

/** WeCom's limits on state and remark (characters). */
export const CONTACT_WAY_TEXT_MAX = 30;

/** The add_contact_way body: one member, a QR, no verification so the add (and its event) is immediate. */
export function contactWayBody(request: ContactWayRequest): Record<string, unknown> {
  return {
    type: 1,
    scene: 2,
    remark: [...request.remark].slice(0, CONTACT_WAY_TEXT_MAX).join(''),
    skip_verify: true,
    state: request.state,
    user: [request.userId],
  };
}

export function createWecomContactWayCalls(
  callWithToken: (
    path: string,
    params: Record<string, string>,
    body: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>,
): WecomContactWayCalls {
  return {
    async addContactWay(request) {
      const body = await callWithToken('/cgi-bin/externalcontact/add_contact_way', {}, contactWayBody(request));
      const { config_id: configId, qr_code: qrCode } = body;
      if (typeof configId !== 'string' || configId === '' || typeof qrCode !== 'string' || qrCode === '') {
        throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: 'missing config_id or qr_code' });
      }
      return { configId, qrCode };
    },
    async deleteContactWay(configId) {
      await callWithToken('/cgi-bin/externalcontact/del_contact_way', {}, { config_id: configId });
    },
  };
}

/** Offline: the QR is generated here (it encodes a made-up WeCom link), and a scan can be simulated. */
export function createDemoWecomContactWay(): WecomContactWayCalls & {
  readonly simulatedContacts: Map<string, ExternalContact>;
} {
  const ways = new Map<string, ContactWayRequest>();
  const simulatedContacts = new Map<string, ExternalContact>();
  let made = 0;
  let scanned = 0;
  const surnames = ['赵', '钱', '孙', '李', '周', '吴', '郑', '王'];
  return {
    simulatedContacts,
    async addContactWay(request) {
      if (!request.userId) throw new WecomError({ reason: 'api', errcode: 40031, errmsg: 'invalid userid' });
      if ([...request.state].length > CONTACT_WAY_TEXT_MAX)
        throw new WecomError({ reason: 'api', errcode: 40058, errmsg: 'state exceed max length' });
      made += 1;
      const configId = `demo-contact-way-${made}`;
      ways.set(configId, request);
      const link = `https://work.weixin.qq.com/ca/demo?state=${encodeURIComponent(request.state)}`;
      return { configId, qrCode: await QRCode.toDataURL(link, { margin: 1, width: 240 }) };
    },
    async deleteContactWay(configId) {
      // A way made before a restart is not in this process's map; WeCom's own store outlives it, so deleting succeeds.
      ways.delete(configId);
    },
    simulateContactAdd(userId) {
      scanned += 1;
      const contact: ExternalContact = {
        externalUserid: `wmDemoScan${String(scanned).padStart(4, '0')}${randomBytes(3).toString('hex')}`,
        name: `${surnames[(scanned - 1) % surnames.length] ?? '王'}${scanned % 2 === 0 ? '女士' : '先生'}`,
        followUserIds: [userId],
      };
      simulatedContacts.set(contact.externalUserid, contact);
      return contact;
    },
  };
}
