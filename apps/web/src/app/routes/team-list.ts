import { TeamListPage } from '../../features/team/pages/team-list-page.tsx';
import { ViewLogPage } from '../../features/team/pages/view-log-page.tsx';
import { GroupSendDetailPage } from '../../features/groupsend/pages/group-send-detail-page.tsx';
import { GroupSendPage } from '../../features/groupsend/pages/group-send-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/**
 * Team data: a chunk of its own because it brings Chartist, which /team/appeal does not need. The leader's group
 * sends (decision 080) ride along: a chunk of their own would cost the login route's bundle another entry.
 */
export const pages: ChunkPages = {
  '/team/list': TeamListPage,
  '/team/viewLog': ViewLogPage,
  '/team/groupSend': GroupSendPage,
  '/team/groupSend/:id': GroupSendDetailPage,
};
