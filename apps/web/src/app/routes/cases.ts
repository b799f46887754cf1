import { AddPage } from '../../features/cases/pages/add-page.tsx';
import { AppealPage } from '../../features/cases/pages/appeal-page.tsx';
import { DetailPage } from '../../features/cases/pages/detail-page.tsx';
import { EditPage } from '../../features/cases/pages/edit-page.tsx';
import { MatchPage } from '../../features/cases/pages/match-page.tsx';
import { PoolPage } from '../../features/cases/pages/pool-page.tsx';
import { PendingAddPage } from '../../features/cases/pages/pending-add-page.tsx';
import { PendingDetailPage } from '../../features/cases/pages/pending-detail-page.tsx';
import { PendingPage } from '../../features/cases/pages/pending-page.tsx';
import { RejectPage } from '../../features/cases/pages/reject-page.tsx';
import { ServiceDetailPage } from '../../features/cases/pages/service-detail-page.tsx';
import { ServicePage } from '../../features/cases/pages/service-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/**
 * Instalment cases (issue 3): one lazy chunk. Statistics brings Chartist, so it is the `cases-stat` chunk; the
 * list is `cases-list`, so opening it does not download the detail's and the forms' code.
 */
export const pages: ChunkPages = {
  '/business/add': AddPage,
  '/business/detail/:id': DetailPage,
  '/business/edit': EditPage,
  '/business/reject': RejectPage,
  '/business/pending': PendingPage,
  '/business/pendingDetail/:id': PendingDetailPage,
  '/business/pendingAdd/:id': PendingAddPage,
  '/business/service': ServicePage,
  '/business/service_detail/:id': ServiceDetailPage,
  '/business/appeal': AppealPage,
  '/business/match': MatchPage,
  '/business/pool': PoolPage,
};
