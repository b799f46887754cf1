// Test helper: what the fake WeCom server does with POST /cgi-bin/webhook/send?key= (a group robot): WeCom's
// answers for an unknown key, a bad body and a busy moment, and the messages the group was shown.

export interface FakeRobots {
  /** The messages posted, in order, with the key they came through. */
  readonly posts: readonly { key: string; msgtype: string; content: string }[];
  /** The next `count` posts are refused with errcode -1 (system busy). */
  failNext(count?: number): void;
  receive(key: string, body: Record<string, unknown>): Record<string, unknown>;
}

/** `keys`: the robots that exist; unset, any key is one. */
export function createFakeRobots(keys: readonly string[] | null = null): FakeRobots {
  const posts: { key: string; msgtype: string; content: string }[] = [];
  let failures = 0;
  return {
    posts,
    failNext(count = 1) {
      failures += count;
    },
    receive(key, body) {
      if (key === '' || (keys && !keys.includes(key))) return { errcode: 93000, errmsg: 'invalid webhook url' };
      if (failures > 0) {
        failures -= 1;
        return { errcode: -1, errmsg: 'system busy' };
      }
      const msgtype = typeof body.msgtype === 'string' ? body.msgtype : '';
      if (msgtype !== 'text' && msgtype !== 'markdown') return { errcode: 40008, errmsg: 'invalid message type' };
      const part = body[msgtype];
      const content = typeof part === 'object' && part !== null ? (part as Record<string, unknown>).content : undefined;
      if (typeof content !== 'string' || content === '') return { errcode: 44004, errmsg: 'empty content' };
      const limit = msgtype === 'text' ? 2048 : 4096;
      if (Buffer.byteLength(content, 'utf8') > limit) return { errcode: 40058, errmsg: 'content exceed max length' };
      posts.push({ key, msgtype, content });
      return { errcode: 0, errmsg: 'ok' };
    },
  };
}
