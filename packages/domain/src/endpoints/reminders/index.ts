import { messageLogRequestSchema, messageLogResponseSchema } from '../../api/reminders.ts';
import { endpoint } from '../index.ts';

/* The reminder messages of the signed-in user. */

export const messageLog = endpoint({
  path: '/api/crm/messageLog',
  summary: '我收到的企业微信提醒（消息记录）',
  request: messageLogRequestSchema,
  response: messageLogResponseSchema,
});
