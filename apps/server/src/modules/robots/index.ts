import { maskPersonalData } from '@crm/domain/faq';
import { ROBOT_EVENTS, type RobotEvent } from '@crm/domain/api/robots';
import type { Tx } from '../../db/client.ts';
import { enqueueReminder } from '../reminders/index.ts';
import { robotsHearing } from './robots.repository.ts';
import { ROBOT_TEXTS } from './robots.texts.ts';

/*
 * The public surface of modules/robots (issue 50 point 4, decision 076): another module announces an event in the
 * transaction of the change; each robot that hears it gets a job of the durable queue, posted and retried there.
 */

export { createRobotsRepository } from './robots.repository.ts';
export { createRobotsService, type RobotsService } from './robots.service.ts';
export { robotsRoutes } from './robots.routes.ts';

/** The words of a post, for the module that announces one. */
export const robotTexts = ROBOT_TEXTS;

export interface RobotAnnouncement {
  corpId: number;
  /** The team of the case: its team's robots hear it, besides the company's. */
  teamId: number | null;
  event: RobotEvent;
  /** Unique per event (a case event's id, say): announcing one event twice queues it once. */
  eventKey: string;
  /** The post's facts, label and value; a name goes in masked (王**), never a phone or an ID number. */
  facts: readonly (readonly [string, string])[];
  at: Date;
}

/**
 * Queues the event's post for each robot that hears it, in the caller's transaction; answers how many. The text
 * goes through the personal-data mask whatever the caller put in it: a phone or an ID number that slipped into a
 * fact (a client's name typed as their phone, say) leaves as 138****5678.
 */
export async function announce(tx: Tx, event: RobotAnnouncement): Promise<number> {
  const robots = await robotsHearing(tx, event.corpId, event.teamId, event.event);
  const content = maskPersonalData(ROBOT_TEXTS.post(event.event, event.facts));
  for (const robot of robots) {
    await enqueueReminder(tx, {
      corpId: event.corpId,
      kind: 'robot-post',
      eventKey: `${event.event}:${event.eventKey}:${robot.id}`,
      recipientId: null,
      card: { title: ROBOT_EVENTS[event.event], description: content, path: '' },
      robotId: robot.id,
      runAt: event.at,
      createdAt: event.at,
    });
  }
  return robots.length;
}
