import { WecomError } from './wecom.ts';

/*
 * A WeCom group robot (群机器人): a group's webhook, POST https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=KEY
 * with a JSON message, answered { errcode, errmsg } (errcode 0: posted). No access_token: the key is the whole
 * credential, so it is stored sealed and never shown again in full (decision 076).
 */

/** What a robot posts: plain text, or WeCom's markdown subset (bold, colours, quotes, links). */
export interface RobotMessage {
  msgtype: 'text' | 'markdown';
  content: string;
}

/** WeCom's limits: text up to 2048 bytes, markdown up to 4096 (UTF-8). */
const MAX_BYTES = { text: 2048, markdown: 4096 } as const;

/** Cuts `content` to WeCom's byte limit on a character boundary, so a long message is shortened, not refused. */
export function fitRobotContent(message: RobotMessage): string {
  const limit = MAX_BYTES[message.msgtype];
  let out = '';
  let bytes = 0;
  for (const ch of message.content) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > limit) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/** The webhook/send body WeCom expects. */
export function robotBody(message: RobotMessage): Record<string, unknown> {
  return { msgtype: message.msgtype, [message.msgtype]: { content: fitRobotContent(message) } };
}

/** A robot's key as WeCom hands it out (a UUID), alone or inside the webhook URL an admin copies. */
export const ROBOT_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

export interface WecomRobotCalls {
  /** POST /cgi-bin/webhook/send?key= → resolves once WeCom answers errcode 0; throws WecomError otherwise. */
  postRobot(key: string, message: RobotMessage): Promise<void>;
}

/** The real calls over the adapter's JSON request (no token: the key is in the query). */
export function createWecomRobotCalls(
  request: (path: string, params: Record<string, string>, body: Record<string, unknown>) => Promise<unknown>,
): WecomRobotCalls {
  return {
    async postRobot(key, message) {
      if (!ROBOT_KEY_PATTERN.test(key)) throw new WecomError({ reason: 'api', errcode: 93000, errmsg: 'invalid key' });
      await request('/cgi-bin/webhook/send', { key }, robotBody(message));
    },
  };
}

/** Offline: the posts are recorded, a key that is not a key is refused as WeCom would. */
export function createDemoWecomRobot(): WecomRobotCalls & {
  readonly robotPosts: readonly { key: string; body: Record<string, unknown> }[];
} {
  const robotPosts: { key: string; body: Record<string, unknown> }[] = [];
  return {
    robotPosts,
    async postRobot(key, message) {
      if (!ROBOT_KEY_PATTERN.test(key))
        throw new WecomError({ reason: 'api', errcode: 93000, errmsg: 'invalid webhook url' });
      robotPosts.push({ key, body: robotBody(message) });
    },
  };
}
