import { WecomError } from './wecom.ts';

/*
 * WeCom's company group messages to customers (客户联系 → 企业群发, decision 080):
 * - POST /cgi-bin/externalcontact/add_msg_template { chat_type: 'single', external_userid[], sender, text,
 *   attachments } → { msgid, fail_list }: a task the sender confirms in WeCom; nothing reaches a customer before.
 *   fail_list: the customers that are not the sender's contacts.
 * - POST /cgi-bin/externalcontact/get_groupmsg_task { msgid, limit, cursor } → task_list[{ userid, status
 *   (0 not sent, 1 confirmed, 2 sent), send_time }], next_cursor.
 * - POST /cgi-bin/externalcontact/get_groupmsg_send_result { msgid, userid, limit, cursor } → send_list[{
 *   external_userid, userid, status (0 not sent, 1 sent, 2 not a contact, 3 already at the month's limit),
 *   send_time }], next_cursor.
 * WeCom's rule: one customer receives at most four of the company's group messages a calendar month.
 */

export interface GroupMsgLink {
  title: string;
  url: string;
  picurl: string;
  desc: string;
}

export interface GroupMsgRequest {
  /** The member's WeCom userid: the task is theirs to confirm. */
  sender: string;
  externalUserids: readonly string[];
  text: string;
  link: GroupMsgLink | null;
  /** A picture's address WeCom gave (uploadImage); '' for none. */
  imageUrl: string;
}

export interface GroupMsgTaskState {
  userid: string;
  status: number;
  /** Seconds; null before it was sent. */
  sendTime: number | null;
}

export interface GroupMsgSendState {
  externalUserid: string;
  userid: string;
  status: number;
  sendTime: number | null;
}

export interface WecomGroupMsgCalls {
  /** add_msg_template → WeCom's msgid and the customers it refused (not the sender's contacts). */
  addMsgTemplate(request: GroupMsgRequest): Promise<{ msgid: string; failList: string[] }>;
  /** get_groupmsg_task, every page: each member's state of the task. */
  groupMsgTasks(msgid: string): Promise<GroupMsgTaskState[]>;
  /** get_groupmsg_send_result, every page: each customer's state of one member's send. */
  groupMsgSendResults(msgid: string, userid: string): Promise<GroupMsgSendState[]>;
  /**
   * POST /cgi-bin/media/uploadimg (multipart, field `media`, jpg or png up to 2 MB) → the picture's address on
   * WeCom, the only kind a group message's image may carry.
   */
  uploadImage(image: { bytes: Buffer; filename: string; contentType: string }): Promise<string>;
}

/** WeCom's uploadimg takes at most 2 MB. */
export const UPLOAD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** A token call that posts one file as multipart (the adapter's, with its token refresh). */
export type UploadWithToken = (
  path: string,
  field: string,
  file: { bytes: Buffer; filename: string; contentType: string },
) => Promise<Record<string, unknown>>;

/** WeCom takes at most 10,000 customers in one task. */
export const GROUP_MSG_MAX_CUSTOMERS = 10_000;
/** Pages asked for at most (1,000 a page). */
const MAX_PAGES = 50;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const bad = (errmsg: string) => new WecomError({ reason: 'bad-response', errcode: -1, errmsg });
const seconds = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);

/** The add_msg_template body WeCom expects: the text, and the link as its one attachment. */
export function msgTemplateBody(request: GroupMsgRequest): Record<string, unknown> {
  return {
    chat_type: 'single',
    external_userid: [...request.externalUserids],
    sender: request.sender,
    text: { content: request.text },
    attachments: [
      ...(request.imageUrl ? [{ msgtype: 'image', image: { pic_url: request.imageUrl } }] : []),
      ...(request.link ? [{ msgtype: 'link', link: { ...request.link } }] : []),
    ],
  };
}

type CallWithToken = (
  path: string,
  params: Record<string, string>,
  postBody?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/** Every page of a cursor-paged answer's `field`. */
async function allPages(
  callWithToken: CallWithToken,
  path: string,
  body: Record<string, unknown>,
  field: string,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let cursor = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await callWithToken(path, {}, { ...body, limit: 1000, cursor });
    const list = answer[field];
    if (!Array.isArray(list)) throw bad(`missing ${field}`);
    rows.push(...list.filter(isRecord));
    cursor = typeof answer.next_cursor === 'string' ? answer.next_cursor : '';
    if (cursor === '') return rows;
  }
  return rows;
}

/** The real calls, on the adapter's access-token plumbing (a rejected token refreshed once). */
export function createWecomGroupMsgCalls(
  callWithToken: CallWithToken,
  uploadWithToken: UploadWithToken,
): WecomGroupMsgCalls {
  return {
    async uploadImage(image) {
      const body = await uploadWithToken('/cgi-bin/media/uploadimg', 'media', image);
      if (typeof body.url !== 'string' || body.url === '') throw bad('missing url');
      return body.url;
    },
    async addMsgTemplate(request) {
      if (request.externalUserids.length > GROUP_MSG_MAX_CUSTOMERS) throw bad('too many customers for one task');
      const body = await callWithToken('/cgi-bin/externalcontact/add_msg_template', {}, msgTemplateBody(request));
      if (typeof body.msgid !== 'string' || body.msgid === '') throw bad('missing msgid');
      const failList = Array.isArray(body.fail_list)
        ? body.fail_list.filter((id): id is string => typeof id === 'string')
        : [];
      return { msgid: body.msgid, failList };
    },
    async groupMsgTasks(msgid) {
      const rows = await allPages(callWithToken, '/cgi-bin/externalcontact/get_groupmsg_task', { msgid }, 'task_list');
      return rows.map((row) => ({
        userid: typeof row.userid === 'string' ? row.userid : '',
        status: typeof row.status === 'number' ? row.status : 0,
        sendTime: seconds(row.send_time),
      }));
    },
    async groupMsgSendResults(msgid, userid) {
      const rows = await allPages(
        callWithToken,
        '/cgi-bin/externalcontact/get_groupmsg_send_result',
        { msgid, userid },
        'send_list',
      );
      return rows.map((row) => ({
        externalUserid: typeof row.external_userid === 'string' ? row.external_userid : '',
        userid: typeof row.userid === 'string' ? row.userid : userid,
        status: typeof row.status === 'number' ? row.status : 0,
        sendTime: seconds(row.send_time),
      }));
    },
  };
}

/**
 * Offline: a task is kept with its customers; its member "sends" it as soon as the results are first asked for
 * (the demo has nobody to confirm it in WeCom), and each customer receives it. A msgid it did not make (the
 * seed's) has no news: its stored state stays.
 */
export function createDemoWecomGroupMsg(options: { now: () => number }): WecomGroupMsgCalls {
  const tasks = new Map<string, { sender: string; externalUserids: string[]; sentAt: number | null }>();
  const sentAt = (msgid: string) => {
    const task = tasks.get(msgid);
    if (task) task.sentAt ??= Math.floor(options.now() / 1000);
    return task;
  };
  let images = 0;
  return {
    async uploadImage(image) {
      if (image.bytes.length === 0 || image.bytes.length > UPLOAD_IMAGE_MAX_BYTES)
        throw new WecomError({ reason: 'api', errcode: 40009, errmsg: 'invalid image size' });
      images += 1;
      return `https://wework.qpic.cn/wwpic/demo/${images}/0`;
    },
    async addMsgTemplate(request) {
      if (request.sender === '' || request.externalUserids.length === 0)
        throw new WecomError({ reason: 'api', errcode: 41048, errmsg: 'no valid external_userid' });
      const msgid = `demo-msg-${tasks.size + 1}`;
      tasks.set(msgid, { sender: request.sender, externalUserids: [...request.externalUserids], sentAt: null });
      return { msgid, failList: [] };
    },
    async groupMsgTasks(msgid) {
      const task = sentAt(msgid);
      return task ? [{ userid: task.sender, status: 2, sendTime: task.sentAt }] : [];
    },
    async groupMsgSendResults(msgid, userid) {
      const task = sentAt(msgid);
      if (task?.sender !== userid) return [];
      return task.externalUserids.map((externalUserid) => ({
        externalUserid,
        userid,
        status: 1,
        sendTime: task.sentAt,
      }));
    },
  };
}
