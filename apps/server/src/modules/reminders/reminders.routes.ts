import type { FastifyInstance } from 'fastify';
import { messageLogRequestSchema, messageLogResponseSchema } from '@crm/domain/api/reminders';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { RemindersService } from './reminders.service.ts';

/** The reminders' one call: the WeCom cards sent to the caller (decision 058). */
export async function remindersRoutes(root: FastifyInstance, { reminders }: { reminders: RemindersService }) {
  servePrincipals(root, ['staff']);
  const { get } = staffRoutes(root, ['reminders']);
  get(
    '/api/crm/messageLog',
    '我收到的企业微信提醒（消息记录）',
    messageLogRequestSchema,
    messageLogResponseSchema,
    (me, q) => reminders.sentTo(me, q),
  );
}
