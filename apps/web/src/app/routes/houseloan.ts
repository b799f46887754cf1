import { HouseloanAddPage } from '../../features/houseloan/pages/add-page.tsx';
import { HouseloanAuthPage } from '../../features/houseloan/pages/auth-page.tsx';
import { HouseloanBestDetailPage, HouseloanBestListPage } from '../../features/houseloan/pages/best-pages.tsx';
import { HouseloanDetailPage } from '../../features/houseloan/pages/detail-page.tsx';
import { HouseloanHomePage } from '../../features/houseloan/pages/home-page.tsx';
import { HouseloanPhotoPage, HouseloanListPage } from '../../features/houseloan/pages/list-page.tsx';
import { HouseloanLoginPage } from '../../features/houseloan/pages/login-page.tsx';
import { HouseloanMinePage } from '../../features/houseloan/pages/mine-page.tsx';
import { HouseloanWaitPage } from '../../features/houseloan/pages/wait-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The home-loan channel portal (issue 12): one lazy chunk, its own session (a channel agent's, not staff). */
export const pages: ChunkPages = {
  '/houseloan/login': HouseloanLoginPage,
  '/houseloan/home/:openid': HouseloanHomePage,
  '/houseloan/add/:type': HouseloanAddPage,
  '/houseloan/auth/:id/:type': HouseloanAuthPage,
  '/houseloan/photo': HouseloanPhotoPage,
  '/houseloan/wait': HouseloanWaitPage,
  '/houseloan/mine': HouseloanMinePage,
  '/houseloan/list': HouseloanListPage,
  '/houseloan/detail/:id': HouseloanDetailPage,
  '/houseloan/bestList': HouseloanBestListPage,
  '/houseloan/bestDetail/:id': HouseloanBestDetailPage,
};
