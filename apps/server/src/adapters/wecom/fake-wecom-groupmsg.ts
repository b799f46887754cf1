// Test helper: what the fake WeCom server does with the company group messages to customers
// (externalcontact/add_msg_template, get_groupmsg_task, get_groupmsg_send_result): WeCom's checks of a task, a
// member confirming it (`confirm`), and WeCom's four-a-month limit per customer applied when it is sent.
import type { ServerResponse } from 'node:http';
import type { FakeWecomIo } from './fake-wecom-server.ts';

export interface FakeGroupMsgOptions {
  /** Each member's external contacts; a member not named here has every contact. */
  contacts?: Record<string, string[]>;
}

export interface FakeGroupMsgTask {
  msgid: string;
  sender: string;
  externalUserids: string[];
  text: string;
  attachments: unknown[];
  /** 0 not sent, 2 sent (the member confirmed it). */
  status: number;
  sendTime: number | null;
  /** Each customer's state once sent: 1 received, 3 already had four this month. */
  results: Map<string, number>;
}

export interface FakeGroupMsgs {
  readonly tasks: readonly FakeGroupMsgTask[];
  /** The member sends the task in WeCom: each customer receives it unless four already reached them. */
  confirm(msgid: string, at?: number): void;
  /** How many group messages each customer received (WeCom's own count of the month). */
  readonly received: ReadonlyMap<string, number>;
  handlePost(path: string, body: Record<string, unknown>, res: ServerResponse, io: FakeWecomIo): boolean;
  /** The pictures uploaded (media/uploadimg), by the address answered. */
  readonly images: ReadonlyMap<string, number>;
  /** media/uploadimg: a multipart body with a `media` part of a jpg or png, up to 2 MB. */
  upload(contentType: string, body: Buffer, res: ServerResponse, io: FakeWecomIo): void;
}

const PATHS = {
  add: '/cgi-bin/externalcontact/add_msg_template',
  task: '/cgi-bin/externalcontact/get_groupmsg_task',
  result: '/cgi-bin/externalcontact/get_groupmsg_send_result',
} as const;

export function createFakeGroupMsgs(options: FakeGroupMsgOptions = {}): FakeGroupMsgs {
  const tasks: FakeGroupMsgTask[] = [];
  const received = new Map<string, number>();
  const images = new Map<string, number>();
  const isContact = (sender: string, ext: string) =>
    options.contacts?.[sender] === undefined || options.contacts[sender].includes(ext);

  return {
    tasks,
    received,
    images,
    upload(contentType, body, res, { send, fail }) {
      if (!contentType.startsWith('multipart/form-data')) return fail(res, 40005, 'invalid file type');
      const text = body.toString('latin1');
      if (!/name="media"/.test(text)) return fail(res, 41005, 'media data missing');
      const jpeg = text.includes('\xff\xd8\xff');
      const png = text.includes('\x89PNG');
      if (!jpeg && !png) return fail(res, 40005, 'invalid file type');
      if (body.length > 2 * 1024 * 1024 + 4096) return fail(res, 40009, 'invalid image size');
      const url = `https://wework.qpic.cn/wwpic/fake/${images.size + 1}/0`;
      images.set(url, body.length);
      send(res, { url });
    },
    confirm(msgid, at = 1_764_460_800) {
      const task = tasks.find((t) => t.msgid === msgid);
      if (!task || task.status === 2) return;
      task.status = 2;
      task.sendTime = at;
      for (const ext of task.externalUserids) {
        if (!isContact(task.sender, ext)) continue;
        const count = received.get(ext) ?? 0;
        if (count >= 4) task.results.set(ext, 3);
        else {
          received.set(ext, count + 1);
          task.results.set(ext, 1);
        }
      }
    },
    handlePost(path, body, res, { send, fail }) {
      if (path === PATHS.add) {
        if ((body.chat_type ?? 'single') !== 'single') return (fail(res, 40058, 'invalid chat_type'), true);
        const ids = body.external_userid;
        const sender = body.sender;
        if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string'))
          return (fail(res, 41048, 'no valid external_userid'), true);
        if (ids.length > 10_000) return (fail(res, 40058, 'external_userid exceed max count'), true);
        if (typeof sender !== 'string' || sender === '') return (fail(res, 40003, 'invalid userid'), true);
        const text = body.text as { content?: unknown } | undefined;
        const content = typeof text?.content === 'string' ? text.content : '';
        const attachments = Array.isArray(body.attachments) ? body.attachments : [];
        if (content === '' && attachments.length === 0) return (fail(res, 44004, 'empty content'), true);
        if (Buffer.byteLength(content, 'utf8') > 4000) return (fail(res, 40058, 'content exceed max length'), true);
        const all = ids as string[];
        const failList = all.filter((ext) => !isContact(sender, ext));
        const msgid = `msgGCAAA${String(tasks.length + 1).padStart(6, '0')}`;
        tasks.push({
          msgid,
          sender,
          externalUserids: all.filter((ext) => isContact(sender, ext)),
          text: content,
          attachments,
          status: 0,
          sendTime: null,
          results: new Map(),
        });
        send(res, { msgid, fail_list: failList });
        return true;
      }
      if (path === PATHS.task || path === PATHS.result) {
        const task = tasks.find((t) => t.msgid === body.msgid);
        if (!task) return (fail(res, 41063, 'invalid msgid'), true);
        if (path === PATHS.task) {
          send(res, {
            next_cursor: '',
            task_list: [
              { userid: task.sender, status: task.status, ...(task.sendTime ? { send_time: task.sendTime } : {}) },
            ],
          });
          return true;
        }
        if (body.userid !== task.sender) return (send(res, { next_cursor: '', send_list: [] }), true);
        send(res, {
          next_cursor: '',
          send_list: task.externalUserids.map((ext) => {
            const status = task.results.get(ext) ?? 0;
            return {
              external_userid: ext,
              userid: task.sender,
              status,
              ...(status === 1 && task.sendTime ? { send_time: task.sendTime } : {}),
            };
          }),
        });
        return true;
      }
      return false;
    },
  };
}
