import { lazyPage } from './lazy-page.tsx';
import { TeamHouseChannelPage, TeamHousePage } from '../../features/house/pages/team-house-pages.tsx';
import type { SectionPages } from './section-pages.ts';

/** The team section's pages (one lazy chunk). Pages are added here as their features are built. */
export const pages: SectionPages = {
  // Team data brings Chartist: a chunk of its own, so /team/appeal does not download it.
  '/team/list': lazyPage(() => import('../../features/team/pages/team-list-page.tsx').then((m) => ({ default: m.TeamListPage }))),
  '/team/appeal': lazyPage(() => import('../../features/team/pages/team-appeal-page.tsx').then((m) => ({ default: m.TeamAppealPage }))),
  '/team/house': TeamHousePage,
  '/team/houseChannel': TeamHouseChannelPage,
};
