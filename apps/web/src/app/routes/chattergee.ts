import { ChatterAddPage, ChatterAuthPage, ChatterPursePage } from '../../features/chattergee/pages/forms.tsx';
import { ChatterHomePage } from '../../features/chattergee/pages/home-page.tsx';
import { ChatterListPage, ChatterToolPage, ChatterUserPage } from '../../features/chattergee/pages/list-pages.tsx';
import { ChatterScriptsPage } from '../../features/chattergee/pages/scripts-page.tsx';
import { ChatterSendPage } from '../../features/chattergee/pages/send-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** The WeCom chat sidebar's wallet and points tool (decision 055); @wecom/jssdk lives in this chunk only. */
export const pages: ChunkPages = {
  '/chattergee/home': ChatterHomePage,
  '/chattergee/list/:id': ChatterListPage,
  '/chattergee/add/:id': ChatterAddPage,
  '/chattergee/tool': ChatterToolPage,
  '/chattergee/user': ChatterUserPage,
  '/chattergee/auth/:id': ChatterAuthPage,
  '/chattergee/purse/:id': ChatterPursePage,
  '/chattergee/send/:external_userid': ChatterSendPage,
  '/chattergee/scripts': ChatterScriptsPage,
};
