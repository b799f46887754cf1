import { FinanceAuditPage } from '../../features/house/pages/finance-audit-page.tsx';
import { HouseAddPage } from '../../features/house/pages/house-add-page.tsx';
import { HouseBrokerageOrderListPage } from '../../features/house/pages/house-brokerage-order-list-page.tsx';
import { HouseBrokerageOrderPage } from '../../features/house/pages/house-brokerage-order-page.tsx';
import { HouseBrokeragePage } from '../../features/house/pages/house-brokerage-page.tsx';
import {
  HouseChannelAddPage,
  HouseChannelDetailPage,
  HouseChannelPage,
} from '../../features/house/pages/house-channel-pages.tsx';
import { HouseDetailPage } from '../../features/house/pages/house-detail-page.tsx';
import { HouseListPage } from '../../features/house/pages/house-list-page.tsx';
import {
  HouseBrokerageUserPage,
  HouseRecommendAddPage,
  HouseRecommendListPage,
} from '../../features/house/pages/house-people-pages.tsx';
import { HouseSetBrokeragePage } from '../../features/house/pages/house-set-brokerage-page.tsx';
import {
  HousePhotoPage,
  HouseSignCardPage,
  HouseSignDetailPage,
  HouseSignPage,
} from '../../features/house/pages/house-steward-pages.tsx';
import { TeamHouseChannelPage, TeamHousePage } from '../../features/house/pages/team-house-pages.tsx';
import { HouseUploadPage } from '../../features/house/pages/house-upload-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Home-loan business (issue 5), its team views included: one lazy chunk. */
export const pages: ChunkPages = {
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
  '/team/house': TeamHousePage,
  '/team/houseChannel': TeamHouseChannelPage,
};
