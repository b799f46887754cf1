// Test helper: what the fake WeCom server does with POST /cgi-bin/message/send (a text card), with WeCom's
// duplicate check: the same card to the same member within the interval is accepted and not shown again.
import { duplicateKey } from './wecom-message.ts';

export interface FakeMessageInbox {
  /** The cards members were shown, in order: a duplicate WeCom dropped is not here. */
  readonly messages: readonly Record<string, unknown>[];
  /** WeCom's answer to one message/send body (errcode 0 with a msgid, or a refusal). */
  receive(body: Record<string, unknown>): Record<string, unknown>;
  /** The next `count` sends are refused with errcode -1 (system busy), as WeCom does under load. */
  failNext(count?: number): void;
}

export function createFakeMessageInbox(members: ReadonlySet<string> | null = null): FakeMessageInbox {
  const messages: Record<string, unknown>[] = [];
  const shown = new Map<string, string>();
  let failures = 0;
  let issued = 0;
  return {
    messages,
    failNext(count = 1) {
      failures += count;
    },
    receive(body) {
      if (failures > 0) {
        failures -= 1;
        return { errcode: -1, errmsg: 'system busy' };
      }
      if (body.msgtype !== 'textcard') return { errcode: 40008, errmsg: 'invalid message type' };
      const card = typeof body.textcard === 'object' && body.textcard !== null ? body.textcard : {};
      const { title, description, url } = card as Record<string, unknown>;
      if (typeof title !== 'string' || typeof description !== 'string' || typeof url !== 'string')
        return { errcode: 44004, errmsg: 'empty content' };
      const touser = typeof body.touser === 'string' ? body.touser : '';
      if (touser === '') return { errcode: 40031, errmsg: 'invalid touser' };
      if (members && !members.has(touser)) return { errcode: 0, errmsg: 'ok', invaliduser: touser, msgid: '' };
      const key = duplicateKey(body);
      const earlier = body.enable_duplicate_check === 1 ? shown.get(key) : undefined;
      if (earlier !== undefined) return { errcode: 0, errmsg: 'ok', msgid: earlier };
      issued += 1;
      const msgid = `fake-msg-${issued}`;
      shown.set(key, msgid);
      messages.push(body);
      return { errcode: 0, errmsg: 'ok', msgid };
    },
  };
}
