import { OutsideAccountPage } from '../../features/outside/pages/account-page.tsx';
import { OutsideAddPage } from '../../features/outside/pages/add-page.tsx';
import { OutsideChannelPage } from '../../features/outside/pages/channel-page.tsx';
import { OutsideDetailPage } from '../../features/outside/pages/detail-page.tsx';
import { OutsideIndexPage } from '../../features/outside/pages/index-page.tsx';
import { OutsideListPage } from '../../features/outside/pages/list-page.tsx';
import { OutsideLoginPage } from '../../features/outside/pages/login-page.tsx';
import { OutsidePartnerPage } from '../../features/outside/pages/partner-page.tsx';
import { OutsideProductPage } from '../../features/outside/pages/product-page.tsx';
import { OutsideRegisterPage } from '../../features/outside/pages/register-page.tsx';
import { OutsideTeamPage } from '../../features/outside/pages/team-page.tsx';
import { OutsideWorkPage } from '../../features/outside/pages/work-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The partner portal (issue 11): one lazy chunk, its own session (a partner's, not staff). */
export const pages: ChunkPages = {
  '/outside/index/:openid?': OutsideIndexPage,
  '/outside/register': OutsideRegisterPage,
  '/outside/add': OutsideAddPage,
  '/outside/list': OutsideListPage,
  '/outside/detail/:id': OutsideDetailPage,
  '/outside/partner': OutsidePartnerPage,
  '/outside/team': OutsideTeamPage,
  '/outside/product': OutsideProductPage,
  '/outside/account': OutsideAccountPage,
  '/outside/channel': OutsideChannelPage,
  '/outside/work': OutsideWorkPage,
  '/outside/login': OutsideLoginPage,
};
