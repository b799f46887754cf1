import { HouseYsbPage } from '../../features/ysb/pages/house-ysb-page.tsx';
import { TeamYsbPage } from '../../features/ysb/pages/team-ysb-page.tsx';
import { YsbDetailPage } from '../../features/ysb/pages/ysb-detail-page.tsx';
import { YsbListPage } from '../../features/ysb/pages/ysb-list-page.tsx';
import { YsbPage } from '../../features/ysb/pages/ysb-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Staff's side of outside partners (易数宝, issue 11): one lazy chunk. */
export const pages: ChunkPages = {
  '/business/ysb': YsbPage,
  '/business/ysblist': YsbListPage,
  '/business/ysbdetail/:userid': YsbDetailPage,
  '/business/houseYsb/:id': HouseYsbPage,
  '/team/ysb': TeamYsbPage,
};
