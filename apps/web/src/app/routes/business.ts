import { AddPage } from '../../features/cases/pages/add-page.tsx';
import { AppealPage } from '../../features/cases/pages/appeal-page.tsx';
import { DetailPage } from '../../features/cases/pages/detail-page.tsx';
import { EditPage } from '../../features/cases/pages/edit-page.tsx';
import { ListPage } from '../../features/cases/pages/list-page.tsx';
import { PendingAddPage } from '../../features/cases/pages/pending-add-page.tsx';
import { PendingDetailPage } from '../../features/cases/pages/pending-detail-page.tsx';
import { PendingPage } from '../../features/cases/pages/pending-page.tsx';
import { RejectPage } from '../../features/cases/pages/reject-page.tsx';
import { ServiceDetailPage } from '../../features/cases/pages/service-detail-page.tsx';
import { ServicePage } from '../../features/cases/pages/service-page.tsx';
import { lazyPage } from './lazy-page.tsx';
import { MoneyPage } from '../../features/money/pages/money-page.tsx';
import { ProofPage } from '../../features/money/pages/proof-page.tsx';
import { UploadPage } from '../../features/money/pages/upload-page.tsx';
import { FinanceAuditPage } from '../../features/house/pages/finance-audit-page.tsx';
import { HouseAddPage } from '../../features/house/pages/house-add-page.tsx';
import { HouseBrokerageOrderListPage } from '../../features/house/pages/house-brokerage-order-list-page.tsx';
import { HouseBrokerageOrderPage } from '../../features/house/pages/house-brokerage-order-page.tsx';
import { HouseBrokeragePage } from '../../features/house/pages/house-brokerage-page.tsx';
import { HouseChannelAddPage, HouseChannelDetailPage, HouseChannelPage } from '../../features/house/pages/house-channel-pages.tsx';
import { HouseDetailPage } from '../../features/house/pages/house-detail-page.tsx';
import { HouseListPage } from '../../features/house/pages/house-list-page.tsx';
import { HouseBrokerageUserPage, HouseRecommendAddPage, HouseRecommendListPage } from '../../features/house/pages/house-people-pages.tsx';
import { HouseSetBrokeragePage } from '../../features/house/pages/house-set-brokerage-page.tsx';
import { HousePhotoPage, HouseSignCardPage, HouseSignDetailPage, HouseSignPage } from '../../features/house/pages/house-steward-pages.tsx';
import { HouseUploadPage } from '../../features/house/pages/house-upload-page.tsx';
import type { SectionPages } from './section-pages.ts';

/** The business section's pages (one lazy chunk). Pages are added here as their features are built. */
export const pages: SectionPages = {
  // Instalment cases (issue 3). Statistics brings Chartist, so it is a chunk of its own.
  '/business/add': AddPage,
  '/business/list': ListPage,
  '/business/detail/:id': DetailPage,
  '/business/edit': EditPage,
  '/business/reject': RejectPage,
  '/business/pending': PendingPage,
  '/business/pendingDetail/:id': PendingDetailPage,
  '/business/pendingAdd/:id': PendingAddPage,
  '/business/service': ServicePage,
  '/business/service_detail/:id': ServiceDetailPage,
  '/business/appeal': AppealPage,
  '/business/stat': lazyPage(() => import('../../features/cases/pages/stat-page.tsx').then((m) => ({ default: m.StatPage }))),
  '/business/money': MoneyPage,
  '/business/upload': UploadPage,
  '/business/proof': ProofPage,
  // Home-loan business (issue 5).
  '/business/house': HouseListPage,
  '/business/houseAdd': HouseAddPage,
  '/business/houseDetail/:father/:id': HouseDetailPage,
  '/business/houseUpload/:id/:house_type': HouseUploadPage,
  '/business/houseSetBrokerage/:father/:id': HouseSetBrokeragePage,
  '/business/houseChannel': HouseChannelPage,
  '/business/houseChannelAdd': HouseChannelAddPage,
  '/business/houseChannelDetail/:id': HouseChannelDetailPage,
  '/business/houseRecommendAdd': HouseRecommendAddPage,
  '/business/houseRecommendList': HouseRecommendListPage,
  '/business/houseBrokerageUser': HouseBrokerageUserPage,
  '/business/houseBrokerage': HouseBrokeragePage,
  '/business/houseBrokerageOrder': HouseBrokerageOrderPage,
  '/business/houseBrokerageOrderList/:param': HouseBrokerageOrderListPage,
  '/business/financeAudit': FinanceAuditPage,
  '/business/houseSign': HouseSignPage,
  '/business/houseSignDetail/:id': HouseSignDetailPage,
  '/business/housePhoto': HousePhotoPage,
  '/business/houseSignCard': HouseSignCardPage,
};
