import type { Db } from '../../db/client.ts';
import { activitiesOn } from '../activity/index.ts';
import { audienceChoices, filingsByIds } from '../chatter/index.ts';
import { createGroupSendRepository } from './groupsend.repository.ts';
import { createGroupSendService } from './groupsend.service.ts';
import type { WecomAdapter } from '../../adapters/wecom/index.ts';
import type { Clock } from '../../clock.ts';

/* The public surface of modules/groupsend: group sends to customers (群发, issue 50 point 2, decision 080). */
export { groupSendRoutes } from './groupsend.routes.ts';
export { chinaMonth, type GroupSendService } from './groupsend.service.ts';

/** The service on the database, with the customer files (modules/chatter) and activities (modules/activity). */
export const createGroupSend = (deps: { db: Db; wecom: WecomAdapter; now: Clock; publicUrl: string }) =>
  createGroupSendService({
    repo: createGroupSendRepository(deps.db),
    wecom: deps.wecom,
    now: deps.now,
    publicUrl: deps.publicUrl,
    activitiesOn: (corpId, at) => activitiesOn(deps.db, corpId, at),
    choices: (corpId, teamId) => audienceChoices(deps.db, corpId, teamId),
    filings: (corpId, ids) => filingsByIds(deps.db, corpId, ids),
  });
