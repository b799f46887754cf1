import { TeamHouseChannelPage, TeamHousePage } from '../../features/house/pages/team-house-pages.tsx';
import type { SectionPages } from './section-pages.ts';

/** The team section's pages (one lazy chunk). Pages are added here as their features are built. */
export const pages: SectionPages = {
  '/team/house': TeamHousePage,
  '/team/houseChannel': TeamHouseChannelPage,
};
