import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { RemindersService } from './reminders.service.ts';
import * as E from '@crm/domain/endpoints/reminders';

/** The reminders' one call: the WeCom cards sent to the caller (decision 058). */
export async function remindersRoutes(root: FastifyInstance, { reminders }: { reminders: RemindersService }) {
  servePrincipals(root, ['staff']);
  const { get } = staffRoutes(root, ['reminders']);
  get(E.messageLog, (me, q) => reminders.sentTo(me, q));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the job queue (reminders and tasks): the server's loop in production, a test's call. */
    drainJobs: () => Promise<number>;
  }
}
