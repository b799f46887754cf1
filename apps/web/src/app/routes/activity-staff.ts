import { ActivityDataPage } from '../../features/activity/pages/activity-data-page.tsx';
import { ActivityPage } from '../../features/activity/pages/activity-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The staff's side of the marketing activities (decision 056), from the home card's 营销活动 tile. */
export const pages: ChunkPages = {
  '/business/activity': ActivityPage,
  '/business/activityData/:id': ActivityDataPage,
};
