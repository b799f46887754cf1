import { TeamListPage } from '../../features/team/pages/team-list-page.tsx';
import { ViewLogPage } from '../../features/team/pages/view-log-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Team data: a chunk of its own because it brings Chartist, which /team/appeal does not need. */
export const pages: ChunkPages = {
  '/team/list': TeamListPage,
  '/team/viewLog': ViewLogPage,
};
